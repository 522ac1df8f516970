import type { SearchRequest } from '../../src/server/literature/search/bm25-index';
import { ENGLISH_STOP_WORDS } from '../../src/server/literature/search/text/stop-words';
import type { BaseDoc } from './perturbed-corpus';
import { pick, seededRandom } from './seeded-random';

export type QueryKind = 'words' | 'title' | 'phrase' | 'filtered' | 'exclude';

export interface WorkloadQuery {
  kind: QueryKind;
  request: SearchRequest;
}

export const QUERY_KINDS: readonly QueryKind[] = [
  'words',
  'title',
  'phrase',
  'filtered',
  'exclude',
];

function contentWords(title: string): string[] {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 2 && !ENGLISH_STOP_WORDS.has(word));
}

function sample(random: () => number, words: string[], count: number): string[] {
  const chosen = new Set<string>();
  while (chosen.size < Math.min(count, words.length)) chosen.add(pick(random, words));
  return [...chosen];
}

/**
 * Queries of the kinds the app sends, drawn from real titles: a few keywords, a whole title
 * (what an AI assistant tends to send), a quoted phrase plus keywords, keywords with the
 * filter dialog's year, citation and type filters, and keywords with an excluded word.
 */
export function queryWorkload(
  base: readonly BaseDoc[],
  perKind: number,
  seed = 11,
): WorkloadQuery[] {
  const random = seededRandom(seed);
  const queries: WorkloadQuery[] = [];
  const titles = base.map((doc) => doc.title).filter((title) => contentWords(title).length >= 4);
  for (const kind of QUERY_KINDS) {
    for (let i = 0; i < perKind; i++) {
      const title = pick(random, titles);
      const words = contentWords(title);
      const keywords = sample(random, words, 2 + Math.floor(random() * 3)).join(' ');
      const start = Math.floor(random() * (words.length - 1));
      const phrase = `"${words[start]} ${words[start + 1]}"`;
      const yearStart = 1995 + Math.floor(random() * 20);
      const requests: Record<QueryKind, SearchRequest> = {
        words: { query: keywords },
        title: { query: title },
        phrase: { query: `${phrase} ${sample(random, words, 2).join(' ')}` },
        filtered: {
          query: keywords,
          yearStart,
          yearEnd: yearStart + 5,
          minCitations: 10,
          documentTypes: ['article'],
        },
        exclude: { query: `${keywords} -${pick(random, words)}` },
      };
      queries.push({ kind, request: requests[kind] });
    }
  }
  return queries;
}
