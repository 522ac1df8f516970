import {
  sourceAnswered,
  type SearchHidden,
  type SearchSourceReport,
} from '../../../shared/literature/search-report';

const HIDDEN_NAMES: Record<SearchHidden['type'], string> = {
  article: 'Articles',
  // Preprints that name their journal are shown among articles: these are the others.
  preprint: 'Preprints not published in a journal',
  undated: 'Works without a year',
  wikipedia: 'Wikipedia pages',
  rmv: 'Retracted or removed works',
  web: 'Web pages',
};

/** Spec 002 §5's alert, also shown under the results when a search skipped the web for it. */
export const WEB_NOT_ALLOWED_NOTE =
  'Web search is not available for free tier users. Please upgrade your account to access web search.';

function joined(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

function named(source: SearchSourceReport): string {
  return source.size === undefined
    ? source.label
    : `${source.label} (${source.size.toLocaleString('en-US')} works)`;
}

const DOWN = new Set(['unreachable', 'timeout']);

/**
 * "Searched: this server's library (21,000 works), OpenAlex, PubMed; arXiv did not answer".
 * Sources still answering are named ("still asking OpenAlex…"); when every outside source is
 * unreachable the line says so, as a server without internet is. A refused web search is said
 * apart (002 §5's words); null when no source was asked.
 */
export function sourcesLine(sources: SearchSourceReport[]): string | null {
  const asked = sources.filter((source) => source.status !== 'not-allowed');
  if (asked.length === 0) return null;
  const answered = asked.filter(sourceAnswered).map(named);
  const pending = asked.filter((source) => source.status === 'pending');
  const silent = asked.filter((source) => !sourceAnswered(source) && source.status !== 'pending');
  const outside = asked.filter((source) => source.id !== 'local');
  const parts = [answered.length > 0 ? `Searched: ${answered.join(', ')}` : 'No source answered'];
  if (pending.length > 0) parts.push(`still asking ${joined(pending.map((s) => s.label))}…`);
  if (silent.length > 0 && answered.length > 0) {
    const names = joined(silent.map((source) => source.label));
    const allDown = outside.length > 0 && outside.every((source) => DOWN.has(source.status));
    parts.push(allDown ? `outside sources are unreachable (${names})` : `${names} did not answer`);
  }
  return parts.join('; ');
}

/** The offer under the library's results: "12 more from OpenAlex and PubMed…". */
export function moreText(count: number, from: string[]): string {
  return from.length > 0 ? `${count} more from ${joined(from)}…` : `${count} more…`;
}

export function webRefused(sources: SearchSourceReport[]): boolean {
  return sources.some((source) => source.status === 'not-allowed');
}

/** "Works without a year are hidden by your filters" (the link 'show 37' follows it). */
export function hiddenText(hidden: SearchHidden): string {
  return `${HIDDEN_NAMES[hidden.type]} are hidden by your filters`;
}
