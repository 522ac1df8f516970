import { describe, expect, it } from 'vitest';
import { importCslJson } from './csl-json';
import { splitJsonArray } from './split-json-array';

const FILE = `[
  {"id": "a", "type": "article-journal", "title": "Good", "author": [{"family": "Lee", "given": "Ann"}],
   "issued": {"date-parts": [["2019", "3"]]}, "container-title": ["Journal of Things"], "volume": 3,
   "DOI": "10.1000/ABC123", "ISSN": ["1234-5678"]},
  {"id": "b", "type": "book", "title": "Broken",
    "author": [}
  },
  {"id": "c", "type": "book", "title": "Bad authors", "author": "Lee"},
  {"id": "d", "type": "book"},
  {"id": "e", "type": "webpage", "title": "Web \\"page\\" [1]", "URL": "https://who.int", "issued": {"raw": "2020-05-01"}},
  {"id": 6, "type": "chapter", "title": "Chapter", "author": [{"literal": "World Health Organization"},
    {"family": "Beethoven", "non-dropping-particle": "van", "given": "Ludwig"}], "container-title": "Book",
    "page": "3–9"}
]`;

describe('importCslJson', () => {
  const result = importCslJson(FILE);

  it('imports every good item, also after broken ones', () => {
    expect(result.works.map((work) => work.title)).toEqual(['Good', 'Web "page" [1]', 'Chapter']);
  });

  it('reports bad items with position, line and reason', () => {
    expect(result.errors).toHaveLength(3);
    expect(result.errors[0]).toMatchObject({ entry: 2, line: expect.any(Number), key: null });
    expect(result.errors[0]?.line).toBeGreaterThanOrEqual(5);
    expect(result.errors[0]?.message).toMatch(/^Malformed CSL-JSON item: /);
    expect(result.errors[1]).toEqual({
      entry: 3,
      line: 8,
      key: null,
      message: 'Malformed CSL-JSON item: author: author must be a list of names',
    });
    expect(result.errors[2]).toEqual({
      entry: 4,
      line: 9,
      key: 'd',
      message: 'Entry has no title',
    });
  });

  it('maps the CSL variants: string numbers, lists, raw dates, literals and particles', () => {
    expect(result.works[0]).toMatchObject({
      type: 'journal-article',
      doi: '10.1000/abc123',
      published_year: 2019,
      published_month: 3,
      container_title: 'Journal of Things',
      volume: '3',
      issn: ['1234-5678'],
    });
    expect(result.works[1]).toMatchObject({
      type: 'web',
      url: 'https://who.int',
      published_year: 2020,
    });
    expect(result.works[2]).toMatchObject({
      type: 'book-chapter',
      authors: ['World Health Organization', 'van Beethoven, Ludwig'],
      page: '3-9',
    });
  });

  it('accepts a single item', () => {
    expect(importCslJson('{"type": "book", "title": "Alone"}').works).toHaveLength(1);
  });

  it('reports a file that is not JSON as a whole', () => {
    expect(importCslJson('title: nope')).toEqual({
      works: [],
      errors: [{ entry: 0, line: 1, key: null, message: 'Not CSL-JSON: expected a list of items' }],
    });
  });

  it('keeps what precedes an unterminated item', () => {
    const cut = importCslJson('[{"type": "book", "title": "Kept"}, {"title": "unclos');
    expect(cut.works.map((work) => work.title)).toEqual(['Kept']);
    expect(cut.errors).toMatchObject([{ entry: 2, message: expect.stringMatching(/^Malformed/) }]);
  });
});

describe('splitJsonArray', () => {
  it('splits the top level only, respecting strings and nesting', () => {
    expect(splitJsonArray('[{"a": "x, ]}"}, [1, 2],\n 3]')).toEqual([
      { text: '{"a": "x, ]}"}', line: 1 },
      { text: '[1, 2]', line: 1 },
      { text: '3', line: 2 },
    ]);
    expect(splitJsonArray('  []')).toEqual([]);
    expect(splitJsonArray('')).toEqual([]);
    expect(splitJsonArray('x')).toBeNull();
  });
});
