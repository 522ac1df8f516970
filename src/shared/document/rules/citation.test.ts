import { describe, expect, it } from 'vitest';
import { inlineSummary, inlineTokens } from '../testing/tokens';
import { formatCitation, scanCitation } from './citation';

describe('citation rule', () => {
  it('reads one or several ids, with ; or , and any spacing', () => {
    expect(scanCitation('[ref_abc12345]', 0)).toEqual({ end: 14, refIds: ['ref_abc12345'] });
    expect(scanCitation('[ref_a; ref_b]', 0)?.refIds).toEqual(['ref_a', 'ref_b']);
    expect(scanCitation('[ ref_a ,ref_B2 ]', 0)?.refIds).toEqual(['ref_a', 'ref_B2']);
    expect(scanCitation('x [ref_a]', 2)?.end).toBe(9);
  });

  it('rejects anything short of a complete bracket', () => {
    for (const text of [
      '[ref_abc12345',
      '[ref_]',
      '[ref_a;]',
      '[ref_a b]',
      '[REF_a]',
      '[ref_a-b]',
      '[x ref_a]',
    ]) {
      expect(scanCitation(text, 0), text).toBeNull();
    }
  });

  it('emits citation tokens with the ids', () => {
    const [, citation] = inlineTokens('See [ref_a; ref_b].');
    expect(citation?.type).toBe('citation');
    expect(citation?.meta).toEqual({ refIds: ['ref_a', 'ref_b'] });
  });

  it('wins over links and leaves malformed brackets as text', () => {
    expect(inlineSummary('[ref_a](http://x)')).toEqual(['citation', 'text:(http://x)']);
    expect(inlineSummary('a [ref_ b')).toEqual(['text:a [ref_ b']);
  });

  it('formats the canonical spelling', () => {
    expect(formatCitation(['ref_a', 'ref_b'])).toBe('[ref_a; ref_b]');
  });
});
