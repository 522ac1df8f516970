import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentPlace } from '../../shared/document/comment-edits';
import { apiFetch } from '../api/http';
import type { LiveTextRange } from '../../shared/document/live/comment-in-text';

/** One answer in a comment's conversation (GET /api/papers/:id/comments, docs/sharing.md). */
export interface CommentReply {
  id: string;
  author_name: string;
  author_id: string | null;
  body: string;
  created_at: string;
}

/** What a comment carries besides its note: who wrote it, when, answers, resolution. */
export interface CommentThread {
  id: string;
  anchor: string;
  author_name: string;
  author_id: string | null;
  created_at: string;
  resolved_at: string | null;
  resolved_by_name: string | null;
  replies: CommentReply[];
}

export const commentThreadsKey = (paperId: string) => ['papers', 'comments', paperId] as const;

const threadsPath = (paperId: string) => `/api/papers/${encodeURIComponent(paperId)}/comments`;

/** A paper's comment threads, fetched afresh whenever a comment is opened. */
export function useCommentThreads(paperId: string) {
  return useQuery({
    queryKey: commentThreadsKey(paperId),
    queryFn: () =>
      apiFetch<{ threads: CommentThread[] }>(threadsPath(paperId)).then((answer) => answer.threads),
    staleTime: 0,
  });
}

/** The thread calls of one paper; each refreshes the threads when it is done. */
export function useThreadActions(paperId: string) {
  const client = useQueryClient();
  return useMemo(() => {
    const path = threadsPath(paperId);
    const refreshed = async <T>(call: Promise<T>) => {
      try {
        return await call;
      } finally {
        await client.invalidateQueries({ queryKey: commentThreadsKey(paperId) });
      }
    };
    const send = (method: string, body?: unknown) => ({
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      /** With `range`, the server also puts the comment into the text. */
      create: (anchor: string, range?: LiveTextRange) =>
        refreshed(
          apiFetch<{ thread: CommentThread }>(path, send('POST', { anchor, range })).then(
            (answer) => answer.thread,
          ),
        ),
      /** With `at`, the server also changes the note of that comment in the text. */
      update: (
        threadId: string,
        changes: { anchor?: string; resolved?: boolean; at?: CommentPlace },
      ) => refreshed(apiFetch(`${path}/${threadId}`, send('PATCH', changes))),
      reply: (threadId: string, body: string) =>
        refreshed(apiFetch(`${path}/${threadId}/replies`, send('POST', { body }))),
      /** With `at`, the server also takes that comment out of the text. */
      remove: (threadId: string, at?: CommentPlace) => {
        const query = at
          ? `?${new URLSearchParams({ note: at.note, occurrence: String(at.occurrence) }).toString()}`
          : '';
        return refreshed(apiFetch(`${path}/${threadId}${query}`, send('DELETE')));
      },
    };
  }, [client, paperId]);
}
