import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff';

const sideText = (before: string, after: string, side: 'before' | 'after') =>
  wordDiff(before, after)
    .filter((change) => (side === 'before' ? !change.added : !change.removed))
    .map((change) => change.value)
    .join('');

describe('wordDiff', () => {
  it('keeps each side’s block boundaries when a line break changes', () => {
    const saved = '# Results\n\nThe effect was small.\n\n- one\n- two';
    const autosaved = '# Results in adults\nThe effect was larger.\n\n- one\n- three';
    expect(sideText(saved, autosaved, 'before')).toBe(saved);
    expect(sideText(saved, autosaved, 'after')).toBe(autosaved);
  });

  it('marks only the words that changed', () => {
    const changed = wordDiff('The effect was small.', 'The effect was large.').filter(
      (change) => change.added || change.removed,
    );
    expect(changed.map((change) => change.value)).toEqual(['small', 'large']);
  });
});
