import { describe, expect, it } from 'vitest';
import { inlineSummary, inlineTokens } from '../testing/tokens';
import { encodeCommentNote, scanCommentNote } from './comment';

describe('comment rule', () => {
  it('reads a note up to the first unescaped ]]', () => {
    expect(scanCommentNote('[[a note]] x', 0)).toEqual({ end: 10, comment: 'a note' });
    expect(scanCommentNote('[[a \\] b \\\\]]', 0)?.comment).toBe('a ] b \\');
    expect(scanCommentNote('[[a [b]]', 0)).toBeNull();
    expect(scanCommentNote('[[unclosed', 0)).toBeNull();
  });

  it('encodes notes so they read back unchanged', () => {
    for (const note of [
      'plain',
      'a ] b',
      'x]]',
      '[[y',
      'ends with \\',
      '\\]',
      'a\\b',
      'use `x]]`',
      '$$a]]$$',
    ]) {
      const encoded = `[[${encodeCommentNote(note)}]]`;
      expect(scanCommentNote(encoded, 0), note).toEqual({ end: encoded.length, comment: note });
    }
  });

  it('marks bracketed text with the note that follows it', () => {
    const tokens = inlineTokens('a [commented **text**][[why?]] b');
    expect(tokens.map((token) => token.type)).toEqual([
      'text',
      'comment_open',
      'text',
      'strong_open',
      'text',
      'strong_close',
      'comment_close',
      'text',
    ]);
    expect(tokens[1]?.meta).toEqual({ comment: 'why?' });
  });

  it('reads a bare [[note]] as a comment on the note itself', () => {
    const tokens = inlineTokens('x [[check this]]');
    expect(tokens.map((token) => token.type)).toEqual([
      'text',
      'comment_open',
      'text',
      'comment_close',
    ]);
    expect(tokens[1]?.meta).toEqual({ comment: 'check this' });
    expect(tokens[2]?.content).toBe('check this');
  });

  it('treats [[ref_…]] as a citation in stray brackets', () => {
    expect(inlineSummary('[[ref_abc12345]]')).toEqual(['text:[', 'citation', 'text:]']);
  });

  it('allows a citation at the start of commented text', () => {
    const tokens = inlineTokens('[[ref_a] says so][[check]]');
    expect(tokens.map((token) => token.type)).toEqual([
      'comment_open',
      'citation',
      'text',
      'comment_close',
    ]);
  });

  it('reads code and equations in a note as text, and never ends a note inside them', () => {
    expect(scanCommentNote('[[use `a]]b` here]]', 0)?.comment).toBe('use `a]]b` here');
    const tokens = inlineTokens('[[`a]]b`](https://x.org)][[note]]');
    expect(tokens.map((token) => token.type)).toEqual([
      'comment_open',
      'link_open',
      'code_inline',
      'link_close',
      'comment_close',
    ]);
  });

  it('does not nest and leaves unclosed brackets as text', () => {
    expect(inlineSummary('[[unclosed and [x]')).toEqual(['text:[[unclosed and [x]']);
    const nested = inlineTokens('[a [b][[x]] c][[y]]');
    expect(nested.filter((token) => token.type === 'comment_open')).toHaveLength(1);
  });
});
