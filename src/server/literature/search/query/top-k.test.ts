import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TopK } from './top-k';

describe('TopK', () => {
  it('keeps the k best, best first, preferring the lower ordinal on ties', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 })),
        fc.integer({ min: 1, max: 12 }),
        (scores, k) => {
          const top = new TopK(k);
          scores.forEach((score, doc) => top.offer(doc, score));
          const expected = scores
            .map((score, doc) => ({ doc, score }))
            .sort((a, b) => b.score - a.score || a.doc - b.doc)
            .slice(0, k);
          expect(top.drain()).toEqual(expected);
        },
      ),
    );
  });

  it('reports a threshold only once full', () => {
    const top = new TopK(2);
    top.offer(1, 5);
    expect(top.threshold).toBe(-Infinity);
    top.offer(2, 3);
    top.offer(3, 4);
    expect(top.threshold).toBe(4);
  });
});
