import { describe, expect, it } from 'vitest';
import { importBibtex } from './bibtex';
import { splitBibtex } from './split-bibtex';

const FILE = `% A hand-written file with one broken entry in the middle.
@string{nat = "Nature"}

@article{lecun2015deep,
  title = {Deep learning},
  author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey},
  journal = nat,
  year = 2015,
  month = may,
  volume = {521},
  number = {7553},
  pages = {436--444},
  doi = {https://doi.org/10.1038/NATURE14539},
  keywords = {deep learning, neural networks}
}

@article{broken2020,
  title = {Unclosed {brace,
  author = {Doe, Jane},
  year = {2020}
}

@inproceedings{kim2019paper,
  title = {A paper on {GPU} kernels},
  author = {Kim, Bo and van der Berg, Jan},
  booktitle = {Proceedings of the X},
  pages = {1--9},
  year = {2019}
}

@misc{notitle, author = {Nobody, A.}, year = 2001}

@misc{vaswani2017attention,
  title = {Attention Is All You Need},
  author = {Vaswani, Ashish},
  year = {2017},
  eprint = {1706.03762v5},
  archivePrefix = {arXiv},
  primaryClass = {cs.CL}
}
@comment{ignored}
@misc{who, title = {Fact sheet}, author = {{World Health Organization}}, url = {https://www.who.int/fs}, year = 2020}
@online{site, title = {Page}, organization = {WHO}, url = {https://who.int/p}, date = {2021-02-03}}
@article{bad2 title = {x}}
@incollection{aron2019,
  author = {Aron, L. and Botella, M. and Lubart, T.},
  title = {Culinary arts},
  booktitle = {The psychology of high performance},
  publisher = {American Psychological Association},
  year = {2019},
  pages = {345--359},
  isbn = {978-1-4338-2970-2}
}
`;

/** 1-based line of the first line of FILE that contains `fragment`. */
const lineOf = (fragment: string) =>
  FILE.split('\n').findIndex((line) => line.includes(fragment)) + 1;

describe('importBibtex', () => {
  const result = importBibtex(FILE);

  it('imports every good entry, also those after a broken one', () => {
    expect(result.works.map((work) => work.title)).toEqual([
      'Deep learning',
      'A paper on GPU kernels',
      'Attention Is All You Need',
      'Fact sheet',
      'Page',
      'Culinary arts',
    ]);
  });

  it('reports each bad entry with its position, key, line and reason', () => {
    expect(result.errors).toEqual([
      {
        entry: 2,
        key: 'broken2020',
        // The parser runs to the end of the entry's text looking for the closing brace.
        line: lineOf('@inproceedings{kim2019paper') - 1,
        message:
          'Malformed BibTeX entry: expected "text", got EOF (a brace or quote is not closed)',
      },
      { entry: 4, key: 'notitle', line: lineOf('@misc{notitle'), message: 'Entry has no title' },
      {
        entry: 8,
        key: 'bad2',
        line: lineOf('@article{bad2'),
        message: 'Malformed BibTeX entry: expected "comma", got "label"',
      },
    ]);
  });

  it('maps a journal article, expanding @string macros and normalising the DOI', () => {
    expect(result.works[0]).toMatchObject({
      type: 'journal-article',
      doi: '10.1038/nature14539',
      id: '10.1038/nature14539',
      authors: ['LeCun, Yann', 'Bengio, Yoshua', 'Hinton, Geoffrey'],
      container_title: 'Nature',
      published_year: 2015,
      published_month: 5,
      volume: '521',
      issue: '7553',
      page: '436-444',
      subjects: ['deep learning', 'neural networks'],
    });
  });

  it('keeps particles, removes case-protecting braces', () => {
    expect(result.works[1]).toMatchObject({
      type: 'proceedings-article',
      title: 'A paper on GPU kernels',
      authors: ['Kim, Bo', 'van der Berg, Jan'],
      container_title: 'Proceedings of the X',
    });
  });

  it('reads arXiv eprints as preprints with an arxiv: id', () => {
    expect(result.works[2]).toMatchObject({
      type: 'posted-content',
      doi: 'arxiv:1706.03762v5',
      id: 'arxiv:1706.03762v5',
    });
  });

  it('reads @misc with only an address, and @online, as web sources', () => {
    expect(result.works[3]).toMatchObject({
      type: 'web',
      url: 'https://www.who.int/fs',
      hyperlink: null,
      authors: ['World Health Organization'],
    });
    expect(result.works[4]).toMatchObject({
      type: 'web',
      container_title: 'WHO',
      publisher: null,
      published_day: 3,
    });
  });

  it('maps a chapter', () => {
    expect(result.works[5]).toMatchObject({
      type: 'book-chapter',
      container_title: 'The psychology of high performance',
      publisher: 'American Psychological Association',
      isbn: ['978-1-4338-2970-2'],
    });
  });

  it('gives every work a stable refId', () => {
    for (const work of result.works) expect(work.refId).toMatch(/^ref_[a-z0-9]{8}$/);
    expect(importBibtex(FILE).works.map((work) => work.refId)).toEqual(
      result.works.map((work) => work.refId),
    );
  });

  it('reads the same work twice only once', () => {
    const twice = `${FILE}\n@article{again, title = {Deep learning again}, doi = {10.1038/nature14539}}`;
    const again = importBibtex(twice);
    expect(again.works).toHaveLength(6);
    expect(again.errors.at(-1)).toMatchObject({
      key: 'again',
      message: 'Same work as entry 1; skipped',
    });
  });

  it('answers nothing for an empty file', () => {
    expect(importBibtex('')).toEqual({ works: [], errors: [] });
  });
});

describe('splitBibtex', () => {
  it('cuts at every line that opens an entry and keeps where it starts', () => {
    const chunks = splitBibtex('junk\n@article{a,\n title={x}}\n  @Book( b ,\ntitle={y})\n');
    expect(chunks.map(({ type, key, line }) => ({ type, key, line }))).toEqual([
      { type: 'article', key: 'a', line: 2 },
      { type: 'book', key: 'b', line: 4 },
    ]);
  });
});
