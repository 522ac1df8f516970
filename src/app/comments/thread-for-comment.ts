import type { CommentThread } from './comments-api';

/**
 * The thread of the `occurrence`-th comment with `note` (docs/sharing.md, 'Comments': the
 * n-th thread with a note goes with the n-th comment with that note), or null when that
 * comment has none yet (one written before threads existed, or a section's purpose).
 */
export function threadForComment(
  threads: readonly CommentThread[],
  note: string,
  occurrence: number,
): CommentThread | null {
  return threads.filter((thread) => thread.anchor === note)[occurrence] ?? null;
}
