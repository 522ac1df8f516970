import type { OutboundHttp } from '../../net/outbound/outbound-http';
import type { Work } from '../../../shared/citations/work';
import type { WebSearchProvider } from '../providers/literature-provider';
import { endpoint, fetchJson, SourceError } from '../sources/source-http';
import { asRecord } from '../sources/source-work';
import { webWork } from './web-work';

/** The Brave Search API answers at most 20 web results per request. */
const PAGE_SIZE = 20;
/** …and accepts offsets up to 9 (pages of `count`). */
const MAX_OFFSET = 9;

/** The Brave Search API (`/web/search`, key in `X-Subscription-Token`). */
export class BraveSearchProvider implements WebSearchProvider {
  readonly name = 'Brave Search';

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly outbound: OutboundHttp,
  ) {}

  async search(query: string, limit: number, signal: AbortSignal): Promise<Work[]> {
    const works: Work[] = [];
    for (let offset = 0; offset <= MAX_OFFSET && works.length < limit; offset += 1) {
      const url = endpoint(this.baseUrl, 'web/search');
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(PAGE_SIZE));
      url.searchParams.set('offset', String(offset));
      const body = asRecord(
        await fetchJson('Brave Search', url, {
          signal,
          outbound: this.outbound,
          headers: { accept: 'application/json', 'x-subscription-token': this.apiKey },
        }),
      );
      const results = asRecord(body.web).results;
      // A query with no web results answers without the `web` section.
      if (results === undefined && body.type === 'search') break;
      if (!Array.isArray(results)) {
        throw new SourceError('malformed', 'Brave Search answered without web results');
      }
      for (const raw of results) {
        const hit = asRecord(raw);
        const work = webWork({
          url: hit.url,
          title: hit.title,
          snippet: hit.description,
          date: hit.page_age,
          engine: 'Brave Search',
        });
        if (work) works.push(work);
      }
      const more = asRecord(body.query).more_results_available;
      if (results.length === 0 || more !== true) break;
    }
    return works.slice(0, limit);
  }
}
