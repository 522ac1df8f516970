import type { Config } from '../../config/config';
import type { LiteratureSourceId } from '../../config/env';
import type { Db } from '../../db/database';
import type { OutboundHttp } from '../../net/outbound/outbound-http';
import type { LocalSearchIndex } from '../local-search-index';
import type { WebSearchProvider } from '../providers/literature-provider';
import { ArxivSource } from '../sources/arxiv-source';
import { CrossrefSource } from '../sources/crossref-source';
import type { LiteratureSource } from '../sources/literature-source';
import { LocalSource } from '../sources/local-source';
import { OpenAlexSource } from '../sources/openalex-source';
import { OpenSearchSource } from '../sources/opensearch-source';
import { PubMedSource } from '../sources/pubmed-source';
import { SemanticScholarSource } from '../sources/semantic-scholar-source';
import { BraveSearchProvider } from '../web/brave-provider';
import { SearxngProvider } from '../web/searxng-provider';
import { WebSource } from '../web/web-source';

/** The configured web search engine, or null when WEB_SEARCH is off. */
export function configuredWebSearch(
  config: Config,
  outbound: OutboundHttp,
): WebSearchProvider | null {
  const web = config.literature.web;
  if (web.kind === 'searxng') return new SearxngProvider(web.url, outbound);
  if (web.kind === 'brave') return new BraveSearchProvider(web.url, web.apiKey, outbound);
  return null;
}

/** The sources LITERATURE_SOURCES names, each with its configured address and keys. */
export function configuredSources(
  config: Config,
  db: Db,
  index: LocalSearchIndex,
  outbound: OutboundHttp,
): LiteratureSource[] {
  const literature = config.literature;
  const build: Record<LiteratureSourceId, () => LiteratureSource> = {
    local: () => new LocalSource(index),
    openalex: () =>
      new OpenAlexSource({
        baseUrl: literature.openAlexUrl,
        mailto: literature.openAlexMailto,
        outbound,
      }),
    crossref: () =>
      new CrossrefSource({
        baseUrl: literature.crossrefUrl,
        mailto: literature.crossrefMailto,
        outbound,
      }),
    pubmed: () =>
      new PubMedSource({
        baseUrl: literature.pubMedUrl,
        apiKey: literature.pubMedApiKey,
        email: literature.crossrefMailto,
        outbound,
      }),
    arxiv: () => new ArxivSource({ baseUrl: literature.arxivUrl, outbound }),
    semanticscholar: () =>
      new SemanticScholarSource({
        baseUrl: literature.semanticScholarUrl,
        apiKey: literature.semanticScholarApiKey,
        outbound,
      }),
    opensearch: () => new OpenSearchSource(literature.openSearch!),
  };
  const sources = literature.sources.map((id) => build[id]());
  const web = configuredWebSearch(config, outbound);
  return web ? [...sources, new WebSource(web)] : sources;
}
