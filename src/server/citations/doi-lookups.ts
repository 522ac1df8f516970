import type { Config } from '../config/config';
import { OutboundBudget } from '../net/outbound/outbound-budget';
import type { OutboundHttp } from '../net/outbound/outbound-http';
import type { DoiNegotiationOptions } from './doi-content-negotiation';

/**
 * DOI lookups one API request may make. The reference modal asks for one; a pasted list or a
 * reference list of poorly described works asks for more, and beyond this they get the
 * generated line of their stored record, or '{doi} not looked up: …' when there is none.
 */
export const DOI_LOOKUPS_PER_REQUEST = 20;

/** Negotiation options for one API request: the configured resolver and a fresh budget. */
export function doiLookupsFor(
  config: Config,
  outbound: OutboundHttp,
): Omit<DoiNegotiationOptions, 'style' | 'locale'> {
  return {
    outbound,
    baseUrl: config.literature.doiResolverUrl,
    budget: new OutboundBudget(DOI_LOOKUPS_PER_REQUEST),
  };
}
