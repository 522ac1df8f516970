import { describe, expect, it } from 'vitest';
import { CANONICAL_REF_ID_PATTERN, REF_ID_PATTERN, isCanonicalRefId, isRefId } from './ref-ids';

describe('reference ids', () => {
  it('accepts ref_ plus letters or digits', () => {
    expect(isRefId('ref_abc12345')).toBe(true);
    expect(isRefId('ref_X1')).toBe(true);
    expect(isRefId('ref_')).toBe(false);
    expect(isRefId('ref_a-b')).toBe(false);
    expect(isRefId('xref_a')).toBe(false);
  });

  it('recognizes the canonical 8 lowercase alphanumerics', () => {
    expect(isCanonicalRefId('ref_abc12345')).toBe(true);
    expect(isCanonicalRefId('ref_ABC12345')).toBe(false);
    expect(isCanonicalRefId('ref_abc1234')).toBe(false);
    expect(isCanonicalRefId('ref_abc123456')).toBe(false);
  });

  it('exports flag-free patterns for building searches', () => {
    expect(REF_ID_PATTERN.flags).toBe('');
    expect(CANONICAL_REF_ID_PATTERN.flags).toBe('');
    expect('see ref_a and ref_b'.match(new RegExp(REF_ID_PATTERN.source, 'g'))).toEqual([
      'ref_a',
      'ref_b',
    ]);
  });
});
