import { describe, expect, it } from 'vitest';
import { markdownWithCaret, stateWithCaret } from '../testing/caret-state';
import { citationInsertion } from './insert-citation';

function cite(markdown: string, refIds = ['ref_abc12345']): string {
  const state = stateWithCaret(markdown);
  const tr = citationInsertion(state, refIds);
  return markdownWithCaret(tr ? state.apply(tr) : state);
}

describe('citationInsertion', () => {
  it('keeps a space on each side where prose continues', () => {
    expect(cite('Exercise increases |muscle mass.')).toBe(
      'Exercise increases [ref_abc12345] |muscle mass.',
    );
    expect(cite('Exercise increases|muscle mass.')).toBe(
      'Exercise increases [ref_abc12345] |muscle mass.',
    );
  });

  it('adds no space before punctuation or at the end of the paragraph', () => {
    expect(cite('Exercise increases muscle mass|.')).toBe(
      'Exercise increases muscle mass [ref_abc12345]|.',
    );
    expect(cite('Exercise increases |')).toBe('Exercise increases [ref_abc12345]|');
  });

  it('joins a citation right before the cursor', () => {
    expect(cite('A claim [ref_abc12345]|.', ['ref_def67890'])).toBe(
      'A claim [ref_abc12345; ref_def67890]|.',
    );
  });

  it('ignores ids that are not reference ids', () => {
    expect(cite('A claim|.', ['not-an-id'])).toBe('A claim|.');
  });
});
