import { describe, expect, it } from 'vitest';
import { CitationFilter } from './citation-filter';

const GOOD = 'ref_abcd1234';
const OTHER = 'ref_wxyz9876';

function run(chunks: string[], allowed = [GOOD, OTHER]) {
  const filter = new CitationFilter(new Set(allowed));
  const text = chunks.map((chunk) => filter.push(chunk)).join('') + filter.flush();
  return { text, filter };
}

describe('CitationFilter', () => {
  it('keeps citations of the evidence set, even split across chunks', () => {
    const { text, filter } = run(['Smoking harms [ref_ab', 'cd1234; ref_wx', 'yz9876]. Next.']);
    expect(text).toBe(`Smoking harms [${GOOD}; ${OTHER}]. Next.`);
    expect([...filter.kept]).toEqual([GOOD, OTHER]);
    expect(filter.removed).toBe(0);
  });

  it('removes made-up and altered ids with the space before the marker', () => {
    const { text, filter } = run([`A claim [ref_fake0000]. B claim [ref_abcd1235, ${GOOD}].`]);
    expect(text).toBe(`A claim. B claim [${GOOD}].`);
    expect(filter.removed).toBe(2);
    expect([...filter.kept]).toEqual([GOOD]);
  });

  it('leaves other brackets, links and comments alone', () => {
    const input = 'See [the site](https://x.org) and [[a comment]] or [1].';
    expect(run([input]).text).toBe(input);
  });

  it('takes stream markers out of model text', () => {
    expect(run(['Text [STATUS:FINISHED] more [PART:content]'])).toMatchObject({
      text: 'Text more',
    });
  });

  it('releases an unclosed bracket at a line end or at the end', () => {
    expect(run(['a [open\nnext [tail']).text).toBe('a [open\nnext [tail');
  });
});
