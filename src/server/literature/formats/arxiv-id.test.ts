import { describe, expect, it } from 'vitest';
import { repairArxivId } from './arxiv-id';

describe('repairArxivId', () => {
  it.each([
    ['903.2544', '0903.2544'],
    ['704.0392', '0704.0392'],
    ['704.03', '0704.0300'],
    ['1001.07', '1001.0700'],
    ['1806.0769800000001', '1806.07698'],
    ['1806.0769799999999', '1806.07698'],
    ['1503.0123', '1503.01230'],
    ['1706.03762', '1706.03762'],
    ['0903.2544', '0903.2544'],
    ['1001.0036', '1001.0036'],
  ])('%s → %s', (input, expected) => {
    expect(repairArxivId(input)).toBe(expected);
  });

  it('leaves old-style and versioned ids and non-ids alone', () => {
    for (const id of ['hep-lat/9207011', 'math.GT/0309136', '1706.03762v5', '1234.5678', '99.1']) {
      expect(repairArxivId(id)).toBe(id);
    }
  });
});
