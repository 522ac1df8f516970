import type { Bm25fScorer } from '../bm25f';
import { DocState, type DocTable } from '../doc-table';
import type { Segment } from '../postings/segment';
import type { TermDictionary } from '../term-dictionary';
import { rankCandidates } from './candidate-scoring';
import { Exclusions } from './exclusions';
import { maxScoreTopK, type BoundedTerm } from './max-score';
import { matchPhrase, type ResolvedPhrase } from './phrase-matcher';
import type { PhraseQuery, QueryPlan } from './query-plan';
import type { SearchScratch } from './search-scratch';
import { passesFilter, type CompiledFilter } from './search-filters';
import { TopK } from './top-k';

export interface SearchContext {
  readonly segments: readonly Segment[];
  readonly docs: DocTable;
  readonly terms: TermDictionary;
  readonly scorer: Bm25fScorer;
  readonly scratch: SearchScratch;
}

export interface RankedDoc {
  ordinal: number;
  score: number;
}

type Eligibility = (ordinal: number) => boolean;

function resolve(phrase: PhraseQuery, terms: TermDictionary): ResolvedPhrase {
  return { termIds: phrase.terms.map((term) => terms.idOf(term)), offsets: phrase.offsets };
}

function boundedTerms(ctx: SearchContext, plan: QueryPlan): BoundedTerm[] {
  const bounded: BoundedTerm[] = [];
  for (const { term, weight } of plan.scoring) {
    const termId = ctx.terms.idOf(term);
    const docFreq = termId === -1 ? 0 : ctx.terms.docFreq(termId);
    if (docFreq <= 0) continue;
    const idf = ctx.scorer.idf(docFreq);
    bounded.push({ termId, idf, weight, bound: idf * weight });
  }
  return bounded;
}

/** Documents matching every required phrase, cheapest clause first, or null if none can. */
function matchRequired(ctx: SearchContext, plan: QueryPlan): Uint32Array | null {
  const resolved = plan.required.map((phrase) => resolve(phrase, ctx.terms));
  if (resolved.some((phrase) => phrase.termIds.includes(-1))) return null;
  const rarity = (phrase: ResolvedPhrase): number =>
    Math.min(...phrase.termIds.map((id) => ctx.terms.docFreq(id)));
  resolved.sort((a, b) => rarity(a) - rarity(b));
  let matches: Uint32Array | null = null;
  for (const phrase of resolved) {
    matches = matchPhrase(ctx.segments, phrase, matches);
    if (matches.length === 0) return null;
  }
  return matches;
}

function rankRequired(
  ctx: SearchContext,
  plan: QueryPlan,
  terms: readonly BoundedTerm[],
  eligible: Eligibility,
  k: number,
): RankedDoc[] {
  const matches = matchRequired(ctx, plan);
  if (matches === null) return [];
  const candidates = matches.filter(eligible);
  const scores = ctx.scratch.scores;
  for (const doc of candidates) scores[doc] = 0;
  const scoring = { segments: ctx.segments, scorer: ctx.scorer, columns: ctx.docs.columns, scores };
  return rankCandidates(scoring, candidates, terms, k);
}

/** A request with filters but no text: the most cited matching documents come first. */
function rankByCitations(ctx: SearchContext, eligible: Eligibility, k: number): RankedDoc[] {
  const citations = ctx.docs.columns.citations;
  const top = new TopK(k);
  for (let ordinal = 0; ordinal < ctx.docs.count; ordinal++) {
    if (eligible(ordinal)) top.offer(ordinal, citations[ordinal]!);
  }
  return top.drain().map(({ doc }) => ({ ordinal: doc, score: 0 }));
}

/**
 * Runs a planned query; results are best first, at most `k`. Filters decide eligibility while
 * candidates are collected, exclusions are probed for candidates in ordinal order: required
 * phrases narrow the candidates before ranking, free words go through MaxScore.
 */
export function executeSearch(
  ctx: SearchContext,
  plan: QueryPlan,
  filter: CompiledFilter,
  k: number,
): RankedDoc[] {
  if (k <= 0) return [];
  ctx.scratch.reserve(ctx.docs.count);
  const columns = ctx.docs.columns;
  const admissible: Eligibility = (ordinal) =>
    columns.states[ordinal] === DocState.live && passesFilter(filter, columns, ordinal);
  const excluded = plan.excluded.map((phrase) => resolve(phrase, ctx.terms));
  const exclusions = new Exclusions(ctx.segments, excluded);
  // Both paths below ask in ascending ordinal order, as Exclusions requires.
  const eligible: Eligibility = exclusions.isEmpty
    ? admissible
    : (ordinal) => admissible(ordinal) && !exclusions.has(ordinal);
  const terms = boundedTerms(ctx, plan);
  if (plan.required.length > 0) return rankRequired(ctx, plan, terms, eligible, k);
  if (plan.scoring.length === 0 && !plan.hasText) return rankByCitations(ctx, eligible, k);
  if (terms.length === 0) return [];
  const notExcluded = exclusions.isEmpty ? null : (ordinal: number) => !exclusions.has(ordinal);
  const top = maxScoreTopK(ctx.segments, terms, ctx.scorer, columns, admissible, notExcluded, k);
  return top.drain().map(({ doc, score }) => ({ ordinal: doc, score }));
}
