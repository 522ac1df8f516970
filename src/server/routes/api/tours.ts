import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { parseWith } from '../../http/http-error';
import { addToursSeen, readSettings } from '../../settings/settings-store';
import { TOUR_NAMES } from '../../../shared/tours/tours';

const seenBody = z.object({
  tours: z.array(z.enum(TOUR_NAMES, { message: 'Unknown tour' })).min(1, 'Name a tour'),
});

/**
 * The guided tours a user has been shown (002 §2): each is shown once per user, on whichever
 * device, so the record is the server's. Replaying a tour from the help menu changes nothing.
 */
export const tourRoutes: FastifyPluginAsync<AppContext> = async (app, { database }) => {
  app.get('/tours', async (request) => ({
    seen: (await readSettings(database.db, request.user.id))?.toursSeen ?? [],
  }));

  app.post('/tours/seen', async (request) => {
    const { tours } = parseWith(seenBody, request.body ?? {});
    await addToursSeen(database.db, request.user.id, tours);
    return { seen: (await readSettings(database.db, request.user.id))?.toursSeen ?? [] };
  });
};
