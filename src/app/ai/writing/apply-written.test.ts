import { describe, expect, it } from 'vitest';
import type { WritingJobSection } from './api/writing-api';
import { applyWrittenSections } from './apply-written';

function written(
  sectionIndex: number,
  sectionTitle: string,
  content: string,
  status: WritingJobSection['status'] = 'completed',
): WritingJobSection {
  return {
    sectionIndex,
    sectionNumber: '',
    sectionTitle,
    sectionLevel: 2,
    status,
    content,
    customInstructions: null,
    citations: [],
    flags: [],
    error: null,
    startedAt: null,
    completedAt: null,
  };
}

const PAPER = [
  '# One',
  '## Background',
  'Old A.',
  '# Two',
  '## Background',
  'Old B.',
  '## Results',
].join('\n\n');

describe('applyWrittenSections', () => {
  it('puts each text in its own section even when titles repeat, leaving the rest alone', () => {
    const result = applyWrittenSections(PAPER, [
      written(3, 'Background', 'New B.'),
      written(4, 'Results', 'New results.\n\n### A subsection of its own\n\nMore.'),
      written(1, 'Background', 'Failed text.', 'failed'),
    ]);
    expect(result.missing).toEqual([]);
    expect(result.markdown).toBe(
      [
        '# One',
        '## Background',
        'Old A.',
        '# Two',
        '## Background',
        'New B.',
        '## Results',
        'New results.',
        '### A subsection of its own',
        'More.',
      ].join('\n\n'),
    );
  });

  it('reports a section that is no longer in the paper', () => {
    const result = applyWrittenSections(PAPER, [written(9, 'Conclusion', 'Text.')]);
    expect(result).toEqual({ markdown: PAPER, missing: ['Conclusion'] });
  });
});
