import { describe, expect, it } from 'vitest';
import { parseName } from '../../shared/citations/person-name';
import { cslTypeOf, toCslName, workToCsl } from './csl';
import { journalArticle, makeWork, preprint, webPage } from './test-fixtures';

describe('cslTypeOf', () => {
  it.each([
    ['journal-article', 'article-journal'],
    ['article', 'article-journal'],
    ['proceedings-article', 'paper-conference'],
    ['book-chapter', 'chapter'],
    ['book', 'book'],
    ['monograph', 'book'],
    ['edited-book', 'book'],
    ['reference-entry', 'entry-encyclopedia'],
    ['wikipedia', 'entry-encyclopedia'],
    ['posted-content', 'article'],
    ['preprint', 'article'],
    ['dissertation', 'thesis'],
    ['report', 'report'],
    ['dataset', 'dataset'],
    ['standard', 'standard'],
    ['web', 'webpage'],
    ['article-newspaper', 'article-newspaper'],
    ['other', 'document'],
    ['something-new', 'document'],
  ])('%s → %s', (type, expected) => {
    expect(cslTypeOf(type)).toBe(expected);
  });
});

describe('toCslName', () => {
  it.each([
    ['Yann LeCun', { family: 'LeCun', given: 'Yann' }],
    [
      'Ludwig van Beethoven',
      { family: 'Beethoven', given: 'Ludwig', 'non-dropping-particle': 'van' },
    ],
    ['King, Martin Luther, Jr.', { family: 'King', given: 'Martin Luther', suffix: 'Jr.' }],
    ['World Health Organization', { literal: 'World Health Organization' }],
    ['Aristotle', { family: 'Aristotle' }],
  ])('%j', (text, expected) => {
    const name = parseName(text);
    expect(name && toCslName(name)).toEqual(expected);
  });
});

describe('workToCsl', () => {
  it('maps a journal article', () => {
    expect(workToCsl(journalArticle)).toEqual({
      id: 'ref_grady019',
      type: 'article-journal',
      title:
        'Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States',
      author: [
        { family: 'Grady', given: 'Jessica S.' },
        { family: 'Her', given: 'Malina' },
        { family: 'Moreno', given: 'Geena' },
        { family: 'Perez', given: 'Catherine' },
        { family: 'Yelinek', given: 'Jillian' },
      ],
      issued: { 'date-parts': [[2019]] },
      'container-title': 'Psychology of Popular Media Culture',
      volume: '8',
      issue: '3',
      page: '207-217',
      publisher: 'American Psychological Association',
      DOI: '10.1037/ppm0000185',
    });
  });

  it('names arXiv as archive and number of a preprint, with its DataCite DOI', () => {
    expect(workToCsl(preprint)).toMatchObject({
      type: 'article',
      publisher: 'arXiv',
      number: 'arXiv:1706.03762',
      DOI: '10.48550/arXiv.1706.03762',
      keyword: 'Computation and Language, Machine Learning',
    });
  });

  it('gives web pages their address and a full date', () => {
    expect(workToCsl(webPage)).toMatchObject({
      type: 'webpage',
      URL: 'https://www.who.int/features/qa/84/en/',
      issued: { 'date-parts': [[2018, 3, 8]] },
      author: [{ literal: 'World Health Organization' }],
    });
  });

  it('links the landing page only when there is no DOI', () => {
    const link = 'https://example.org/landing';
    expect(workToCsl(makeWork({ title: 'T', hyperlink: link })).URL).toBe(link);
    expect(
      workToCsl(makeWork({ title: 'T', hyperlink: link, doi: '10.1000/x1' })).URL,
    ).toBeUndefined();
  });

  it('leaves out what is unknown and writes a day only with its month', () => {
    expect(workToCsl(makeWork({ title: 'T', published_year: 2020, published_day: 5 }))).toEqual({
      id: 'ref_test0000',
      type: 'document',
      title: 'T',
      issued: { 'date-parts': [[2020]] },
    });
  });

  it('keeps emphasis in titles and strips abstracts to text', () => {
    const csl = workToCsl(
      makeWork({
        title: '<jats:italic>E. coli</jats:italic>',
        abstract: '<jats:p>First.</jats:p><jats:p>Second.</jats:p>',
      }),
    );
    expect(csl.title).toBe('<i>E. coli</i>');
    expect(csl.abstract).toBe('First. Second.');
  });
});
