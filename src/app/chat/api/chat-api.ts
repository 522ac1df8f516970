import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChatAction,
  ChatJobStatus,
  ChatMessage,
  ConversationSummary,
} from '../../../shared/chat/chat';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import { apiFetch } from '../../api/http';
import { useAiSettings } from '../../ai/models/models-api';
import { parseActions } from '../parse-actions';

export const chatKeys = {
  conversations: (search: string) => ['chat', 'conversations', search] as const,
  allConversations: ['chat', 'conversations'] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
};

export interface ConversationDetail {
  conversation: ConversationSummary;
  messages: ChatMessage[];
  /** A chat job still answering in this conversation: the chat resumes polling it. */
  pendingJobId: string | null;
}

export function useConversations(search: string) {
  return useQuery({
    queryKey: chatKeys.conversations(search),
    queryFn: () =>
      apiFetch<{ conversations: ConversationSummary[] }>(
        `/api/conversations${search ? `?search=${encodeURIComponent(search)}` : ''}`,
      ).then((answer) => answer.conversations),
  });
}

export function fetchConversation(id: string): Promise<ConversationDetail> {
  return apiFetch<ConversationDetail>(`/api/conversations/${id}`);
}

export function useDeleteConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/api/conversations/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.allConversations }),
  });
}

/** The optional headers of 002 §7: the model and language chosen in the model selector. */
export function useSelectedHeaders(): Record<string, string> {
  const settings = useAiSettings().data;
  return {
    ...(settings?.selectedModel ? { 'x-selected-model': settings.selectedModel } : {}),
    ...(settings?.contentLanguage ? { 'x-selected-language': settings.contentLanguage } : {}),
  };
}

export interface SendRequest {
  conversationId: string | null;
  question: string;
  messages: readonly ChatMessage[];
  filters: SearchFilters;
  editMessageId?: string;
  contextRefIds?: readonly string[];
}

export function sendChat(request: SendRequest, headers: Record<string, string>) {
  const { filters } = request;
  return apiFetch<{ jobId: string; conversationId: string; messageId: string }>('/api/chat/v2', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      conversationId: request.conversationId,
      createNewConversation: request.conversationId === null,
      question: request.question,
      htmlContent: null,
      messages: request.messages.map(({ role, content }) => ({ role, content })),
      searchResults: {
        includeText: filters.includeText,
        excludeText: filters.excludeText,
        yearStart: filters.yearRange[0],
        yearEnd: filters.yearRange[1],
        minCitations: filters.minCitations,
        documentTypes: filters.documentTypes,
      },
      ...(request.editMessageId ? { editMessageId: request.editMessageId } : {}),
      ...(request.contextRefIds?.length ? { contextRefIds: request.contextRefIds } : {}),
    }),
  });
}

export function fetchChatJob(jobId: string): Promise<ChatJobStatus> {
  return apiFetch<ChatJobStatus>(`/api/chat/v2?jobId=${encodeURIComponent(jobId)}`);
}

/**
 * Follows an answer's text while the job writes it (GET /api/chat/v2/stream, docs/chat.md):
 * `onText` with each piece at its offset, `onDone` with what the poll would answer. Returns
 * the function that stops following. The poll stays the fallback: a stream that cannot be
 * opened only costs the early words.
 */
export function followChatAnswer(
  jobId: string,
  handlers: { onText(at: number, text: string): void; onDone(status: ChatJobStatus): void },
): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(`/api/chat/v2/stream?jobId=${encodeURIComponent(jobId)}`);
  source.onmessage = (event: MessageEvent<string>) => {
    const piece = JSON.parse(event.data) as { at: number; text: string };
    handlers.onText(piece.at, piece.text);
  };
  source.addEventListener('done', (event: MessageEvent<string>) => {
    source.close();
    handlers.onDone(JSON.parse(event.data) as ChatJobStatus);
  });
  return () => source.close();
}

export async function fetchSuggestions(
  messages: readonly ChatMessage[],
  intent: string,
  headers: Record<string, string>,
  conversationId: string | null,
): Promise<ChatAction[]> {
  const text = await apiFetch<unknown>('/api/chatTopics', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      conversation: messages.map(({ role, content }) => ({ role, content })),
      intent,
      conversationId,
    }),
  });
  return parseActions(typeof text === 'string' ? text : JSON.stringify(text));
}
