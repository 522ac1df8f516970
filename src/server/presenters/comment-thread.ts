import type { ReplyRow, ThreadRow } from '../comments/comment-store';

export function presentReply(row: ReplyRow) {
  return {
    id: row.id,
    author_name: row.authorName,
    author_id: row.authorId,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentThread(row: ThreadRow & { replies: ReplyRow[] }) {
  return {
    id: row.id,
    anchor: row.anchor,
    author_name: row.authorName,
    author_id: row.authorId,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by_name: row.resolvedByName,
    replies: row.replies.map(presentReply),
  };
}
