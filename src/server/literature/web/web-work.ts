import { WEB_WORK_TYPE, type Work } from '../../../shared/citations/work';
import { cleanText, parseIsoDate } from '../formats/text-cleanup';
import { sourceWork } from '../sources/source-work';

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/**
 * A web search hit as a work of type 'web' (spec 000 §3): identified and deduplicated by its
 * address, no authors (the payload's 'web' marker), the host as its source so the in-text
 * label reads 'example.org, 2024' (000 §5), the snippet as its abstract.
 */
export function webWork(hit: {
  url: unknown;
  title: unknown;
  snippet: unknown;
  date?: unknown;
  engine: string;
}): Work | null {
  const url = cleanText(hit.url);
  const title = cleanText(hit.title);
  if (url === null || title === null || !/^https?:\/\//i.test(url)) return null;
  const host = hostOf(url);
  if (host === null) return null;
  const date = parseIsoDate(hit.date);
  return sourceWork(url, title, {
    type: WEB_WORK_TYPE,
    url,
    hyperlink: url,
    container_title: host,
    source: hit.engine,
    publisher: host,
    abstract: cleanText(
      typeof hit.snippet === 'string' ? hit.snippet.replace(/<[^>]*>/g, '') : null,
    ),
    published_year: date.year,
    published_month: date.month,
    published_day: date.day,
  });
}
