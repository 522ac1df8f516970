import type { Config } from '../../config/config';
import { OutboundHttp } from './outbound-http';

/**
 * The endpoints the administrator configured for literature, web search and DOI lookups. They
 * are the operator's choice, so they may be on loopback or the local network (a SearXNG
 * container, an institution's OpenSearch, the tests' fake servers); nothing else is, and a
 * redirect from one of them to an address that is not listed is checked like any other.
 */
export function configuredOrigins(config: Config): string[] {
  const literature = config.literature;
  const urls = [
    literature.openAlexUrl,
    literature.crossrefUrl,
    literature.pubMedUrl,
    literature.arxivUrl,
    literature.semanticScholarUrl,
    literature.doiResolverUrl,
    literature.openSearch?.url,
    literature.web.kind === 'off' ? undefined : literature.web.url,
  ];
  return urls.filter((url): url is string => url !== undefined);
}

export function outboundHttpFor(config: Config): OutboundHttp {
  return new OutboundHttp({ trustedOrigins: configuredOrigins(config) });
}
