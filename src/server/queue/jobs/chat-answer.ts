import { z } from 'zod';
import { CONTENT_LANGUAGE_CODES } from '../../../shared/ai/languages';
import type { ChatMessageMetadata } from '../../../shared/chat/chat';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { AppContext } from '../../app-context';
import { answerQuestion } from '../../ai/chat/answer-question';
import {
  findMessageOfJob,
  findOwnedConversation,
  insertMessage,
  listMessages,
  touchConversation,
} from '../../ai/chat/conversation-store';
import { streamFailureMessage } from '../../ai/writer/stream-errors';
import { refundCharge, refundHeld } from '../../billing/ledger';
import { holdCharge, withCharge, type ChargeRequest } from '../../billing/with-charge';
import { defineJob } from '../job-type';

export const CHAT_JOB = 'chat.answer';

export const chatJobInput = z.object({
  conversationId: z.uuid(),
  /** The question's stored message: the answer follows it. */
  userMessageId: z.uuid(),
  question: z.string().min(1),
  language: z.enum(CONTENT_LANGUAGE_CODES),
  /** The complete filters resolved when the message was sent (filtersForRun). */
  filters: z.custom<SearchFilters>((value) => typeof value === 'object' && value !== null),
  contextRefIds: z.array(z.string()).max(200),
  /** The model chosen when the message was sent; null: the extractive answer. */
  model: z
    .object({
      model_name: z.string(),
      descriptive_name: z.string(),
      cost_per_section: z.number(),
    })
    .nullable(),
  /**
   * The charge the route held for this message before storing it (issue 31.6); absent in jobs
   * queued before that, which hold `chat.answer:<jobId>` themselves.
   */
  chargeKey: z.string().max(200).optional(),
});

export type ChatJobInput = z.infer<typeof chatJobInput>;

export interface ChatJobResult {
  content: string;
  intent: string;
  papers: unknown[];
  messageId: string;
}

/** The charge for one chat answer with `model`, under `idempotencyKey`. */
export function chatChargeRequest(
  userId: string,
  model: { descriptive_name: string; cost_per_section: number | null },
  idempotencyKey: string,
): ChargeRequest {
  return {
    userId,
    what: `Research chat message (${model.descriptive_name})`,
    idempotencyKey,
    costPerSection: model.cost_per_section,
  };
}

/** Raised when the model's part fails, with the text the chat shows after 'Sorry, there was an error: '. */
class ChatAnswerError extends Error {}

/**
 * POST /api/chat/v2's job (docs/chat.md): answers one question and stores the answer in the
 * conversation, whether or not anyone is polling. The model's answer is one charge at the
 * chosen model's price per section, held before any model call (the intent and the query
 * planning too, so a message the balance cannot pay makes none), settled with the answer,
 * refunded when it fails or when no model answer was needed. The answer
 * row names the job, so a run resumed after a crash returns the stored answer instead of
 * answering (and charging) twice.
 */
export function chatJob(services: () => AppContext) {
  return defineJob({
    name: CHAT_JOB,
    input: chatJobInput,
    retryLimit: 1,
    retryDelaySeconds: 2,
    expireInSeconds: 10 * 60,
    // On Postgres a run killed with its process is retried three beats later, not at expiry.
    heartbeatSeconds: 5,
    async perform({ jobId, ownerId, input, db, reportProgress }): Promise<ChatJobResult | null> {
      if (ownerId === null) throw new Error('A chat belongs to a user');
      const context = services();
      const stored = await findMessageOfJob(db, ownerId, jobId);
      if (stored) return resultOf(stored);
      // Deleted, or the question edited away while it waited: nothing to answer or pay.
      const conversation = await findOwnedConversation(db, ownerId, input.conversationId);
      const messages = conversation ? await listMessages(db, ownerId, input.conversationId) : [];
      const at = messages.findIndex((message) => message.id === input.userMessageId);
      if (at < 0) {
        if (input.chargeKey) await refundHeld(db, input.chargeKey);
        return null;
      }
      const history = messages
        .slice(0, at)
        .map((message) => ({ role: message.role, content: message.content }));
      const topic = messages.find((message) => message.role === 'user')?.content ?? input.question;
      const model = input.model;
      const charge = model
        ? chatChargeRequest(ownerId, model, input.chargeKey ?? `${CHAT_JOB}:${jobId}`)
        : null;
      // Reuses the route's hold; 402 here (the hold was swept) means no model is called at all.
      const reserved = charge ? await holdCharge(context, charge) : null;
      let answered = false;
      const release = async () => {
        if (reserved && charge && !answered) {
          await refundCharge(db, charge.idempotencyKey, reserved.generation);
        }
      };
      let streaming = false;
      const text = context.chatText.writer(jobId);
      const answer = await answerQuestion(
        context,
        {
          question: input.question,
          topic,
          ownerId,
          filters: input.filters,
          contextRefIds: input.contextRefIds,
          language: input.language,
          history,
          model: model ? context.ai.instance({ ...model, free_tier: false }).instance : null,
        },
        {
          onStage: (stage) => reportProgress({ stage }),
          onText: (piece) => {
            text.push(piece);
            if (streaming) return;
            streaming = true;
            void reportProgress({ stage: 'streaming' });
          },
          priced: charge
            ? (work) => {
                // withCharge takes over the hold (same key): it settles or refunds it.
                answered = true;
                return withCharge(context, charge, async () => {
                  try {
                    return await work();
                  } catch (error) {
                    throw new ChatAnswerError(streamFailureMessage(error));
                  }
                });
              }
            : undefined,
        },
      ).catch(async (error: unknown) => {
        await release();
        throw error;
      });
      // Answered without the model (no relevant literature): nothing to pay.
      await release();
      await text.flushed();
      const metadata: ChatMessageMetadata = {
        intent: answer.intent,
        papersCount: answer.papers.length,
        papers: answer.papers,
        ...(answer.extractive ? { extractive: true } : {}),
        ...(answer.noRelevantLiterature ? { noRelevantLiterature: true } : {}),
      };
      const message = await insertMessage(db, {
        ownerId,
        conversationId: input.conversationId,
        role: 'assistant',
        content: answer.content,
        metadata: metadata as unknown as Record<string, unknown>,
        jobId,
      });
      await touchConversation(db, ownerId, input.conversationId);
      return resultOf(message);
    },
  });
}

function resultOf(message: {
  id: string;
  content: string;
  metadata: Record<string, unknown> | null;
}): ChatJobResult {
  const metadata = (message.metadata ?? {}) as Partial<ChatMessageMetadata>;
  return {
    content: message.content,
    intent: metadata.intent ?? 'information',
    papers: metadata.papers ?? [],
    messageId: message.id,
  };
}
