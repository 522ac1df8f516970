import type { AppContext } from '../app-context';
import type { Capabilities } from '../../shared/about/capabilities';
import { countSharedWorks } from '../literature/store/work-store';
import { FederatedLiteratureProvider } from '../literature/federation/federated-provider';

/** Catalogues that alone hold more than the spec's 130M scientific paper abstracts. */
const CATALOGUE_SCALE = new Set(['openalex', 'semanticscholar']);

/** Not catalogues of paper abstracts: the server's own library (counted) and web pages. */
const NOT_CATALOGUES = new Set(['local', 'web']);

/** The outside catalogues of scientific papers a search asks. */
function outsideSources(context: AppContext): { id: string; label: string }[] {
  const provider = context.literature.provider;
  if (provider instanceof FederatedLiteratureProvider) {
    return provider.sources.filter((source) => !NOT_CATALOGUES.has(source.id));
  }
  return provider.name === 'openalex' ? [{ id: 'openalex', label: 'OpenAlex' }] : [];
}

/** What this server does, for the texts that describe it (the About dialog). */
export async function serverCapabilities(context: AppContext): Promise<Capabilities> {
  const outside = outsideSources(context);
  return {
    library: {
      works: await countSharedWorks(context.database.db),
      catalogues: outside.map((source) => source.label),
      catalogueScale: outside.some((source) => CATALOGUE_SCALE.has(source.id)),
    },
    dataAnalysis: (await context.analysis.unavailableReason()) === null,
  };
}
