import { describe, expect, it } from 'vitest';
import { unchangedReason } from './write-offline';

describe('why an offline rewrite changed nothing', () => {
  it('names a section that holds only its purpose', () => {
    expect(unchangedReason('[[Explain why sleep matters.]]', true, { searched: 0 })).toMatch(
      /this section has none yet \(its purpose is a guide, not text to rewrite\)/,
    );
    expect(unchangedReason('', true, { searched: 0 })).toMatch(/has none yet/);
  });

  it('names a literature search that is off, and sentences too short or already cited', () => {
    const prose = 'Sleep consolidates the memories of adolescents after learning.';
    expect(unchangedReason(prose, false, { searched: 0 })).toMatch(/literature search is off/);
    expect(unchangedReason('Short one.', true, { searched: 0 })).toMatch(
      /sentences of 6 words or more that cite nothing yet/,
    );
  });

  it('says nothing once a sentence was searched (the search result speaks for itself)', () => {
    expect(unchangedReason('Any text at all here.', true, { searched: 1 })).toBeNull();
  });
});
