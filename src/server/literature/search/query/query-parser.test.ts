import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_CLAUSES, parseQuery } from './query-parser';

describe('parseQuery', () => {
  it('reads words, quoted phrases, exclusions and requirements', () => {
    expect(parseQuery('deep learning "protein folding" -survey +mice -"review article"')).toEqual([
      { kind: 'word', text: 'deep', occur: 'should' },
      { kind: 'word', text: 'learning', occur: 'should' },
      { kind: 'phrase', text: 'protein folding', occur: 'must' },
      { kind: 'word', text: 'survey', occur: 'mustNot' },
      { kind: 'word', text: 'mice', occur: 'must' },
      { kind: 'phrase', text: 'review article', occur: 'mustNot' },
    ]);
  });

  it('keeps hyphens inside words and ignores stray operators', () => {
    expect(parseQuery('covid-19 - + --x')).toEqual([
      { kind: 'word', text: 'covid-19', occur: 'should' },
      { kind: 'word', text: '-x', occur: 'mustNot' },
    ]);
  });

  it('runs an unterminated quote to the end and drops empty ones', () => {
    expect(parseQuery('a "b c')).toEqual([
      { kind: 'word', text: 'a', occur: 'should' },
      { kind: 'phrase', text: 'b c', occur: 'must' },
    ]);
    expect(parseQuery('"" "  "')).toEqual([]);
  });

  it('accepts typographic quotes', () => {
    expect(parseQuery('“gene expression”')).toEqual([
      { kind: 'phrase', text: 'gene expression', occur: 'must' },
    ]);
  });

  it('treats SQL, regex and shell fragments as plain words', () => {
    expect(parseQuery("'; DROP TABLE papers; -- .*+?^${}()|[]\\").map((c) => c.text)).toEqual([
      "';",
      'DROP',
      'TABLE',
      'papers;',
      '-',
      '.*+?^${}()|[]\\',
    ]);
  });

  it('bounds the work a query can ask for', () => {
    expect(parseQuery('w '.repeat(500))).toHaveLength(MAX_QUERY_CLAUSES);
    expect(parseQuery(undefined)).toEqual([]);
    expect(parseQuery(42)).toEqual([]);
  });

  it('never throws, whatever the input', { timeout: 30_000 }, () => {
    const input = fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
    );
    fc.assert(
      fc.property(input, (text) => {
        for (const clause of parseQuery(text)) {
          expect(clause.text.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 150 },
    );
  });
});
