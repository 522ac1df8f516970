import type { Work } from '../../../shared/citations/work';
import { plainAbstract } from '../text/plain-abstract';
import { tokenCount, truncateToTokens } from './token-count';

const ABSTRACT_TOKENS = 320;

function authorsShort(authors: readonly string[]): string {
  if (authors.length === 0) return 'n.a.';
  return authors.length > 2 ? `${authors[0]} et al.` : authors.join(' & ');
}

export function evidenceEntry(work: Work): string {
  const year = work.published_year ?? 'n.d.';
  const abstract = truncateToTokens(plainAbstract(work.abstract), ABSTRACT_TOKENS);
  return `[${work.refId}] ${work.title} (${authorsShort(work.authors)}, ${year})\n${abstract || '(no abstract)'}`;
}

/** The best-ranked works whose entries fit the token budget, and the prompt block they make. */
export function fitEvidence<T extends Work>(
  ranked: readonly T[],
  tokenBudget: number,
  maxWorks: number,
): { works: T[]; block: string } {
  const works: T[] = [];
  const entries: string[] = [];
  let used = 0;
  for (const work of ranked) {
    if (works.length >= maxWorks) break;
    const entry = evidenceEntry(work);
    const cost = tokenCount(entry) + 2;
    if (used + cost > tokenBudget) continue;
    works.push(work);
    entries.push(entry);
    used += cost;
  }
  return { works, block: entries.join('\n\n') };
}
