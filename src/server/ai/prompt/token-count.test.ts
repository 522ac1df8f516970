import { describe, expect, it } from 'vitest';
import { tokenCount, truncateToTokens } from './token-count';

describe('truncateToTokens', () => {
  it('keeps a text within the limit as it is', () => {
    expect(truncateToTokens('Short text.', 10)).toBe('Short text.');
  });

  it('cuts a longer text to the limit, marked with an ellipsis', () => {
    const long = 'Open access articles receive more citations. '.repeat(400);
    const cut = truncateToTokens(long, 50);
    expect(cut.endsWith('…')).toBe(true);
    expect(tokenCount(cut)).toBeLessThanOrEqual(51);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('gives nothing for a zero budget', () => {
    expect(truncateToTokens('Anything', 0)).toBe('');
  });
});
