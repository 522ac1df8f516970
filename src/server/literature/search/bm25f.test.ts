import { describe, expect, it } from 'vitest';
import { Bm25fScorer, DEFAULT_BM25F_PARAMS, inverseDocumentFrequency } from './bm25f';
import { Bm25Index } from './bm25-index';

const params = {
  k1: 1.2,
  title: { weight: 2, b: 0.5 },
  abstract: { weight: 1, b: 0.75 },
};

describe('BM25F scoring', () => {
  /*
   * Hand computation for the query "apple":
   *   d1 title "apple", abstract "banana"          → title length 1, body length 1
   *   d2 title "banana", abstract "apple apple cherry" → title length 1, body length 3
   *   d3 title "cherry", abstract "date"           → title length 1, body length 1
   *   N = 3, df(apple) = 2: idf = ln(1 + (3 − 2 + 0.5) / (2 + 0.5)) = ln 1.6 = 0.4700036292
   *   avg title length 1, avg body length 5/3
   *   d1: tf~ = 2·1 / (0.5 + 0.5·1/1) = 2;        score = idf·2 / (1.2 + 2) = 0.2937522683
   *   d2: tf~ = 1·2 / (0.25 + 0.75·3/(5/3)) = 1.25; score = idf·1.25 / 2.45 = 0.2397977700
   */
  it('matches a hand-computed example', () => {
    expect(inverseDocumentFrequency(3, 2)).toBeCloseTo(0.47000362924573563, 12);
    const index = new Bm25Index({ params });
    index.add({ docId: 'd1', title: 'apple', abstract: 'banana' });
    index.add({ docId: 'd2', title: 'banana', abstract: 'apple apple cherry' });
    index.add({ docId: 'd3', title: 'cherry', abstract: 'date' });
    const hits = index.search({ query: 'apple' });
    expect(hits.map((hit) => hit.docId)).toEqual(['d1', 'd2']);
    expect(hits[0]?.score).toBeCloseTo(0.29375226827858475, 12);
    expect(hits[1]?.score).toBeCloseTo(0.23979777002333447, 12);
  });

  it('adds the scores of several query terms and counts repeated query words', () => {
    const index = new Bm25Index({ params });
    index.add({ docId: 'd1', title: 'apple', abstract: 'banana' });
    index.add({ docId: 'd2', title: 'banana', abstract: 'apple apple cherry' });
    index.add({ docId: 'd3', title: 'cherry', abstract: 'date' });
    const apple = index.search({ query: 'apple' });
    const banana = index.search({ query: 'banana' });
    const both = index.search({ query: 'apple banana' });
    const scoreOf = (hits: typeof both, id: string): number =>
      hits.find((hit) => hit.docId === id)?.score ?? 0;
    expect(scoreOf(both, 'd1')).toBeCloseTo(scoreOf(apple, 'd1') + scoreOf(banana, 'd1'), 12);
    const twice = index.search({ query: 'apple apple' });
    expect(scoreOf(twice, 'd2')).toBeCloseTo(2 * scoreOf(apple, 'd2'), 12);
  });

  it('ranks a title match above an abstract-only match of the same text', () => {
    const index = new Bm25Index();
    const filler = 'we report measurements of several quantities in a cohort';
    index.add({
      docId: 'abstract-only',
      title: 'A cohort study',
      abstract: `${filler} of mitochondria`,
    });
    index.add({ docId: 'title', title: 'A mitochondria study', abstract: `${filler} of cohort` });
    index.add({ docId: 'other', title: 'Unrelated', abstract: 'nothing to see here' });
    expect(index.search({ query: 'mitochondria' }).map((hit) => hit.docId)).toEqual([
      'title',
      'abstract-only',
    ]);
  });

  it('saturates: a term repeated in both fields is not counted twice over', () => {
    const scorer = new Bm25fScorer(DEFAULT_BM25F_PARAMS, {
      docCount: 100,
      averageTitleLength: 10,
      averageBodyLength: 100,
    });
    const idf = scorer.idf(5);
    const both = scorer.score(idf, 3, 30, 10, 100);
    expect(both).toBeLessThan(idf);
    expect(both).toBeGreaterThan(scorer.score(idf, 3, 0, 10, 100));
  });

  it('normalises long abstracts more than short ones', () => {
    const scorer = new Bm25fScorer(DEFAULT_BM25F_PARAMS, {
      docCount: 100,
      averageTitleLength: 10,
      averageBodyLength: 100,
    });
    const idf = scorer.idf(5);
    expect(scorer.score(idf, 0, 2, 10, 50)).toBeGreaterThan(scorer.score(idf, 0, 2, 10, 300));
  });
});
