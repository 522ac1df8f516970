import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import {
  deleteThread,
  insertReply,
  insertThread,
  listThreads,
  updateThread,
} from '../../../comments/comment-store';
import { notFound, parseWith } from '../../../http/http-error';
import { authorizedPaper } from '../../../policies/paper-policy';
import { presentReply, presentThread } from '../../../presenters/comment-thread';

const note = z.string().trim().min(1, 'The comment is empty').max(5000, 'The comment is too long');
const paperParams = z.object({ id: z.string() });
const threadParams = z.object({ id: z.string(), threadId: z.uuid('Comment not found') });
const threadBody = z.object({ anchor: note });
const threadChanges = z.object({ anchor: note.optional(), resolved: z.boolean().optional() });
const replyBody = z.object({ body: note });

/**
 * /api/papers/:id/comments (docs/sharing.md, 'Comments'): the threads of a paper's comments.
 * The note is in the markdown; its author, time, answers and resolution are here. Reading
 * needs `read`; adding, answering, resolving and deleting need `comment`.
 */
export const commentRoutes: FastifyPluginAsync<AppContext> = async (app, { database }) => {
  const { db } = database;

  async function thread(actor: { id: string }, params: unknown) {
    const { id, threadId } = parseWith(threadParams, params);
    const paper = await authorizedPaper(db, actor, 'comment', id);
    return { paper, threadId };
  }

  app.get('/papers/:id/comments', async (request) => {
    const { id } = parseWith(paperParams, request.params);
    const paper = await authorizedPaper(db, request.user, 'read', id);
    return { threads: (await listThreads(db, paper.id)).map(presentThread) };
  });

  app.post('/papers/:id/comments', async (request, reply) => {
    const { id } = parseWith(paperParams, request.params);
    const paper = await authorizedPaper(db, request.user, 'comment', id);
    const { anchor } = parseWith(threadBody, request.body ?? {});
    const row = await insertThread(db, {
      paperId: paper.id,
      anchor,
      authorId: request.user.id,
      authorName: request.user.name,
    });
    return reply.code(201).send({ thread: presentThread({ ...row, replies: [] }) });
  });

  app.patch('/papers/:id/comments/:threadId', async (request) => {
    const { paper, threadId } = await thread(request.user, request.params);
    const { anchor, resolved } = parseWith(threadChanges, request.body ?? {});
    const row = await updateThread(db, paper.id, threadId, {
      ...(anchor === undefined ? {} : { anchor }),
      ...(resolved === undefined
        ? {}
        : resolved
          ? { resolvedAt: new Date(), resolvedByName: request.user.name }
          : { resolvedAt: null, resolvedByName: null }),
    });
    if (!row) throw notFound('Comment');
    return { success: true };
  });

  app.post('/papers/:id/comments/:threadId/replies', async (request, reply) => {
    const { paper, threadId } = await thread(request.user, request.params);
    const { body } = parseWith(replyBody, request.body ?? {});
    const threads = await listThreads(db, paper.id);
    if (!threads.some((candidate) => candidate.id === threadId)) throw notFound('Comment');
    const row = await insertReply(db, {
      threadId,
      authorId: request.user.id,
      authorName: request.user.name,
      body,
    });
    return reply.code(201).send({ reply: presentReply(row) });
  });

  app.delete('/papers/:id/comments/:threadId', async (request) => {
    const { paper, threadId } = await thread(request.user, request.params);
    if (!(await deleteThread(db, paper.id, threadId))) throw notFound('Comment');
    return { success: true };
  });
};
