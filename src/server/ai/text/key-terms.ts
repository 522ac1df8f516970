import { analyzeToTerms } from '../../literature/search/analyzer';

/**
 * The content terms of a text as the search index sees them: folded, stop words removed,
 * stemmed. The lexical checker and the keyword planner compare texts through these.
 */
export function keyTerms(text: string): string[] {
  return analyzeToTerms(text).filter((term) => term.length > 1 && !/^\d+$/.test(term));
}
