import { analyzeToTerms } from '../../literature/search/analyzer';
import { Bm25fScorer, DEFAULT_BM25F_PARAMS } from '../../literature/search/bm25f';
import type { FileChunk } from './file-chunks';

function counts(terms: string[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const term of terms) result.set(term, (result.get(term) ?? 0) + 1);
  return result;
}

/**
 * BM25F scores of the chunks for `focusText`, with the literature search engine's analyzer and
 * scorer: the chunk's heading path is the title field and its text the body, the chunks of all
 * of a paper's files forming the collection.
 */
export function scoreChunks(chunks: FileChunk[], focusText: string): number[] {
  const queryTerms = [...new Set(analyzeToTerms(focusText))];
  if (queryTerms.length === 0 || chunks.length === 0) return chunks.map(() => 0);
  const analysed = chunks.map((chunk) => {
    const title = analyzeToTerms(chunk.headings);
    const body = analyzeToTerms(chunk.text);
    return {
      title: counts(title),
      body: counts(body),
      titleLength: title.length,
      bodyLength: body.length,
    };
  });
  const scorer = new Bm25fScorer(DEFAULT_BM25F_PARAMS, {
    docCount: chunks.length,
    averageTitleLength: analysed.reduce((sum, a) => sum + a.titleLength, 0) / chunks.length,
    averageBodyLength: analysed.reduce((sum, a) => sum + a.bodyLength, 0) / chunks.length,
  });
  const idf = new Map(
    queryTerms.map((term) => [
      term,
      scorer.idf(analysed.filter((a) => a.title.has(term) || a.body.has(term)).length),
    ]),
  );
  return analysed.map((a) =>
    queryTerms.reduce(
      (score, term) =>
        score +
        scorer.score(
          idf.get(term) ?? 0,
          a.title.get(term) ?? 0,
          a.body.get(term) ?? 0,
          a.titleLength,
          a.bodyLength,
        ),
      0,
    ),
  );
}
