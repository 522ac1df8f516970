import type { LiteratureQuery } from '../providers/literature-provider';
import { parseQuery, type QueryClause } from '../search/query/query-parser';
import { ENGLISH_STOP_WORDS } from '../search/text/stop-words';

/**
 * The user's query as the local engine reads it (002 §3 filters, search-box syntax), ready to
 * be written in each API's own syntax: ranking words, required words and phrases (quoted
 * phrases, +words, include text) and excluded ones (-words, exclude text).
 */
export interface SourceTerms {
  ranking: string[];
  required: string[];
  excluded: string[];
}

function bucket(clause: QueryClause, terms: SourceTerms, forceRequired: boolean) {
  if (clause.occur === 'mustNot') terms.excluded.push(clause.text);
  else if (clause.occur === 'must' || clause.kind === 'phrase' || forceRequired) {
    terms.required.push(clause.text);
  } else terms.ranking.push(clause.text);
}

export function sourceTerms(query: LiteratureQuery): SourceTerms {
  const terms: SourceTerms = { ranking: [], required: [], excluded: [] };
  for (const clause of parseQuery(query.q)) bucket(clause, terms, false);
  for (const clause of parseQuery(query.includeText)) bucket(clause, terms, true);
  for (const clause of parseQuery(query.excludeText)) {
    terms.excluded.push(clause.text);
  }
  return terms;
}

/** Words that carry meaning, for APIs that AND every word they are given. */
export function meaningfulWords(words: string[]): string[] {
  return words.filter((word) => word.includes(' ') || !ENGLISH_STOP_WORDS.has(word.toLowerCase()));
}

/** A phrase in double quotes, a single word bare: the syntax most search APIs share. */
export function quoted(text: string): string {
  const clean = text.replace(/"/g, ' ').trim();
  return /\s/.test(clean) ? `"${clean}"` : clean;
}

/** Plain text for APIs without operators: every ranking and required word, nothing excluded. */
export function plainText(terms: SourceTerms): string {
  return [...terms.ranking, ...terms.required].join(' ').trim();
}
