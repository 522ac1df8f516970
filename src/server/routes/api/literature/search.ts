import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { HttpError } from '../../../http/http-error';
import { enabledDocumentTypes } from '../../../../shared/literature/search-filters';
import { OpenAlexError } from '../../../literature/providers/openalex-provider';
import { searchBody } from './search-schema';

function firstIssue(body: unknown): string | null {
  const result = searchBody.safeParse(body);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? 'Invalid search';
}

export const searchRoutes: FastifyPluginAsync<AppContext> = async (app, { literature }) => {
  app.post('/search', async (request) => {
    const problem = firstIssue(request.body ?? {});
    if (problem) throw new HttpError(400, problem);
    const body = searchBody.parse(request.body ?? {});
    // Spec 002 §5: a search with no query and no filters does nothing.
    if (!body.q.trim() && !body.includeText.trim()) return { results: [] };
    try {
      const results = await literature.provider.search({
        q: body.q,
        includeText: body.includeText,
        excludeText: body.excludeText,
        yearStart: body.yearStart === undefined ? null : Number(body.yearStart),
        yearEnd: body.yearEnd === undefined ? null : Number(body.yearEnd),
        minCitations: body.minCitations === undefined ? 0 : Number(body.minCitations),
        documentTypes: enabledDocumentTypes(body.documentTypes),
        limit: body.n,
      });
      return { results };
    } catch (error) {
      if (error instanceof OpenAlexError) throw new HttpError(502, 'Search failed');
      throw error;
    }
  });
};
