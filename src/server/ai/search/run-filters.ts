import {
  validateSearchFilters,
  type SearchFilters,
} from '../../../shared/literature/search-filters';
import type { AppContext } from '../../app-context';
import { isFreeTier } from '../../billing/free-tier';
import { HttpError } from '../../http/http-error';
import { withDefaults } from '../../routes/api/literature/search-filters';
import { readSettings } from '../../settings/settings-store';
import { completeFilters, type PartialFilters } from './partial-filters';

/**
 * The filters every literature search of the engine uses for a user's request: the request's
 * (complete or partial), completed with the user's stored filters, else the spec's defaults;
 * checked like the Search Filters dialog checks them (400 with its message); and held to the
 * free tier's rule (002 §5: no web search) whatever the request says, as /api/search and the
 * settings route do.
 */
export async function filtersForRun(
  context: Pick<AppContext, 'config' | 'database'>,
  userId: string,
  requested: PartialFilters | undefined,
): Promise<SearchFilters> {
  const stored = withDefaults((await readSettings(context.database.db, userId))?.searchFilters);
  const filters = requested ? completeFilters(requested, stored) : stored;
  const problem = validateSearchFilters(filters);
  if (problem) throw new HttpError(400, problem);
  if (filters.documentTypes.web && (await isFreeTier(context, userId))) {
    filters.documentTypes.web = false;
  }
  return filters;
}
