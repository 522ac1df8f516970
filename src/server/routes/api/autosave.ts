import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { notFound, parseWith } from '../../http/http-error';
import { clearAutosave, writeAutosaveTitle } from '../../papers/autosave';
import { authorizedPaper } from '../../policies/paper-policy';

const paperRef = z.object({ paperId: z.uuid('Paper not found') });
const autosaveBody = paperRef.extend({
  title: z.string().max(500),
  content: z.string(),
});

function parseOr404<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success && result.error.issues.some((issue) => issue.path[0] === 'paperId')) {
    throw notFound('Paper');
  }
  return parseWith(schema, body);
}

/**
 * POST/DELETE /api/autosave (spec 000 §7). The live document is what autosave was, kept
 * continuously: an autosave from an API client applies its content to the live document as
 * the smallest change (what the editor types meanwhile stays); the unsaved title is kept
 * beside the saved one as before.
 */
export const autosaveRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { database, liveDocuments },
) => {
  app.post('/autosave', async (request) => {
    const { paperId, title, content } = parseOr404(autosaveBody, request.body);
    const paper = await authorizedPaper(database.db, request.user, 'edit', paperId);
    await writeAutosaveTitle(database.db, paper.id, title);
    await liveDocuments.applyMarkdown(paper.id, content, {
      writer: 'api',
      userId: request.user.id,
    });
    return { success: true };
  });

  app.delete('/autosave', async (request) => {
    const { paperId } = parseOr404(paperRef, request.body);
    const paper = await authorizedPaper(database.db, request.user, 'edit', paperId);
    await clearAutosave(database.db, paper.id);
    return { success: true };
  });
};
