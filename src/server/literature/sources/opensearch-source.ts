import type { Client } from '@opensearch-project/opensearch';
import type { LiteratureQuery } from '../providers/literature-provider';
import { documentWork } from '../opensearch/works-index';
import { worksQuery } from '../opensearch/works-query';
import type { LiteratureSource, SourceAnswer } from './literature-source';
import { SourceError } from './source-http';

export interface OpenSearchOptions {
  url: string;
  index: string;
}

interface SearchBody {
  hits?: { hits?: { _source?: unknown }[] };
}

/**
 * An institution's OpenSearch cluster holding a whole snapshot (e.g. OpenAlex's ~250M works),
 * loaded with `npm run corpus:import -- --to opensearch`. It stands beside (or replaces) the
 * local library in LITERATURE_SOURCES.
 */
export class OpenSearchSource implements LiteratureSource {
  readonly id = 'opensearch';
  readonly label = 'the institution library';
  #client: Promise<Client> | null = null;

  constructor(private readonly options: OpenSearchOptions) {}

  /** The client library is loaded on the first search, not at every server start. */
  private client(): Promise<Client> {
    // The federation has its own time limit and reports failures; the client must not retry.
    this.#client ??= import('@opensearch-project/opensearch').then(
      ({ Client }) => new Client({ node: this.options.url, maxRetries: 0 }),
    );
    return this.#client;
  }

  async search(query: LiteratureQuery, signal: AbortSignal): Promise<SourceAnswer> {
    let body: SearchBody;
    try {
      const request = (await this.client()).search({
        index: this.options.index,
        body: worksQuery(query),
      });
      const abort = () => request.abort();
      signal.addEventListener('abort', abort, { once: true });
      try {
        body = (await request).body as SearchBody;
      } finally {
        signal.removeEventListener('abort', abort);
      }
    } catch (error) {
      if (signal.aborted) throw new SourceError('timeout', 'OpenSearch did not answer in time');
      const status = (error as { meta?: { statusCode?: number } }).meta?.statusCode;
      if (status === 429)
        throw new SourceError('rate-limited', 'OpenSearch is rate-limiting requests');
      throw new SourceError(status ? 'http' : 'unreachable', `OpenSearch failed: ${String(error)}`);
    }
    const hits = body.hits?.hits;
    if (!Array.isArray(hits))
      throw new SourceError('malformed', 'OpenSearch answered without hits');
    return { works: hits.flatMap((hit) => documentWork(hit._source) ?? []) };
  }
}
