import { describe, expect, it } from 'vitest';
import { citingSentences, sameClaim } from './claims';

describe('citingSentences', () => {
  it('finds the sentences with citations in prose only, citations removed from the claim', () => {
    const markdown = [
      '## Results',
      '',
      'Open access raises citations [ref_abcd1234; ref_wxyz9876]. No citation here.',
      '',
      '$$x [ref_eeee1111]$$',
      '',
      '```',
      'code [ref_ffff2222]',
      '```',
      '',
      '- A listed claim [ref_gggg3333].',
    ].join('\n');
    expect(citingSentences(markdown)).toEqual([
      {
        sentence: 'Open access raises citations [ref_abcd1234; ref_wxyz9876].',
        claim: 'Open access raises citations.',
        refIds: ['ref_abcd1234', 'ref_wxyz9876'],
      },
      {
        sentence: '- A listed claim [ref_gggg3333].',
        claim: 'A listed claim.',
        refIds: ['ref_gggg3333'],
      },
    ]);
  });
});

describe('sameClaim', () => {
  it('matches a sentence whatever spacing, case, punctuation or marks surround its words', () => {
    expect(
      sameClaim(
        'Open access articles are cited more often.',
        'open access  *articles* are cited more often',
      ),
    ).toBe(true);
    expect(
      sameClaim(
        'Open access articles are cited more often.',
        'Open access articles are cited less often.',
      ),
    ).toBe(false);
  });
});
