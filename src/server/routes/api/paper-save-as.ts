import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { notFound, parseWith } from '../../http/http-error';
import { saveAs } from '../../papers/save-as';

const saveAsBody = z.object({
  originalPaperId: z.string(),
  newName: z.string().trim().min(1, 'Name is required').max(500, 'Name is too long'),
  content: z.string(),
});

/** POST /api/paper/save-as (spec 001 §7). */
export const paperSaveAsRoutes: FastifyPluginAsync<AppContext> = async (app, { database }) => {
  app.post('/paper/save-as', async (request) => {
    const body = parseWith(saveAsBody, request.body);
    if (!z.uuid().safeParse(body.originalPaperId).success) throw notFound('Paper');
    const paper = await saveAs(database.db, { ownerId: request.user.id, ...body });
    return { success: true, newPaperId: paper.id };
  });
};
