import { describe, expect, it } from 'vitest';
import { removedCitationClaims } from './removed-claims';

describe('removedCitationClaims', () => {
  it('answers the claims that cited a work outside the evidence', () => {
    const raw =
      'Open access helps [ref_real0001]. It doubles citations [ref_real0001; ref_fake0001]. No citation here.';
    expect(removedCitationClaims(raw, new Map([['ref_real0001', {}]]))).toEqual([
      'It doubles citations.',
    ]);
  });
});
