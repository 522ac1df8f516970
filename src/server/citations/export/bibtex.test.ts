import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importBibtex } from '../import/bibtex';
import { makeWork } from '../test-fixtures';
import { bibtexEntry, worksToBibtex } from './bibtex';
import { arbitraryWork, comparable, roundTripWorks } from './round-trip.fixtures';

describe('worksToBibtex', () => {
  it('writes a journal article as BibTeX', () => {
    const [article] = roundTripWorks;
    if (!article) throw new Error('fixture missing');
    expect(bibtexEntry(article, 'grady2019emotions')).toBe(`@article{grady2019emotions,
  author = {Grady, Jessica S. and Her, Malina and Moreno, Geena and Perez, Catherine and Yelinek, Jillian},
  title = {Emotions in storybooks: {A} comparison of storybooks that represent ethnic and racial groups in the {United} {States}},
  journal = {Psychology of Popular Media Culture},
  year = {2019},
  volume = {8},
  number = {3},
  pages = {207--217},
  publisher = {American Psychological Association},
  doi = {10.1037/ppm0000185}
}`);
  });

  it('writes arXiv preprints the way arXiv does, and escapes LaTeX specials', () => {
    const bib = worksToBibtex(roundTripWorks);
    expect(bib).toContain('@misc{vaswani2017attention,');
    expect(bib).toContain('eprint = {1706.03762},\n  archiveprefix = {arXiv}');
    expect(bib).toContain(
      "title = {Weird \\$money\\$ 100\\% \\#tag under\\_score `{}`q'{}' ?{}`x é ß {Łódź}",
    );
    expect(bib).toContain('author = {{World Health Organization} and van Beethoven, Ludwig}');
    expect(bib).toContain('author = {King, Jr., Martin Luther}');
    expect(bib).toContain('month = mar,\n  date = {2020-03-04}');
  });

  it('gives every entry a unique key', () => {
    const twin = makeWork({
      title: 'Deep learning',
      authors: ['Yann LeCun'],
      published_year: 2015,
    });
    const keys = [...worksToBibtex([twin, twin, twin]).matchAll(/^@\w+\{([^,]+),/gm)].map(
      (match) => match[1],
    );
    expect(keys).toEqual(['lecun2015deep', 'lecun2015deepa', 'lecun2015deepb']);
  });

  it('round-trips: export .bib → import gives the same works', () => {
    const imported = importBibtex(worksToBibtex(roundTripWorks));
    expect(imported.errors).toEqual([]);
    expect(imported.works).toEqual(roundTripWorks.map(comparable));
  });

  it('round-trips works with hostile text in every field', () => {
    fc.assert(
      fc.property(fc.array(arbitraryWork, { minLength: 1, maxLength: 3 }), (works) => {
        const unique = works.filter(
          (work, index) =>
            works.findIndex((other) => comparable(other).refId === comparable(work).refId) ===
            index,
        );
        const imported = importBibtex(worksToBibtex(unique));
        expect(imported.errors).toEqual([]);
        expect(imported.works).toEqual(unique.map(comparable));
      }),
      { numRuns: 200 },
    );
  });
});

describe('bibtexEntry with TeX in its fields', () => {
  const hostile = makeWork({
    title: 'A } lone brace',
    authors: ['Doe\\input{/etc/passwd}, Jane'],
    page: '\\input{/etc/debian_version}',
    volume: '1}',
    doi: '10.1234/x}\n\\end{filecontents*}',
    hyperlink: 'https://example.org/{a} b\\c',
  });
  const entry = bibtexEntry(hostile, 'doe');

  it('writes no control sequence from the data and keeps braces balanced', () => {
    const body = entry.replace(/\\(textbackslash|textbraceleft|textbraceright)\{\}/g, '');
    expect(body).not.toMatch(/\\[A-Za-z]/);
    let depth = 0;
    for (const char of entry) {
      depth += char === '{' ? 1 : char === '}' ? -1 : 0;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
  });

  it('escapes page ranges and percent-encodes addresses', () => {
    expect(entry).toContain(
      'pages = {\\textbackslash{}input\\textbraceleft{}/etc/debian\\_version\\textbraceright{}}',
    );
    expect(bibtexEntry(makeWork({ title: 't', page: '12 – 19' }), 'k')).toContain(
      'pages = {12--19}',
    );
    expect(entry).toContain('doi = {10.1234/x%7D%0A%5Cend%7Bfilecontents*%7D}');
    expect(entry).toContain('url = {https://example.org/%7Ba%7D%20b%5Cc}');
  });

  it('reads back as the same text', () => {
    const [work] = importBibtex(entry).works;
    expect(work?.title).toBe('A } lone brace');
    expect(work?.page).toBe('\\input{/etc/debian_version}');
  });
});
