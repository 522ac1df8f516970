import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from '../schema';
import { lettersOf } from '../testing/markdown-arbitrary';

describe('nesting limit', () => {
  it('keeps the text of blocks nested deeper than markdown-it allows', () => {
    const markdown = `${'> '.repeat(1200)}deep text`;
    const written = serializeMarkdown(parseMarkdown(markdown));
    expect(lettersOf(written)).toBe(lettersOf(markdown));
    expect(serializeMarkdown(parseMarkdown(written))).toBe(written);
  });

  it('leaves ordinary nesting alone', () => {
    expect(serializeMarkdown(parseMarkdown('> > > x'))).toBe('> > > x');
  });
});
