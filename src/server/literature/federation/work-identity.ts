import { arxivIdOf, parseDoi } from '../../../shared/citations/doi';
import { dedupeKey } from '../../../shared/citations/ref-id';
import { isWebSource, type Work } from '../../../shared/citations/work';
import { foldText } from '../search/text/fold-text';

const PUBMED_URL = /pubmed\.ncbi\.nlm\.nih\.gov\/(\d+)/i;
/** Shorter titles ('Introduction', 'Editorial') are shared by unrelated works. */
const MIN_TITLE_KEY_LENGTH = 20;

function withoutVersion(arxivId: string): string {
  return arxivId.replace(/v\d+$/, '');
}

/**
 * Every identity a work shows (spec 000 §9 extended across sources): its DOI, arXiv id and
 * PubMed id wherever they are written (id, doi, links), and its normalised title with the
 * year. Two results sharing any of these are one work. A web page is only its address.
 */
export function identitiesOf(work: Work): string[] {
  if (isWebSource(work)) return [dedupeKey(work)];
  // The store's own key (spec 000 §9) first: the same source id is the same work.
  const keys = new Set<string>([dedupeKey(work)]);
  for (const value of [work.doi, work.id]) {
    if (!value) continue;
    const parsed = parseDoi(value);
    if (parsed?.startsWith('arxiv:')) keys.add(`arxiv:${withoutVersion(parsed.slice(6))}`);
    else if (parsed) keys.add(`doi:${parsed}`);
    if (value.startsWith('pmid:')) keys.add(value);
  }
  for (const link of [work.hyperlink, work.url]) {
    if (!link) continue;
    const arxiv = arxivIdOf(link);
    if (arxiv) keys.add(`arxiv:${withoutVersion(arxiv)}`);
    const pubmed = PUBMED_URL.exec(link);
    if (pubmed?.[1]) keys.add(`pmid:${pubmed[1]}`);
  }
  const title = foldText(work.title).replace(/[^a-z0-9]+/g, '');
  if (title.length >= MIN_TITLE_KEY_LENGTH && work.published_year !== null) {
    keys.add(`title:${title}|${work.published_year}`);
  }
  return [...keys];
}
