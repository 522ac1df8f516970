import { describe, expect, it } from 'vitest';
import { inTextCitation, inTextLabel, type InTextSource } from './in-text';

const source = (fields: Partial<InTextSource>): InTextSource => ({
  authors: [],
  published_year: 2020,
  title: 'Deep learning for protein structure prediction',
  type: 'journal-article',
  url: null,
  ...fields,
});

describe('inTextLabel (spec 000 §5, 002 §9)', () => {
  it.each([
    ['one author', { authors: ['Yann LeCun'] }, 'LeCun, 2020'],
    ['one author, inverted', { authors: ['LeCun, Yann'] }, 'LeCun, 2020'],
    ['two authors', { authors: ['Ann Lee', 'Jin Park'], published_year: 2019 }, 'Lee & Park, 2019'],
    ['three authors', { authors: ['A. Smith', 'B. Jones', 'C. Brown'] }, 'Smith et al., 2020'],
    [
      '21 authors',
      { authors: Array.from({ length: 21 }, (_, i) => `Author${i}, A.`) },
      'Author0 et al., 2020',
    ],
    [
      'authors as one string',
      { authors: 'Lee, Ann; Park, Jin' as unknown as string[] },
      'Lee & Park, 2020',
    ],
    ['a particle stays', { authors: ['Ludwig van Beethoven'] }, 'van Beethoven, 2020'],
    [
      'an organisation',
      { authors: ['World Health Organization'] },
      'World Health Organization, 2020',
    ],
    ['missing year', { authors: ['Yann LeCun'], published_year: null }, 'LeCun, n.d.'],
    ['no authors: first three title words', { authors: [] }, 'Deep learning for, 2020'],
    ['no authors, short title', { authors: [], title: 'Attention' }, 'Attention, 2020'],
    [
      'no authors, punctuation after the third word',
      { authors: [], title: 'Mind, body, and soul' },
      'Mind, body, and, 2020',
    ],
    [
      'no authors, markup in the title',
      { authors: [], title: '<i>E. coli</i> under stress today' },
      'E. coli under, 2020',
    ],
    ['no authors, no title', { authors: [], title: '' }, 'Untitled, 2020'],
    [
      'web, with authors: the first author',
      { type: 'web', authors: ['Ann Lee', 'Jin Park'], url: 'https://who.int/x' },
      'Lee, 2020',
    ],
    [
      'web, no authors: the host name',
      { type: 'web', url: 'https://www.who.int/news-room/fact-sheets' },
      'who.int, 2020',
    ],
    [
      'web, host from the hyperlink',
      { type: 'web', url: null, hyperlink: 'https://blog.example.org/post' },
      'blog.example.org, 2020',
    ],
    [
      'web, no year',
      { type: 'web', url: 'https://example.org', published_year: null },
      'example.org, n.d.',
    ],
    ['web, bad url: title words', { type: 'web', url: 'not a url' }, 'Deep learning for, 2020'],
  ])('%s', (_rule, fields, expected) => {
    expect(inTextLabel(source(fields))).toBe(expected);
  });
});

describe('inTextCitation for a marker [ref_a; ref_b]', () => {
  it('joins the labels with "; " inside parentheses, in marker order', () => {
    const smith = source({ authors: ['John Smith'], published_year: 2020 });
    const leePark = source({ authors: ['Ann Lee', 'Jin Park'], published_year: 2019 });
    expect(inTextCitation([smith, leePark])).toBe('(Smith, 2020; Lee & Park, 2019)');
    expect(inTextCitation([smith])).toBe('(Smith, 2020)');
  });

  it('is empty when no referenced work exists', () => {
    expect(inTextCitation([])).toBe('');
  });
});
