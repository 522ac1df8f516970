import { describe, expect, it } from 'vitest';
import { emptyWork, type CitedWork } from '../../../shared/citations/work';
import { reviewCitations } from './citation-review';

function cited(refId: string, certainty: number | null): CitedWork {
  return {
    ...emptyWork({ refId, id: refId, title: refId }),
    similarity_score: null,
    certainty,
    reasoning: null,
    evidence: null,
  };
}

describe('reviewCitations', () => {
  const content = [
    'Open access raises citations [ref_strong1]. The effect is small [ref_weak0001; ref_strong1].',
    '',
    'Later studies disagree.',
  ].join('\n');

  it('flags the sentences citing a work at or below the low-certainty threshold', () => {
    const flags = reviewCitations(
      content,
      [cited('ref_strong1', 0.9), cited('ref_weak0001', 0.5)],
      [],
    );
    expect(flags).toEqual([
      {
        sentence: 'The effect is small [ref_weak0001; ref_strong1].',
        kind: 'weak',
        refIds: ['ref_weak0001'],
      },
    ]);
  });

  it('raises nothing for a work whose certainty is unknown', () => {
    expect(reviewCitations(content, [cited('ref_weak0001', null)], [])).toEqual([]);
  });

  it('flags the sentence that lost a made-up citation, found by its claim', () => {
    const flags = reviewCitations(content, [], ['Later studies disagree.', 'Gone sentence.']);
    expect(flags).toEqual([
      { sentence: 'Later studies disagree.', kind: 'removed', refIds: [] },
      { sentence: 'Gone sentence.', kind: 'removed', refIds: [] },
    ]);
  });
});
