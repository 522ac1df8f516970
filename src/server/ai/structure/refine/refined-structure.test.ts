import { describe, expect, it } from 'vitest';
import { refinedStructure, type RefineCheckpoint } from './refined-structure';

const work = (refId: string) => ({ refId, title: refId, authors: [], year: null });

function checkpoint(changes: Partial<RefineCheckpoint>): RefineCheckpoint {
  return {
    level: 2,
    title: 'Intro',
    purpose: '',
    works: [],
    refinable: true,
    status: 'completed',
    subsections: [],
    error: null,
    ...changes,
  };
}

describe('refinedStructure', () => {
  it('puts each heading’s subsections after it and keeps failed or kept headings as they were', () => {
    const result = refinedStructure(
      'Paper',
      [
        checkpoint({
          title: 'Intro',
          subsections: [
            { level: 3, title: 'A', purpose: 'a', works: [work('ref_1'), work('ref_2')] },
            { level: 3, title: 'B', purpose: 'b', works: [work('ref_2')] },
          ],
        }),
        checkpoint({ title: 'Methods', status: 'failed', error: 'bad' }),
        checkpoint({ level: 5, title: 'Deep', refinable: false }),
      ],
      false,
    );
    expect(result.content).toBe(
      '# Paper\n\n## Intro\n\n### A\n\n### B\n\n## Methods\n\n##### Deep',
    );
    expect(result.sections.map((s) => s.title)).toEqual(['Intro', 'A', 'B', 'Methods', 'Deep']);
    expect(result.refinedSections.map((s) => [s.sectionTitle, s.status, s.error])).toEqual([
      ['Intro', 'completed', null],
      ['Methods', 'failed', 'bad'],
    ]);
    expect(result.refinedSections[0]?.articles.map((w) => w.refId)).toEqual(['ref_1', 'ref_2']);
  });

  it('never duplicates a heading: a subsection repeating one, or an earlier subsection, is left out', () => {
    // Issue 33 item 9: 'Limitations' was refined into the Discussion's own subsections.
    const discussionParts = [
      { level: 3, title: 'Interpretation of Findings', purpose: 'i', works: [work('ref_1')] },
      { level: 3, title: 'Implications', purpose: 'm', works: [work('ref_2')] },
    ];
    const result = refinedStructure(
      'Paper',
      [
        checkpoint({ title: 'Discussion', subsections: discussionParts }),
        checkpoint({
          level: 3,
          title: 'Limitations',
          subsections: [
            ...discussionParts.map((part) => ({ ...part, level: 4 })),
            { level: 4, title: '  interpretation of  FINDINGS ', purpose: 'x', works: [] },
            { level: 4, title: 'Conclusion', purpose: 'c', works: [] },
            { level: 4, title: 'Limits of the Data', purpose: 'd', works: [work('ref_3')] },
          ],
        }),
        checkpoint({ title: 'Conclusion', subsections: [] }),
      ],
      true,
    );
    const titles = result.sections.map((section) => section.title.toLowerCase().trim());
    expect(new Set(titles).size).toBe(titles.length);
    expect(result.sections.map((section) => section.title)).toEqual([
      'Discussion',
      'Interpretation of Findings',
      'Implications',
      'Limitations',
      'Limits of the Data',
      'Conclusion',
    ]);
    const limitations = result.refinedSections[1];
    expect(limitations?.subsections.map((sub) => sub.title)).toEqual(['Limits of the Data']);
    expect(limitations?.articles.map((w) => w.refId)).toEqual(['ref_3']);
  });
});
