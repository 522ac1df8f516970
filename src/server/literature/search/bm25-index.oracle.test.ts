import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bm25Index, type IndexableDoc, type SearchRequest } from './bm25-index';
import { referenceSearch } from './testing/reference-search';

/*
 * The index must return exactly what a naive scorer returns: same documents, same scores,
 * whatever the segment layout, merges, removals or pruning did on the way.
 */

const VOCABULARY = ['cell', 'gene', 'protein', 'brain', 'model', 'the', 'of', 'mouse', 'cancer'];
const word = fc.constantFrom(...VOCABULARY);
const text = (max: number) => fc.array(word, { maxLength: max }).map((words) => words.join(' '));

const docArbitrary = fc.record({
  title: text(5),
  abstract: text(25),
  year: fc.option(fc.integer({ min: 1990, max: 2000 }), { nil: null }),
  citations: fc.integer({ min: 0, max: 50 }),
  type: fc.constantFrom('article', 'preprint'),
  owner: fc.constantFrom(null, null, 'alice', 'bob'),
});

const requestArbitrary: fc.Arbitrary<SearchRequest> = fc.record({
  query: fc
    .tuple(
      fc.array(word, { minLength: 1, maxLength: 4 }),
      fc.option(fc.tuple(word, word), { nil: null }),
      fc.option(word, { nil: null }),
    )
    .map(([words, phrase, excluded]) =>
      [
        ...words,
        phrase === null ? '' : `"${phrase.join(' ')}"`,
        excluded === null ? '' : `-${excluded}`,
      ].join(' '),
    ),
  yearStart: fc.option(fc.integer({ min: 1990, max: 2000 }), { nil: undefined }),
  includeUndated: fc.option(fc.boolean(), { nil: undefined }),
  minCitations: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }),
  documentTypes: fc.option(fc.constant(['preprint']), { nil: undefined }),
  limit: fc.constantFrom(1, 3, 10, 100),
  viewer: fc.constantFrom(undefined, 'alice', 'carol'),
});

function expectSameResults(index: Bm25Index, live: IndexableDoc[], request: SearchRequest): void {
  const actual = index.search(request);
  const expected = referenceSearch(live, request).slice(0, request.limit ?? 100);
  expect(actual.map((hit) => hit.score)).toEqual(
    expected.map((hit) => expect.closeTo(hit.score, 9)),
  );
  const reference = new Map(referenceSearch(live, request).map((hit) => [hit.docId, hit.score]));
  for (const hit of actual) expect(hit.score).toBeCloseTo(reference.get(hit.docId) ?? NaN, 9);
}

describe('index versus a brute-force BM25F oracle', () => {
  it('agrees across segments and merges', () => {
    fc.assert(
      fc.property(
        fc.array(docArbitrary, { minLength: 1, maxLength: 60 }),
        fc.array(requestArbitrary, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 20, max: 400 }),
        (rawDocs, requests, bufferSize) => {
          const docs = rawDocs.map((doc, docId) => ({ ...doc, docId }));
          const index = new Bm25Index({ maxBufferedPostings: bufferSize });
          docs.forEach((doc, i) => {
            index.add(doc);
            if (i % 7 === 3) index.flush();
          });
          for (const request of requests) expectSameResults(index, docs, request);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('agrees after removals and replacements once removed postings are purged', () => {
    fc.assert(
      fc.property(
        fc.array(docArbitrary, { minLength: 2, maxLength: 50 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        requestArbitrary,
        (rawDocs, removals, request) => {
          const docs = rawDocs.map((doc, docId) => ({ ...doc, docId }));
          const index = new Bm25Index({ maxBufferedPostings: 64 });
          for (const doc of docs) index.add(doc);
          const live = new Map(docs.map((doc) => [doc.docId, doc]));
          removals.forEach((n, i) => {
            const docId = n % docs.length;
            if (i % 3 === 0) {
              const replacement = { ...docs[(docId + 1) % docs.length]!, docId };
              index.add(replacement);
              live.delete(docId);
              live.set(docId, replacement);
            } else {
              index.remove(docId);
              live.delete(docId);
            }
          });
          index.optimize();
          expectSameResults(index, [...live.values()], request);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('prunes exactly when a rare word decides and a common word only refines', () => {
    const docs: IndexableDoc[] = [];
    for (let i = 0; i < 3000; i++) {
      const rare = i % 97 === 0 ? ' rare' : '';
      docs.push({
        docId: i,
        title: `common topic${i % 13}${rare}`,
        abstract: `common ${'filler '.repeat(i % 11)}`,
      });
    }
    const index = new Bm25Index();
    for (const doc of docs) index.add(doc);
    for (const limit of [1, 5, 40]) {
      expectSameResults(index, docs, { query: 'rare common topic3', limit });
      expectSameResults(index, docs, { query: 'common rare', limit, minCitations: 0 });
    }
  });
});
