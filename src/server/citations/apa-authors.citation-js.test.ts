import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatApaAuthors } from '../../shared/citations/apa-authors';
import { parseAuthors } from '../../shared/citations/authors';
import { formatReference, warmUpCitationEngine } from './format-apa';
import { makeWork } from './test-fixtures';

// The shared APA author list (used in the browser and for fallback lines) must read exactly like
// the server's citation-js reference list, or the two would disagree on the same page.

beforeAll(() => {
  warmUpCitationEngine();
}, 30_000);

/** The author element citation-js renders for these author strings. */
function citationJsAuthors(authors: string[]): string {
  const text = formatReference(
    makeWork({
      title: 'T',
      type: 'journal-article',
      container_title: 'J',
      authors,
      published_year: 2020,
    }),
  );
  const end = text.indexOf(' (2020).');
  if (end === -1) throw new Error(`Unexpected reference: ${text}`);
  return text.slice(0, end);
}

/** Ours, with the period APA puts after the author element and citeproc's ellipsis character. */
function sharedAuthors(authors: string[]): string {
  const list = formatApaAuthors(parseAuthors(authors)).replace('...', '…');
  return list.endsWith('.') ? list : `${list}.`;
}

const given = fc.constantFrom(
  'Ann',
  'Kirk Warren',
  'Jean-Paul',
  'Mary-Kate',
  'Émile',
  'Łukasz',
  'J.',
  'J. R. R.',
  'J.R.R.',
  'Hans-J.',
  'JA',
  'Ø. Anne',
  'Ana María',
);
const family = fc.constantFrom('Smith', 'Lee', 'Müller', 'Smith-Jones', "O'Brien", 'García', 'Ng');
const particle = fc.constantFrom(
  '',
  'van',
  'von',
  'de',
  'van der',
  'da',
  'di',
  'dos',
  'das',
  'del',
);
const suffix = fc.constantFrom('', '', '', 'Jr.', 'III');

const personString = fc
  .record({ given, family, particle, suffix })
  .map(({ given: g, family: f, particle: p, suffix: s }) => {
    const surname = p === '' ? f : `${p} ${f}`;
    return s === '' ? `${surname}, ${g}` : `${surname}, ${g}, ${s}`;
  });
const author = fc.oneof(
  { weight: 12, arbitrary: personString },
  { weight: 1, arbitrary: fc.constantFrom('World Health Organization', 'Aristotle') },
);

describe('formatApaAuthors agrees with citation-js APA', () => {
  it.each([
    [['Yann LeCun']],
    [['Yann LeCun', 'Yoshua Bengio']],
    [['Yann LeCun', 'Yoshua Bengio', 'Geoffrey Hinton']],
    [['Ludwig van Beethoven', 'Jean-Paul Sartre', 'Martin Luther King Jr.']],
    [['World Health Organization']],
    [['Smith JA', 'Tolkien, JRR']],
    [Array.from({ length: 20 }, (_, index) => `Given Author${index}`)],
    [Array.from({ length: 21 }, (_, index) => `Given Author${index}`)],
    [Array.from({ length: 30 }, (_, index) => `Given Author${index}`)],
  ])('%j', (authors) => {
    expect(sharedAuthors(authors)).toBe(citationJsAuthors(authors));
  });

  it('for generated author lists of 1 to 25 names', () => {
    fc.assert(
      fc.property(fc.array(author, { minLength: 1, maxLength: 25 }), (authors) => {
        fc.pre(!isCiteprocTwoNameQuirk(authors));
        expect(sharedAuthors(authors)).toBe(citationJsAuthors(authors));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('keeps the APA comma before & where citeproc drops it (two names, organisation last)', () => {
    const authors = ['Smith, Ann', 'World Health Organization'];
    expect(citationJsAuthors(authors)).toBe('Smith, A. & World Health Organization.');
    expect(sharedAuthors(authors)).toBe('Smith, A., & World Health Organization.');
  });
});

function isCiteprocTwoNameQuirk(authors: string[]): boolean {
  return authors.length === 2 && parseAuthors(authors)[1]?.kind === 'organization';
}
