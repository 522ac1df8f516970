import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_CHAT_INTENT,
  type ChatIntent,
  type ChatJobStatus,
  type ChatMessage,
} from '../../shared/chat/chat';
import type { CitedWork } from '../../shared/citations/work';
import { reasonOf } from '../api/http';
import { useSearchFilters } from '../references/api/search-filters-api';
import {
  chatKeys,
  fetchChatJob,
  fetchConversation,
  followChatAnswer,
  sendChat,
  useSelectedHeaders,
} from './api/chat-api';
import { CHAT_POLL_MS, CHAT_TEXT } from './chat-texts';

let localId = 0;
const localMessage = (role: ChatMessage['role'], content: string): ChatMessage => ({
  id: `local-${++localId}`,
  role,
  content,
  html_content: null,
  metadata: null,
  created_at: new Date().toISOString(),
  actions: null,
});

export interface ChatSession {
  conversationId: string | null;
  messages: ChatMessage[];
  pending: boolean;
  /** The pending answer's text so far, streamed while the model writes it. */
  writing: string;
  /** Every work an answer of this conversation cited, by refId (002 §4). */
  papers: ReadonlyMap<string, CitedWork>;
  intent: ChatIntent;
  webEnabled: boolean;
  send(question: string, editMessageId?: string): void;
  open(conversationId: string): Promise<void>;
  reset(): void;
}

/**
 * One conversation in the chat modal: sending, the answer's text followed as it is written and
 * the job polled every 5 s until it completes or fails (002 §4), resuming a job still running
 * when a conversation is reopened.
 */
export function useChatSession(contextRefIds: readonly string[]): ChatSession {
  const client = useQueryClient();
  const headers = useSelectedHeaders();
  const { filters } = useSearchFilters();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [jobId, setJobId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [intent, setIntent] = useState<ChatIntent>(DEFAULT_CHAT_INTENT);
  const [papers, setPapers] = useState<ReadonlyMap<string, CitedWork>>(new Map());
  /** The answer's text so far while the job writes it (empty when none is being written). */
  const [writing, setWriting] = useState('');
  // A reply that arrives after the user switched conversations must not land in the new one.
  const generation = useRef(0);

  const remember = useCallback((list: readonly ChatMessage[]) => {
    setPapers((current) => {
      const next = new Map(current);
      for (const message of list) {
        for (const work of message.metadata?.papers ?? []) next.set(work.refId, work);
      }
      return next;
    });
  }, []);

  const addMessage = useCallback(
    (message: ChatMessage) => {
      setMessages((current) =>
        current.some((existing) => existing.id === message.id) ? current : [...current, message],
      );
      remember([message]);
    },
    [remember],
  );

  useEffect(() => {
    if (jobId === null) return;
    const mine = generation.current;
    let settled = false;
    const settle = (job: ChatJobStatus) => {
      if (settled || mine !== generation.current) return;
      if (job.status === 'completed' && job.result) {
        const { result } = job;
        setIntent(result.intent);
        addMessage({
          ...localMessage('assistant', result.content),
          id: result.messageId,
          metadata: {
            intent: result.intent,
            papersCount: result.papers.length,
            papers: result.papers,
          },
        });
      } else if (job.status === 'failed' || job.status === 'cancelled') {
        addMessage(localMessage('assistant', CHAT_TEXT.jobFailed(job.error)));
      } else {
        return;
      }
      settled = true;
      setWriting('');
      setJobId(null);
      void client.invalidateQueries({ queryKey: chatKeys.allConversations });
    };
    // The text as it is written; the poll below is the fallback (002 §4).
    const unfollow = followChatAnswer(jobId, {
      onText: (at, text) => {
        if (mine !== generation.current) return;
        setWriting((current) =>
          at === 0 ? text : at === current.length ? current + text : current,
        );
      },
      onDone: settle,
    });
    const timer = setInterval(() => {
      fetchChatJob(jobId)
        .then(settle)
        .catch((error: unknown) => console.error('chat job poll failed', error));
    }, CHAT_POLL_MS);
    return () => {
      unfollow();
      clearInterval(timer);
    };
  }, [jobId, addMessage, client]);

  const pending = sending || jobId !== null;

  const send = useCallback(
    (text: string, editMessageId?: string) => {
      const question = text.trim();
      if (!question || pending) return;
      const mine = generation.current;
      const asked = localMessage('user', question);
      const before = editMessageId
        ? messages.slice(
            0,
            Math.max(
              0,
              messages.findIndex((message) => message.id === editMessageId),
            ),
          )
        : messages;
      setMessages([...before, asked]);
      setSending(true);
      sendChat(
        {
          conversationId,
          question,
          messages: before,
          filters,
          ...(editMessageId ? { editMessageId } : {}),
          contextRefIds,
        },
        headers,
      )
        .then((answer) => {
          if (mine !== generation.current) return;
          setConversationId(answer.conversationId);
          setMessages((current) =>
            current.map((message) =>
              message.id === asked.id ? { ...message, id: answer.messageId } : message,
            ),
          );
          setJobId(answer.jobId);
          void client.invalidateQueries({ queryKey: chatKeys.allConversations });
        })
        .catch((error: unknown) => {
          console.error('chat send failed', error);
          // The spec's sentence, then the server's reason (a balance, a rate limit) if it gave one.
          const reason = reasonOf(error, '');
          if (mine === generation.current)
            addMessage(
              localMessage(
                'assistant',
                reason ? `${CHAT_TEXT.sendFailed} ${reason}` : CHAT_TEXT.sendFailed,
              ),
            );
        })
        .finally(() => {
          if (mine === generation.current) setSending(false);
        });
    },
    [pending, messages, conversationId, filters, contextRefIds, headers, client, addMessage],
  );

  const reset = useCallback(() => {
    generation.current += 1;
    setConversationId(null);
    setMessages([]);
    setJobId(null);
    setWriting('');
    setSending(false);
    setIntent(DEFAULT_CHAT_INTENT);
    setPapers(new Map());
  }, []);

  const open = useCallback(
    async (id: string) => {
      reset();
      const mine = generation.current;
      const detail = await fetchConversation(id);
      if (mine !== generation.current) return;
      setConversationId(id);
      setMessages(detail.messages);
      remember(detail.messages);
      const last = [...detail.messages].reverse().find((message) => message.metadata?.intent);
      if (last?.metadata) setIntent(last.metadata.intent);
      setJobId(detail.pendingJobId);
    },
    [reset, remember],
  );

  return {
    conversationId,
    messages,
    pending,
    writing,
    papers,
    intent,
    webEnabled: filters.documentTypes.web,
    send,
    open,
    reset,
  };
}
