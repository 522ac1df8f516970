import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { notFound } from '../../../http/http-error';
import { examplePapers, findExamplePaper } from '../../../examples/example-papers';
import { copyExamplePaper } from '../../../examples/copy-example-paper';
import { presentPaper } from '../../../presenters/paper';

function example(params: unknown) {
  const id = (params as { id?: unknown }).id;
  const found = typeof id === 'string' ? findExamplePaper(id) : undefined;
  if (!found) throw notFound('Example paper');
  return found;
}

/**
 * GET /api/examples and /api/examples/:id: the example papers of 002 §2, public because the
 * landing page's 'See Example Papers' is for visitors who have not signed up yet.
 */
export const exampleRoutes: FastifyPluginAsync = async (app) => {
  app.get('/examples', async () => ({
    examples: examplePapers().map(({ id, title, type, description }) => ({
      id,
      title,
      type,
      description,
    })),
  }));

  app.get('/examples/:id', async (request) => example(request.params));
};

/** POST /api/examples/:id/copy: 'Use as a starting point' makes the example the user's paper. */
export const exampleCopyRoutes: FastifyPluginAsync<AppContext> = async (app, { database }) => {
  app.post('/examples/:id/copy', async (request, reply) => {
    const row = await copyExamplePaper(database.db, request.user.id, example(request.params));
    return reply.code(201).send(presentPaper(row, 'owner'));
  });
};
