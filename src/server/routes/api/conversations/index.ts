import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import {
  deleteOwnedConversation,
  findActiveChatJob,
  findOwnedConversation,
  listMessages,
  listOwnedConversations,
} from '../../../ai/chat/conversation-store';
import { notFound, parseWith } from '../../../http/http-error';
import { presentConversation, presentMessage } from '../../../presenters/chat';
import { CHAT_JOB } from '../../../queue/jobs/chat-answer';
import { isUuid } from '../files/schema';

const listQuery = z.object({ search: z.string().max(500).optional() });

function conversationId(params: unknown): string {
  const id = (params as { id?: string }).id ?? '';
  if (!isUuid(id)) throw notFound('Conversation');
  return id;
}

/** The user's research-chat conversations (002 §7); another user's answer 404. */
export const conversationRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db } = context.database;

  app.get('/conversations', async (request) => {
    const { search } = parseWith(listQuery, request.query);
    const rows = await listOwnedConversations(db, request.user.id, search);
    return { conversations: rows.map(presentConversation) };
  });

  app.get('/conversations/:id', async (request) => {
    const id = conversationId(request.params);
    const conversation = await findOwnedConversation(db, request.user.id, id);
    if (!conversation) throw notFound('Conversation');
    const [messages, pendingJobId] = await Promise.all([
      listMessages(db, request.user.id, id),
      findActiveChatJob(db, request.user.id, CHAT_JOB, id),
    ]);
    return {
      conversation: presentConversation(conversation),
      messages: messages.map(presentMessage),
      pendingJobId,
    };
  });

  app.delete('/conversations/:id', async (request, reply) => {
    const id = conversationId(request.params);
    if (!(await deleteOwnedConversation(db, request.user.id, id))) throw notFound('Conversation');
    return reply.code(204).send();
  });
};
