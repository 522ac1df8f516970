import { describe, expect, it } from 'vitest';
import { splitSections } from '../../shared/document/sections';
import { applyRewrites, mergeCitations, startBody, treeSections } from './rewrite-plan';

const PAPER = [
  '# Title',
  '## Intro',
  'Intro text.',
  '## Empty',
  '# Part two',
  '## Intro',
  'Second intro.',
].join('\n\n');

describe('the Rewrite Paper plan', () => {
  it('lists the numbered sections with their index; repeated numbers stay apart', () => {
    const tree = treeSections(PAPER);
    expect(tree.map((s) => [s.sectionIndex, s.sectionNumber, s.sectionTitle, s.empty])).toEqual([
      [1, '1', 'Intro', false],
      [2, '2', 'Empty', true],
      [4, '1', 'Intro', false],
    ]);
  });

  it('asks to rewrite the selected sections with text, with custom tasks where changed', () => {
    const sections = treeSections(PAPER);
    const body = startBody({
      paper: { id: 'p', type: 'scientific' },
      sections,
      selected: new Set([2, 4]),
      tasks: new Map([[4, { instructions: 'Be brief.', enableLiteratureSearch: false }]]),
      allReferences: [],
    });
    expect(body.sections.map((s) => s.shouldRewrite)).toEqual([false, false, true]);
    expect(body.tasks).toEqual([
      {
        sectionIndex: 4,
        sectionNumber: '1',
        type: 'rewrite_custom',
        customInstructions: 'Be brief.',
        enableLiteratureSearch: false,
      },
    ]);
  });

  it('writes results into their sections, keeping text typed into one since', () => {
    const { markdown, skipped } = applyRewrites(PAPER, [
      { sectionIndex: 4, originalContent: 'Second intro.', content: 'New second [ref_abcd1234].' },
      { sectionIndex: 1, originalContent: 'Something else.', content: 'New first.' },
    ]);
    expect(skipped).toEqual([]);
    expect(splitSections(markdown)[4]?.contentMarkdown).toBe('New second [ref_abcd1234].');
    expect(splitSections(markdown)[1]?.contentMarkdown).toBe('New first.\n\nIntro text.');
  });

  it('adds the new works to the paper’s citations, the newer check replacing the older', () => {
    const merged = mergeCitations(
      [{ refId: 'ref_a', certainty: 0.2 }, { refId: 'ref_b' }],
      [{ refId: 'ref_a', certainty: 0.9 } as { refId: string }, { refId: 'ref_c' }],
    );
    expect(merged).toEqual([
      { refId: 'ref_a', certainty: 0.9 },
      { refId: 'ref_b' },
      { refId: 'ref_c' },
    ]);
  });
});
