import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { parseWith } from '../../../http/http-error';
import { checkPaperCitations } from '../../../ai/check/check-paper';
import { paperId } from '../papers/paper-id';
import { chunkAnalysisBody, citationCheckBody } from './schema';

/** Citation checks: the paragraphs a user changed (002 §7) and a whole paper on demand. */
export const citationCheckRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  app.post('/chunk-analysis', async (request) => {
    const body = parseWith(chunkAnalysisBody, request.body ?? {});
    return checkPaperCitations(context, { user: request.user, ...body });
  });

  app.post('/papers/:id/citations/check', async (request) => {
    const id = paperId(request.params);
    const { refIds } = parseWith(citationCheckBody, request.body ?? {});
    return checkPaperCitations(context, { user: request.user, paperId: id, refIds });
  });
};
