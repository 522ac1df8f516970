import { describe, expect, it } from 'vitest';
import { splitArxivAuthors } from './arxiv-authors';

describe('splitArxivAuthors', () => {
  it.each([
    ['Pawel Pliszka, Enzo Marinari', ['Pawel Pliszka', 'Enzo Marinari']],
    ['A. Smith and B. Jones', ['A. Smith', 'B. Jones']],
    [
      'Sebastien Gambs, Samuel Ranellucci, and Alain Tapp',
      ['Sebastien Gambs', 'Samuel Ranellucci', 'Alain Tapp'],
    ],
    ['A. Smith & B. Jones', ['A. Smith', 'B. Jones']],
    ['John Smith, Jr., Jane Doe', ['John Smith Jr.', 'Jane Doe']],
    ['Jr-Shin Li, Isuru Dasanayake', ['Jr-Shin Li', 'Isuru Dasanayake']],
    ['A. Smith, B. Jones et al.', ['A. Smith', 'B. Jones']],
    ['Alexander Andersson', ['Alexander Andersson']],
    ['  ', []],
  ])('splits %j', (input, expected) => {
    expect(splitArxivAuthors(input)).toEqual(expected);
  });

  it('drops affiliations in (nested) parentheses, even when they contain commas', () => {
    const authors = 'A. Smith (1), B. Jones (2) ((1) MIT, Cambridge, USA, (2) ETH Zurich)';
    expect(splitArxivAuthors(authors)).toEqual(['A. Smith', 'B. Jones']);
  });

  it('decodes TeX accents in names', () => {
    expect(splitArxivAuthors('Sonja Radi\\\'c, J. Schr\\"oder and \\v{S}. Novak')).toEqual([
      'Sonja Radić',
      'J. Schröder',
      'Š. Novak',
    ]);
  });
});
