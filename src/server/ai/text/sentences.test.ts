import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences';

describe('splitSentences', () => {
  it('splits at sentence ends but not after abbreviations or initials', () => {
    expect(
      splitSentences(
        'Smith et al. found an effect, e.g. in mice. It held (Fig. 2). J. Doe disagreed! Why? 42 cases remained.',
      ),
    ).toEqual([
      'Smith et al. found an effect, e.g. in mice.',
      'It held (Fig. 2).',
      'J. Doe disagreed!',
      'Why?',
      '42 cases remained.',
    ]);
  });

  it('keeps a citation with its sentence', () => {
    expect(splitSentences('A claim [ref_abcd1234]. Another one.')).toEqual([
      'A claim [ref_abcd1234].',
      'Another one.',
    ]);
  });
});
