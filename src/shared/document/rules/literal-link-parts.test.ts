import { describe, expect, it } from 'vitest';
import { inlineTokens } from '../testing/tokens';

describe('literal link parts', () => {
  it('keeps entities in targets and titles as written', () => {
    const [link] = inlineTokens('[a](x?a=1&amp;b=2 "t&amp;")');
    expect(link?.attrGet('href')).toBe('x?a=1&amp;b=2');
    expect(link?.attrGet('title')).toBe('t&amp;');
  });

  it('still decodes backslash escapes and angle-bracket targets', () => {
    const [link] = inlineTokens('[a](<a b\\>> "say \\"hi\\"")');
    expect(link?.attrGet('href')).toBe('a b>');
    expect(link?.attrGet('title')).toBe('say "hi"');
  });

  it('does not percent-encode targets', () => {
    expect(inlineTokens('[a](https://例え.jp/ü)')[0]?.attrGet('href')).toBe('https://例え.jp/ü');
  });
});
