import { describe, expect, it } from 'vitest';
import type { Paper } from '../../../shared/papers/paper';
import { findRecovery } from './recovery';

const paper: Paper = {
  role: 'owner',
  id: 'p1',
  title: 'Saved title',
  type: 'scientific',
  description: '',
  methodology: '',
  field: '',
  content: 'Saved text.',
  citations: [],
  language: 'en',
  citation_style: 'apa',
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  autosave_title: null,
  autosave_content: null,
  autosaved_at: null,
};

const local = (content: string, writtenAt = '2026-11-22T11:00:00.000Z') => ({
  title: 'Saved title',
  content,
  baseUpdatedAt: paper.updated_at,
  writtenAt,
});

describe('findRecovery', () => {
  it('offers nothing without unsaved copies, or when they equal the saved paper', () => {
    expect(findRecovery(paper, null)).toBeNull();
    expect(findRecovery(paper, local('Saved text.'))).toBeNull();
    expect(findRecovery({ ...paper, autosave_content: 'Saved text.' }, null)).toBeNull();
  });

  it("offers this browser's draft when there is no server autosave", () => {
    expect(findRecovery(paper, local('Saved text. Typed.'))).toEqual({
      saved: { title: 'Saved title', content: 'Saved text.' },
      unsaved: { title: 'Saved title', content: 'Saved text. Typed.' },
    });
  });

  it('offers whichever unsaved copy was written last', () => {
    const autosaved = {
      ...paper,
      autosave_content: 'Saved text. From the server.',
      autosaved_at: '2026-11-22T12:00:00.000Z',
    };
    expect(findRecovery(autosaved, local('Saved text. Older local.'))?.unsaved.content).toBe(
      'Saved text. From the server.',
    );
    expect(
      findRecovery(autosaved, local('Saved text. Newer local.', '2026-11-22T13:00:00.000Z'))
        ?.unsaved.content,
    ).toBe('Saved text. Newer local.');
  });

  it('takes a newer copy equal to the saved paper as nothing unsaved', () => {
    const autosaved = {
      ...paper,
      autosave_content: 'Old autosave.',
      autosaved_at: paper.updated_at,
    };
    expect(findRecovery(autosaved, local('Saved text.'))).toBeNull();
  });
});
