import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStream } from '../../../shared/ai/stream-markers';
import { extractRefIds } from '../../../shared/document/extract-ref-ids';
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

  // Issue 18.4: each form passed the old filter and the editor then read a citation of ref_x.
  it.each([
    ['a stray second bracket', 'Claim [[ref_fake0000]].', 'Claim.'],
    ['a line break after the bracket', 'Claim [\nref_fake0000].', 'Claim.'],
    ['a line break before the close', 'Claim [ref_fake0000\n].', 'Claim.'],
    ['more than 400 spaces', `Claim [${' '.repeat(450)}ref_fake0000].`, 'Claim.'],
    ['carriage returns', 'Claim [\r\nref_fake0000\r].', 'Claim.'],
  ])('removes an invented id behind %s, whole or in pieces', (_form, input, expected) => {
    for (const chunks of [[input], [...input]]) {
      const { text, filter } = run(chunks);
      expect(text).toBe(expected);
      expect(extractRefIds(text)).toEqual([]);
      expect(filter.removed).toBe(1);
    }
  });

  it('keeps an allowed id in the same forms, written canonically', () => {
    expect(run([`See [\n${GOOD} ,\n${OTHER}\n].`]).text).toBe(`See [${GOOD}; ${OTHER}].`);
    expect(run([`See [[${GOOD}]].`]).text).toBe(`See [[${GOOD}]].`);
  });

  it('never joins text around a removed citation into a new one', () => {
    expect(run(['[ref_a[ref_fake0000]b]']).text).toBe('');
    expect(run([`[ref_a [ref_fake0000]] x`]).text).toBe(' x');
    expect(run([`[${GOOD.slice(0, 6)}[ref_fake0000]${GOOD.slice(6)}]`]).text).toBe(`[${GOOD}]`);
  });

  it('escapes a bracket still open at the end, so later text cannot close it', () => {
    expect(run(['tail [ref_fake0000']).text).toBe('tail \\[ref_fake0000');
    expect(extractRefIds(`${run(['tail [ref_fake0000']).text}]`)).toEqual([]);
  });

  it('lets through no citation the editor would read but the evidence set lacks', () => {
    const piece = fc.constantFrom(
      '[',
      ']',
      '[[',
      ']]',
      'ref_',
      'ref_fake0000',
      GOOD,
      'x',
      ' ',
      '  ',
      '\n',
      '\r',
      ';',
      ',',
      '\\',
      '`',
      'PART:',
      'STATUS:FINISHED',
      '(',
      ')',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        (pieces, size) => {
          const input = pieces.join('');
          const chunks = input.match(new RegExp(`[^]{1,${size}}`, 'g')) ?? [];
          const { text } = run(chunks, [GOOD]);
          for (const refId of extractRefIds(text)) expect(refId).toBe(GOOD);
          expect(parseStream(`[PART:content]${text}`).statuses).toEqual([]);
          expect(parseStream(`[PART:content]${text}`).finished).toBe(false);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
