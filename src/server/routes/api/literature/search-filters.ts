import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { isFreeTier } from '../../../billing/free-tier';
import { HttpError, parseWith } from '../../../http/http-error';
import {
  DOCUMENT_TYPES,
  defaultSearchFilters,
  validateSearchFilters,
  type SearchFilters,
} from '../../../../shared/literature/search-filters';
import { readSettings, writeSearchFilters } from '../../../settings/settings-store';

export const filtersShape = z.object({
  includeText: z.string().max(2000),
  excludeText: z.string().max(2000),
  yearRange: z.tuple([z.number(), z.number()]),
  // Filters saved before the option existed include undated works, as the default does.
  includeUndated: z.boolean().default(true),
  minCitations: z.number(),
  documentTypes: z.object(
    Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, z.boolean()])) as Record<
      (typeof DOCUMENT_TYPES)[number],
      z.ZodBoolean
    >,
  ),
  jifFilter: z.object({ enabled: z.boolean(), minValue: z.number() }),
});

/** Stored filters from an older shape are completed with today's defaults. */
export function withDefaults(stored: unknown): SearchFilters {
  const parsed = filtersShape.safeParse(stored);
  return parsed.success ? parsed.data : defaultSearchFilters();
}

/** The user's search filters (spec 002 §3, §9), kept per user so every device uses them. */
export const searchFilterRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { database } = context;
  /**
   * `webSearchAllowed` (beyond the spec's {filters}) tells the dialog whether ticking web pages
   * is allowed; for a free-tier user web is forced off at load (002 §5).
   */
  app.get('/settings/search-filters', async (request) => {
    const settings = await readSettings(database.db, request.user.id);
    const filters = withDefaults(settings?.searchFilters);
    const webSearchAllowed = !(await isFreeTier(context, request.user.id));
    if (!webSearchAllowed) filters.documentTypes.web = false;
    return { filters, webSearchAllowed };
  });

  app.put('/settings/search-filters', async (request) => {
    const { filters } = parseWith(z.object({ filters: filtersShape }), request.body);
    const problem = validateSearchFilters(filters);
    if (problem) throw new HttpError(400, problem);
    if (filters.documentTypes.web && (await isFreeTier(context, request.user.id))) {
      filters.documentTypes.web = false;
    }
    await writeSearchFilters(database.db, request.user.id, filters);
    return { filters };
  });
};
