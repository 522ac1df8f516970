import type { CitedWork } from '../citations/work';

/** What the engine took a question for (002 §4: 'information' unless it is one of the others). */
export const CHAT_INTENTS = ['information', 'literature', 'draft', 'createPaper'] as const;
export type ChatIntent = (typeof CHAT_INTENTS)[number];
export const DEFAULT_CHAT_INTENT: ChatIntent = 'information';

export function isChatIntent(value: unknown): value is ChatIntent {
  return typeof value === 'string' && (CHAT_INTENTS as readonly string[]).includes(value);
}

/** A suggested next step (002 §3 'Action'). */
export interface ChatAction {
  buttonLabel: string;
  description: string;
  metadata:
    | { createPaper: { title: string; methodology: string; field: string } }
    | { userMessage: string };
}

export interface ChatMessageMetadata {
  intent: ChatIntent;
  papersCount: number;
  /** The works the answer cites, with their checks, so each citation opens with its abstract. */
  papers: CitedWork[];
  /** True for the answer built without a model (the works' best-matching sentences). */
  extractive?: boolean;
  /** The search found nothing relevant: the answer says so instead of answering. */
  noRelevantLiterature?: boolean;
}

/** A message as GET /api/conversations/{id} answers it (002 §3, §7). */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  html_content: string | null;
  metadata: ChatMessageMetadata | null;
  created_at: string;
  actions: ChatAction[] | null;
}

export interface ConversationSummary {
  id: string;
  title: string;
  updated_at: string;
}

/** GET /api/chat/v2?jobId= (002 §7). */
export interface ChatJobStatus {
  status: 'pending' | 'processing' | 'streaming' | 'completed' | 'failed' | 'cancelled';
  result: {
    content: string;
    intent: ChatIntent;
    papers: CitedWork[];
    messageId: string;
  } | null;
  error: string | null;
}

/**
 * The label an extractive answer starts with, so it is never taken for a model's answer, nor
 * its list for an answer: the works are chosen by the words they share with the question, which
 * may bring a work on another subject (docs/chat.md, 'Quality').
 */
export const EXTRACTIVE_ANSWER_LABEL =
  'Extractive answer (no AI model is configured): the works whose abstracts share the most words with your question, each with the sentence closest to it. They are matched by words, not by meaning, so they may not answer your question.';
