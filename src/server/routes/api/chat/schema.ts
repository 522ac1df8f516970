import { z } from 'zod';
import { DOCUMENT_TYPES } from '../../../../shared/literature/search-filters';
import type { PartialFilters } from '../../../ai/search/partial-filters';

const year = z.number().int().nullish();

/** The filters as the chat sends them (002 §7: yearRange as yearStart and yearEnd). */
const searchResults = z.object({
  includeText: z.string().max(2000).nullish(),
  excludeText: z.string().max(2000).nullish(),
  yearStart: year,
  yearEnd: year,
  minCitations: z.number().nullish(),
  documentTypes: z.partialRecord(z.enum(DOCUMENT_TYPES), z.boolean().nullish()).nullish(),
});

/** POST /api/chat/v2 (002 §7), plus the two fields of docs/chat.md (editing, 'ask about these papers'). */
export const chatBody = z
  .object({
    conversationId: z.string().max(100).nullish(),
    createNewConversation: z.boolean().nullish(),
    question: z
      .string({ message: 'Question is required' })
      .max(20_000, 'Question is too long (20,000 characters at most)'),
    htmlContent: z.string().max(200_000).nullish(),
    /** The client's copy of the conversation; the stored one is what the answer reads. */
    messages: z.array(z.unknown()).max(1000).nullish(),
    searchResults: searchResults.nullish(),
    /** Editing a sent message: it and everything after it are replaced by this question. */
    editMessageId: z.string().max(100).nullish(),
    /** 'Ask about these papers': the refIds the answer must draw on. */
    contextRefIds: z.array(z.string().max(40)).max(200).nullish(),
  })
  // At the object's level, so the 400 reads 'Question is required' without a field prefix.
  .superRefine((body, context) => {
    if (!body.question.trim())
      context.addIssue({ code: 'custom', message: 'Question is required' });
  });

export type ChatBody = z.infer<typeof chatBody>;

export function requestedFilters(body: ChatBody): PartialFilters | undefined {
  const given = body.searchResults;
  if (!given) return undefined;
  return {
    includeText: given.includeText,
    excludeText: given.excludeText,
    minCitations: given.minCitations,
    documentTypes: given.documentTypes ?? undefined,
    ...(typeof given.yearStart === 'number' && typeof given.yearEnd === 'number'
      ? { yearRange: [given.yearStart, given.yearEnd] as [number, number] }
      : {}),
  };
}

export const chatJobQuery = z.object({ jobId: z.string().optional() });

/** POST /api/chatTopics (002 §7). */
export const chatTopicsBody = z.object({
  conversation: z
    .union([
      z.string().max(200_000),
      z.array(z.object({ role: z.string().max(20), content: z.string().max(100_000) })).max(1000),
    ])
    .default([]),
  intent: z.string().max(40).nullish(),
  /** The conversation the suggestions are for: they are kept on its latest answer. */
  conversationId: z.string().max(100).nullish(),
});
