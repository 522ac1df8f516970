import type { TextAnalyzer } from '../analyzer';
import { parseQuery, type QueryClause } from './query-parser';

/** A run of terms at fixed relative positions; a single term is a phrase of length one. */
export interface PhraseQuery {
  terms: string[];
  offsets: number[];
}

export interface ScoringTerm {
  term: string;
  /** How often the term occurs in the query; repeated words weigh more. */
  weight: number;
}

/** What retrieval has to do, with every piece of text already analysed into index terms. */
export interface QueryPlan {
  scoring: ScoringTerm[];
  required: PhraseQuery[];
  excluded: PhraseQuery[];
  /** Whether the query or includeText said anything, even if it was all stop words. */
  hasText: boolean;
}

export interface QueryText {
  /** The search box: words rank, "phrases" and +words are required, -words excluded. */
  query?: string | null;
  /** "All of these": every word and "phrase" must occur (-words are excluded). */
  includeText?: string | null;
  /** "None of these": any word or "phrase" here excludes a document. */
  excludeText?: string | null;
}

function toPhrase(text: string, analyzer: TextAnalyzer): PhraseQuery | null {
  const terms: string[] = [];
  const offsets: number[] = [];
  analyzer.analyze(text, (term, position) => {
    terms.push(term);
    offsets.push(position);
  });
  const first = offsets[0];
  if (first === undefined) return null;
  return { terms, offsets: offsets.map((offset) => offset - first) };
}

/**
 * Builds the retrieval plan. Semantics follow the familiar "advanced search" form: the search
 * box ranks, includeText is "all of these words", excludeText is "none of these words". Required
 * words and phrases also rank, so a document that has them more often scores higher.
 */
export function planQuery(text: QueryText, analyzer: TextAnalyzer): QueryPlan {
  const weights = new Map<string, number>();
  const required: PhraseQuery[] = [];
  const excluded: PhraseQuery[] = [];

  const addScoring = (phrase: PhraseQuery): void => {
    for (const term of phrase.terms) weights.set(term, (weights.get(term) ?? 0) + 1);
  };
  const addClause = (clause: QueryClause): void => {
    const phrase = toPhrase(clause.text, analyzer);
    if (phrase === null) return;
    if (clause.occur === 'mustNot') {
      excluded.push(phrase);
      return;
    }
    addScoring(phrase);
    if (clause.occur === 'must') required.push(phrase);
  };

  const queryClauses = parseQuery(text.query);
  const includeClauses = parseQuery(text.includeText);
  for (const clause of queryClauses) addClause(clause);
  for (const clause of includeClauses) {
    addClause(clause.occur === 'should' ? { ...clause, occur: 'must' } : clause);
  }
  for (const clause of parseQuery(text.excludeText)) addClause({ ...clause, occur: 'mustNot' });

  const scoring = [...weights].map(([term, weight]) => ({ term, weight }));
  const hasText = queryClauses.length > 0 || includeClauses.length > 0;
  return { scoring, required, excluded, hasText };
}
