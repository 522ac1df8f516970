import { describe, expect, it } from 'vitest';
import { markdownWithCaret, stateWithCaret } from '../testing/caret-state';
import { spacedTypingAfterCitation } from './citation-spacing';

function type(markdown: string, text: string): string {
  const state = stateWithCaret(markdown);
  const { from, to } = state.selection;
  const tr = spacedTypingAfterCitation(state, from, to, text) ?? state.tr.insertText(text);
  return markdownWithCaret(state.apply(tr));
}

describe('spacedTypingAfterCitation', () => {
  it('puts a space between a citation and a word typed right after it', () => {
    expect(type('Exercise increases [ref_abc12345]|', 'i')).toBe(
      'Exercise increases [ref_abc12345] i|',
    );
    expect(type('Rose by [ref_abc12345]|', '1')).toBe('Rose by [ref_abc12345] 1|');
  });

  it('leaves punctuation, spaces and typing elsewhere as typed', () => {
    expect(type('A claim [ref_abc12345]|', '.')).toBe('A claim [ref_abc12345].|');
    expect(type('A claim [ref_abc12345]|', ' ')).toBe('A claim [ref_abc12345] |');
    expect(type('A claim|', 's')).toBe('A claims|');
  });
});
