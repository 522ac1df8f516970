import { describe, expect, it } from 'vitest';
import { importRis } from './ris';
import { splitRis } from './split-ris';

const FILE = `TY  - JOUR
ID  - lecun
AU  - LeCun, Yann
AU  - Bengio, Yoshua
TI  - Deep learning
T2  - Nature
PY  - 2015/05/27/
VL  - 521
IS  - 7553
SP  - 436
EP  - 444
DO  - 10.1038/nature14539
KW  - deep learning
KW  - neural networks
ER  - 

AU  - Orphan, A.
TI  - No type line
ER  - 

TY  - CHAP
AU  - Aron, L.
TI  - Culinary arts
T2  - The psychology of high performance
PB  - American Psychological Association
SP  - 345
EP  - 359
PY  - 2019
ER  - 

TY  - JOUR
ID  - untitled
AU  - Untitled, A.
PY  - 2010
ER  - 

TY  - XYZ
TI  - Unknown type
PY  - 2011
ER  - 

TY  - ELEC
TI  - Web page
UR  - https://www.who.int/fs
PY  - 2020
ER  - 

TY  - CPAPER
TI  - A paper
AU  - Kim, Bo
T2  - Proceedings of the X
AB  - First line
continued line
PY  - 2019
`;

const lineOf = (fragment: string) =>
  FILE.split('\n').findIndex((line) => line.includes(fragment)) + 1;

describe('importRis', () => {
  const result = importRis(FILE);

  it('imports every good record, also after broken ones and without a final ER', () => {
    expect(result.works.map((work) => [work.type, work.title])).toEqual([
      ['journal-article', 'Deep learning'],
      ['book-chapter', 'Culinary arts'],
      ['other', 'Unknown type'],
      ['web', 'Web page'],
      ['proceedings-article', 'A paper'],
    ]);
  });

  it('reports bad records with position, line and reason', () => {
    expect(result.errors).toEqual([
      {
        entry: 2,
        line: lineOf('AU  - Orphan'),
        key: null,
        message: 'Malformed RIS record: it does not start with a TY line',
      },
      {
        entry: 4,
        line: lineOf('ID  - untitled') - 1,
        key: 'untitled',
        message: 'Entry has no title',
      },
    ]);
  });

  it('maps a journal article', () => {
    expect(result.works[0]).toMatchObject({
      doi: '10.1038/nature14539',
      authors: ['LeCun, Yann', 'Bengio, Yoshua'],
      container_title: 'Nature',
      published_year: 2015,
      published_month: 5,
      published_day: 27,
      page: '436-444',
      subjects: ['deep learning', 'neural networks'],
    });
  });

  it('maps a chapter, a web page and a conference paper with a wrapped abstract', () => {
    expect(result.works[1]).toMatchObject({
      container_title: 'The psychology of high performance',
      publisher: 'American Psychological Association',
      page: '345-359',
    });
    expect(result.works[3]).toMatchObject({
      url: 'https://www.who.int/fs',
      id: 'https://www.who.int/fs',
    });
    expect(result.works[4]).toMatchObject({
      container_title: 'Proceedings of the X',
      abstract: 'First line continued line',
    });
  });

  it('accepts Windows line ends and a byte-order mark', () => {
    const crlf = `\uFEFF${FILE.replace(/\n/g, '\r\n')}`;
    expect(importRis(crlf).works).toHaveLength(5);
  });
});

describe('splitRis', () => {
  it('starts a new record at TY even when the previous one lacks ER', () => {
    const chunks = splitRis('TY  - JOUR\nTI  - A\nTY  - BOOK\nTI  - B\nER  - ');
    expect(chunks.map((chunk) => [chunk.line, chunk.hasType])).toEqual([
      [1, true],
      [3, true],
    ]);
  });
});
