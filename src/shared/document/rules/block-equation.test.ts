import { describe, expect, it } from 'vitest';
import { markdownIt } from '../markdown/markdown-it';
import { blockSummary } from '../testing/tokens';

function latexOf(markdown: string): string[] {
  return markdownIt
    .parse(markdown, {})
    .filter((token) => token.type === 'equation_block')
    .map((token) => token.content);
}

describe('block equation rule', () => {
  it('reads an equation alone on one line', () => {
    expect(latexOf('$$E = mc^2$$')).toEqual(['E = mc^2']);
    expect(latexOf('$$x$$   ')).toEqual(['x']);
  });

  it('reads an equation over several lines, keeping newlines', () => {
    expect(latexOf('$$\n\\int_0^1 f\n$$')).toEqual(['\n\\int_0^1 f\n']);
    expect(latexOf('$$a\nb$$')).toEqual(['a\nb']);
  });

  it('interrupts a paragraph', () => {
    expect(blockSummary('The formula:\n$$\nx\n$$\nwhere x')).toEqual([
      'paragraph_open',
      'inline',
      'paragraph_close',
      'equation_block',
      'paragraph_open',
      'inline',
      'paragraph_close',
    ]);
  });

  it('is not a block with text after it, a blank line inside or no closing pair', () => {
    for (const markdown of ['$$a$$ and text', '$$a\n\nb$$', '$$a', '$$a\nb$$ c']) {
      expect(latexOf(markdown), markdown).toEqual([]);
    }
  });

  it('works inside lists and quotes', () => {
    expect(latexOf('- $$\n  x\n  $$')).toEqual(['\nx\n']);
    expect(latexOf('> $$\n> x\n> $$')).toEqual(['\nx\n']);
  });
});
