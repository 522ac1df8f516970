import { describe, expect, it } from 'vitest';
import { inlineSummary, inlineTokens } from '../testing/tokens';
import { scanInlineEquation } from './inline-equation';

describe('inline equation rule', () => {
  it('keeps the LaTeX between the first two $$ pairs exactly', () => {
    expect(scanInlineEquation('$$a_1 * b$$ x', 0)).toEqual({ end: 11, latex: 'a_1 * b' });
    expect(scanInlineEquation('$$$x$$', 0)?.latex).toBe('$x');
    expect(scanInlineEquation('$$$$', 0)?.latex).toBe('');
  });

  it('leaves an unbalanced $$ as text', () => {
    expect(scanInlineEquation('$$ no end', 0)).toBeNull();
    expect(inlineSummary('costs $5 and $$ more')).toEqual(['text:costs $5 and $$ more']);
  });

  it('reads LaTeX as LaTeX, not markdown', () => {
    const [, equation] = inlineTokens('Let $$a_1 * \\[b\\] `c`$$ hold');
    expect(equation?.type).toBe('equation_inline');
    expect(equation?.content).toBe('a_1 * \\[b\\] `c`');
  });

  it('may span lines of a paragraph', () => {
    expect(inlineTokens('where $$a\n\\quad b$$ holds')[1]?.content).toBe('a\n\\quad b');
  });

  it('respects escapes before it', () => {
    expect(inlineSummary('\\$$x$$')).toEqual(['text:$$x$$']);
  });
});
