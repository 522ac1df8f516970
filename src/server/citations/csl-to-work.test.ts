import { describe, expect, it } from 'vitest';
import { cslItemInputSchema, cslToWork, workTypeOf } from './csl-to-work';

const toWork = (item: unknown) => cslToWork(cslItemInputSchema.parse(item));

describe('workTypeOf', () => {
  it.each([
    ['article-journal', 'journal-article'],
    ['paper-conference', 'proceedings-article'],
    ['chapter', 'book-chapter'],
    ['book', 'book'],
    ['entry-encyclopedia', 'reference-entry'],
    ['article', 'posted-content'],
    ['manuscript', 'posted-content'],
    ['thesis', 'dissertation'],
    ['webpage', 'web'],
    ['post-weblog', 'web'],
    ['document', 'other'],
    ['article-newspaper', 'article-newspaper'],
  ])('%s → %s', (type, expected) => {
    expect(workTypeOf(type)).toBe(expected);
  });
});

describe('cslToWork', () => {
  it('uses the DOI as id and derives the refId from it', () => {
    const a = toWork({ type: 'article-journal', title: 'A', DOI: 'https://doi.org/10.1000/ABC1' });
    const b = toWork({ type: 'book', title: 'B', DOI: '10.1000/abc1' });
    expect(a.id).toBe('10.1000/abc1');
    expect(a.refId).toBe(b.refId);
  });

  it.each([
    ['an arXiv number with arXiv as publisher', { number: '1706.03762', publisher: 'arXiv' }],
    ['an arXiv: number', { number: 'arXiv:1706.03762' }],
    ['an arXiv DataCite DOI', { DOI: '10.48550/arXiv.1706.03762' }],
    ['an arxiv.org address', { URL: 'https://arxiv.org/abs/1706.03762' }],
  ])('recognises arXiv preprints from %s', (_how, fields) => {
    const work = toWork({ type: 'article', title: 'Attention', ...fields });
    expect(work).toMatchObject({
      doi: 'arxiv:1706.03762',
      type: 'posted-content',
      publisher: null,
    });
  });

  it('takes the first of listed values and reads raw dates', () => {
    expect(
      toWork({
        type: 'article-journal',
        title: ['Listed title', 'Other'],
        'container-title': ['Journal', 'J.'],
        issued: { raw: 'Spring 2004' },
        ISBN: '978-1, 978-2',
      }),
    ).toMatchObject({
      title: 'Listed title',
      container_title: 'Journal',
      published_year: 2004,
      isbn: ['978-1', '978-2'],
    });
  });

  it('keeps a journal article’s article number as its page', () => {
    const article = { type: 'article-journal', title: 'A study', number: 'e0135247' };
    expect(toWork(article).page).toBe('e0135247');
    expect(toWork({ ...article, page: '1-12' }).page).toBe('1-12');
    expect(toWork({ ...article, type: 'report' }).page).toBeNull();
  });

  it('falls back to the event title as container of conference papers', () => {
    expect(
      toWork({ type: 'paper-conference', title: 'P', 'event-title': 'Conf' }).container_title,
    ).toBe('Conf');
  });

  it('skips names without a surname and keeps dropping particles with the surname', () => {
    expect(
      toWork({
        type: 'book',
        title: 'T',
        author: [
          { given: 'Nobody' },
          { family: 'Gogh', given: 'Vincent', 'dropping-particle': 'van' },
        ],
      }).authors,
    ).toEqual(['van Gogh, Vincent']);
  });

  it('rejects items whose fields have the wrong shape', () => {
    expect(cslItemInputSchema.safeParse({ type: 'book', author: 'Lee' }).success).toBe(false);
    expect(cslItemInputSchema.safeParse('nope').success).toBe(false);
  });
});
