import { scientificEnglishAnalyzer } from '../analyzer';
import { Bm25fScorer, DEFAULT_BM25F_PARAMS, type Bm25fParams } from '../bm25f';
import type { IndexableDoc, SearchRequest } from '../bm25-index';
import { FIELD_POSITION_GAP } from '../postings/segment';
import { planQuery, type PhraseQuery } from '../query/query-plan';

/**
 * A deliberately naive BM25F search over plain arrays, used by tests as the oracle the real
 * index must agree with: no postings, no pruning, every document scored from scratch.
 */

interface AnalyzedDoc {
  doc: IndexableDoc;
  titleTerms: Map<string, number>;
  bodyTerms: Map<string, number>;
  positions: Map<string, number[]>;
  titleLength: number;
  bodyLength: number;
}

function analyzeDoc(doc: IndexableDoc): AnalyzedDoc {
  const analyzed: AnalyzedDoc = {
    doc,
    titleTerms: new Map(),
    bodyTerms: new Map(),
    positions: new Map(),
    titleLength: 0,
    bodyLength: 0,
  };
  const record = (field: Map<string, number>, term: string, position: number): void => {
    field.set(term, (field.get(term) ?? 0) + 1);
    analyzed.positions.set(term, [...(analyzed.positions.get(term) ?? []), position]);
  };
  const titlePositions = scientificEnglishAnalyzer.analyze(doc.title ?? '', (term, position) => {
    record(analyzed.titleTerms, term, position);
    analyzed.titleLength += 1;
  });
  const offset = titlePositions + FIELD_POSITION_GAP;
  scientificEnglishAnalyzer.analyze(doc.abstract ?? '', (term, position) => {
    record(analyzed.bodyTerms, term, offset + position);
    analyzed.bodyLength += 1;
  });
  return analyzed;
}

function containsPhrase(doc: AnalyzedDoc, phrase: PhraseQuery): boolean {
  const first = doc.positions.get(phrase.terms[0] ?? '') ?? [];
  return first.some((start) =>
    phrase.terms.every((term, i) =>
      (doc.positions.get(term) ?? []).includes(start + (phrase.offsets[i] ?? 0)),
    ),
  );
}

function passes(doc: IndexableDoc, request: SearchRequest): boolean {
  const year = doc.year ?? 0;
  // An undated document is outside no range; it is left out only when undated ones are excluded.
  if (year === 0) {
    if (request.includeUndated === false) return false;
  } else {
    if (request.yearStart != null && year < request.yearStart) return false;
    if (request.yearEnd != null && year > request.yearEnd) return false;
  }
  if ((doc.citations ?? 0) < (request.minCitations ?? 0)) return false;
  if (doc.owner && doc.owner !== request.viewer) return false;
  const types = request.documentTypes;
  if (types && types.length > 0 && !types.includes(doc.type ?? '')) return false;
  return true;
}

export interface ReferenceHit {
  docId: IndexableDoc['docId'];
  score: number;
}

/** Every matching document with its score, best first (ties: insertion order). */
export function referenceSearch(
  docs: readonly IndexableDoc[],
  request: SearchRequest,
  params: Bm25fParams = DEFAULT_BM25F_PARAMS,
): ReferenceHit[] {
  const analyzed = docs.map(analyzeDoc);
  const live = Math.max(analyzed.length, 1);
  const scorer = new Bm25fScorer(params, {
    docCount: analyzed.length,
    averageTitleLength: analyzed.reduce((sum, d) => sum + d.titleLength, 0) / live,
    averageBodyLength: analyzed.reduce((sum, d) => sum + d.bodyLength, 0) / live,
  });
  const plan = planQuery(request, scientificEnglishAnalyzer);
  const docFreqs = new Map<string, number>();
  for (const doc of analyzed) {
    for (const term of doc.positions.keys()) docFreqs.set(term, (docFreqs.get(term) ?? 0) + 1);
  }
  const hits: ReferenceHit[] = [];
  for (const doc of analyzed) {
    if (!passes(doc.doc, request)) continue;
    if (plan.excluded.some((phrase) => containsPhrase(doc, phrase))) continue;
    if (!plan.required.every((phrase) => containsPhrase(doc, phrase))) continue;
    let score = 0;
    let matched = false;
    for (const { term, weight } of plan.scoring) {
      const tfTitle = doc.titleTerms.get(term) ?? 0;
      const tfBody = doc.bodyTerms.get(term) ?? 0;
      if (tfTitle + tfBody === 0) continue;
      matched = true;
      const idf = scorer.idf(docFreqs.get(term) ?? 0);
      score += weight * scorer.score(idf, tfTitle, tfBody, doc.titleLength, doc.bodyLength);
    }
    const browsing = plan.scoring.length === 0 && !plan.hasText;
    if (browsing) hits.push({ docId: doc.doc.docId, score: 0 });
    else if (matched || plan.required.length > 0) hits.push({ docId: doc.doc.docId, score });
  }
  return hits.sort((a, b) => b.score - a.score);
}
