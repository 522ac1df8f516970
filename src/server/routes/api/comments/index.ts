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
import {
  changeCommentInText,
  relativePositionFromJSON,
  type CommentTextChange,
} from '../../../../shared/document/live/comment-in-text';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import { authorizedPaper } from '../../../policies/paper-policy';
import { presentReply, presentThread } from '../../../presenters/comment-thread';

const note = z.string().trim().min(1, 'The comment is empty').max(5000, 'The comment is too long');
const paperParams = z.object({ id: z.string() });
const threadParams = z.object({ id: z.string(), threadId: z.uuid('Comment not found') });
const position = z.unknown().transform((json, context) => {
  const parsed = relativePositionFromJSON(json);
  if (!parsed) context.addIssue({ code: 'custom', message: 'Not a position in the paper' });
  return parsed ?? z.NEVER;
});
/** Which comment of the text: the n-th with this note (docs/sharing.md, 'Comments'). */
const place = z.object({ note: z.string(), occurrence: z.number().int().min(0) });
const threadBody = z.object({
  anchor: note,
  /** The text to comment, when the server is to put the comment in (a read-only editor's). */
  range: z.object({ first: position, end: position }).optional(),
});
const threadChanges = z.object({
  anchor: note.optional(),
  resolved: z.boolean().optional(),
  /** With `anchor`: the comment in the text whose note the server changes. */
  at: place.optional(),
});
const removal = z.object({
  note: z.string().optional(),
  occurrence: z.coerce.number().int().min(0).optional(),
});

const GONE = 'The commented text was changed meanwhile: select it and comment again.';
const replyBody = z.object({ body: note });

/**
 * /api/papers/:id/comments (docs/sharing.md, 'Comments'): the threads of a paper's comments.
 * The note is in the markdown; its author, time, answers and resolution are here. Reading
 * needs `read`; adding, answering, resolving and deleting need `comment`.
 */
export const commentRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { database, liveDocuments },
) => {
  const { db } = database;
  /**
   * A change of comments in the text, made on the live document by the server, so a reader's
   * editor (whose socket is read-only) gets it like anyone's edit and never changes its own
   * copy. 409 when the text it was for is gone.
   */
  async function changeText(paperId: string, userId: string, change: CommentTextChange) {
    const origin = { writer: 'comment', userId };
    const changed = await liveDocuments.transact(paperId, origin, (ydoc) =>
      changeCommentInText(ydoc, change, origin),
    );
    if (!changed) throw new HttpError(409, GONE);
  }

  async function thread(actor: { id: string }, params: unknown) {
    const { id, threadId } = parseWith(threadParams, params);
    const paper = await authorizedPaper(db, actor, 'comment', id);
    return { paper, threadId };
  }
  const threadExists = async (paperId: string, threadId: string) =>
    (await listThreads(db, paperId)).some((candidate) => candidate.id === threadId);

  app.get('/papers/:id/comments', async (request) => {
    const { id } = parseWith(paperParams, request.params);
    const paper = await authorizedPaper(db, request.user, 'read', id);
    return { threads: (await listThreads(db, paper.id)).map(presentThread) };
  });

  app.post('/papers/:id/comments', async (request, reply) => {
    const { id } = parseWith(paperParams, request.params);
    const paper = await authorizedPaper(db, request.user, 'comment', id);
    const { anchor, range } = parseWith(threadBody, request.body ?? {});
    if (range) await changeText(paper.id, request.user.id, { kind: 'add', range, note: anchor });
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
    const { anchor, resolved, at } = parseWith(threadChanges, request.body ?? {});
    if (!(await threadExists(paper.id, threadId))) throw notFound('Comment');
    if (at && anchor !== undefined) {
      await changeText(paper.id, request.user.id, { kind: 'renote', at, note: anchor });
    }
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
    if (!(await threadExists(paper.id, threadId))) throw notFound('Comment');
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
    const { note: at, occurrence } = parseWith(removal, request.query ?? {});
    if (!(await threadExists(paper.id, threadId))) throw notFound('Comment');
    // The comment leaves the text too, when it is still there.
    if (at !== undefined && occurrence !== undefined) {
      const origin = { writer: 'comment', userId: request.user.id };
      await liveDocuments.transact(paper.id, origin, (ydoc) =>
        changeCommentInText(ydoc, { kind: 'remove', at: { note: at, occurrence } }, origin),
      );
    }
    if (!(await deleteThread(db, paper.id, threadId))) throw notFound('Comment');
    return { success: true };
  });
};
