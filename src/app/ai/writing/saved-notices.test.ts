import { describe, expect, it } from 'vitest';
import { savedNotices } from './saved-notices';

const section = (sectionTitle: string, changes: object = {}) => ({
  sectionIndex: 1,
  sectionNumber: '2',
  sectionTitle,
  status: 'merged' as const,
  keptEdits: 0,
  keptReferenceList: false,
  ...changes,
});

describe('savedNotices', () => {
  it('says nothing when every section was written as planned', () => {
    expect(savedNotices([section('Methods')])).toBeNull();
  });

  it('names the sections where typing was kept and those no longer in the paper', () => {
    expect(
      savedNotices([
        section('Methods', { keptEdits: 2 }),
        section('Results', { status: 'missing' }),
      ]),
    ).toBe(
      'These sections were no longer in the paper and were not saved: Results\n' +
        'Section 2 Methods: You edited this section while the AI wrote it: your text was kept',
    );
  });
});
