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
});
