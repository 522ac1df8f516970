import { describe, expect, it } from 'vitest';
import { makeWork } from '../../citations/test-fixtures';
import { withCitedWorks } from './gather-evidence';

describe('withCitedWorks', () => {
  const cited = makeWork({ refId: 'ref_cited001', title: 'Cited and found' });
  const citedOnly = makeWork({ refId: 'ref_cited002', title: 'Cited, not found' });
  const found = { ...makeWork({ refId: 'ref_found001', title: 'Found' }), similarity_score: 0.7 };

  it('puts cited works first, keeping the score the search gave them, and none when it did not find them', () => {
    const merged = withCitedWorks([cited, citedOnly], [found, { ...cited, similarity_score: 0.4 }]);
    expect(merged.map((work) => [work.refId, work.similarity_score])).toEqual([
      ['ref_cited001', 0.4],
      ['ref_cited002', null],
      ['ref_found001', 0.7],
    ]);
  });
});
