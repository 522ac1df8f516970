import { describe, expect, it } from 'vitest';
import {
  MAX_AUTO_MERGE_DOCS,
  MAX_SEGMENT_BYTES,
  MERGE_FACTOR,
  pickMerge,
  planFullMerge,
} from './merge-policy';

const shape = (docs: number, deadDocs = 0, bytes = docs * 100) => ({ docs, deadDocs, bytes });

describe('merge policy', () => {
  it('merges the newest tier once it holds MERGE_FACTOR segments', () => {
    const small = Array.from({ length: MERGE_FACTOR - 1 }, () => shape(1000));
    expect(pickMerge([shape(500_000), ...small])).toBeNull();
    expect(pickMerge([shape(500_000), ...small, shape(1000)])).toEqual({ start: 1, end: 5 });
  });

  it('leaves merges beyond the automatic size limit to optimize()', () => {
    const big = Array.from({ length: MERGE_FACTOR }, () => shape(MAX_AUTO_MERGE_DOCS / 2));
    expect(pickMerge(big)).toBeNull();
    expect(pickMerge([shape(MAX_AUTO_MERGE_DOCS * 2, MAX_AUTO_MERGE_DOCS)])).toBeNull();
    expect(planFullMerge(big)).toEqual([{ start: 0, end: MERGE_FACTOR }]);
  });

  it('rewrites a segment that lost more than a third of its documents', () => {
    expect(pickMerge([shape(100_000, 40_000), shape(1000)])).toEqual({ start: 0, end: 1 });
    expect(pickMerge([shape(100_000, 20_000), shape(1000)])).toBeNull();
  });

  it('plans a full merge within the size limit', () => {
    const half = MAX_SEGMENT_BYTES / 2 + 1;
    expect(planFullMerge([shape(10), shape(10), shape(10)])).toEqual([{ start: 0, end: 3 }]);
    expect(planFullMerge([shape(10, 0, half), shape(10, 0, half), shape(10)])).toEqual([
      { start: 1, end: 3 },
    ]);
    expect(planFullMerge([shape(10)])).toEqual([]);
    expect(planFullMerge([shape(10, 2)])).toEqual([{ start: 0, end: 1 }]);
  });
});
