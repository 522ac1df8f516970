import type { OutboundHttp } from '../../net/outbound/outbound-http';
import type { Work } from '../../../shared/citations/work';
import type { WebSearchProvider } from '../providers/literature-provider';
import { endpoint, fetchJson, SourceError } from '../sources/source-http';
import { asRecord } from '../sources/source-work';
import { webWork } from './web-work';

/** SearXNG answers about 10 results a page (depends on its engines); a few pages are enough. */
const MAX_PAGES = 3;

/**
 * A self-hosted SearXNG instance through its JSON API (`/search?format=json`; the instance
 * must list `json` under `search.formats` in its settings.yml, else it answers 403).
 */
export class SearxngProvider implements WebSearchProvider {
  readonly name = 'SearXNG';

  constructor(
    private readonly baseUrl: string,
    private readonly outbound: OutboundHttp,
  ) {}

  async search(query: string, limit: number, signal: AbortSignal): Promise<Work[]> {
    const works: Work[] = [];
    for (let page = 1; page <= MAX_PAGES && works.length < limit; page += 1) {
      const url = endpoint(this.baseUrl, 'search');
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      url.searchParams.set('pageno', String(page));
      const body = asRecord(
        await fetchJson('SearXNG', url, {
          signal,
          outbound: this.outbound,
          headers: { accept: 'application/json' },
        }),
      );
      if (!Array.isArray(body.results)) {
        throw new SourceError('malformed', 'SearXNG answered without a results list');
      }
      for (const raw of body.results) {
        const hit = asRecord(raw);
        const work = webWork({
          url: hit.url,
          title: hit.title,
          snippet: hit.content,
          date: hit.publishedDate,
          engine: 'SearXNG',
        });
        if (work) works.push(work);
      }
      if (body.results.length === 0) break;
    }
    return works.slice(0, limit);
  }
}
