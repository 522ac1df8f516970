import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { HttpError } from '../../../http/http-error';
import { isFreeTier } from '../../../billing/free-tier';
import { enabledDocumentTypes, yearBounds } from '../../../../shared/literature/search-filters';
import { OpenAlexError } from '../../../literature/providers/openalex-provider';
import { searchBody } from './search-schema';

function firstIssue(body: unknown): string | null {
  const result = searchBody.safeParse(body);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? 'Invalid search';
}

/** The answer beside {results} for a free-tier user who asked for web pages (002 §5). */
const WEB_NOT_ALLOWED = {
  id: 'web',
  label: 'the web',
  status: 'not-allowed',
  count: 0,
} as const;

/**
 * POST /api/search (002 §7): `{results}` as the spec says, plus `sources` (which sources
 * answered) and `hidden` (matches the document-type filter left out, per type).
 */
export const searchRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { literature } = context;
  app.post('/search', async (request) => {
    const problem = firstIssue(request.body ?? {});
    if (problem) throw new HttpError(400, problem);
    const body = searchBody.parse(request.body ?? {});
    // Spec 002 §5: a search with no query and no filters does nothing.
    if (!body.q.trim() && !body.includeText.trim()) return { results: [], sources: [], hidden: [] };
    let documentTypes = enabledDocumentTypes(body.documentTypes);
    // 002 §5: free-tier users cannot search the web, whatever the request says.
    const webRefused =
      documentTypes.includes('web') && (await isFreeTier(context, request.user.id));
    if (webRefused) documentTypes = documentTypes.filter((type) => type !== 'web');
    try {
      const answer = await literature.provider.answer(
        {
          q: body.q,
          includeText: body.includeText,
          excludeText: body.excludeText,
          ...yearBounds(
            body.yearStart === undefined ? null : Number(body.yearStart),
            body.yearEnd === undefined ? null : Number(body.yearEnd),
            body.includeUndated,
          ),
          minCitations: body.minCitations === undefined ? 0 : Number(body.minCitations),
          documentTypes,
          limit: body.n,
          viewerId: request.user.id,
        },
        body.stage,
      );
      return webRefused ? { ...answer, sources: [...answer.sources, WEB_NOT_ALLOWED] } : answer;
    } catch (error) {
      if (error instanceof OpenAlexError) throw new HttpError(502, 'Search failed');
      throw error;
    }
  });
};
