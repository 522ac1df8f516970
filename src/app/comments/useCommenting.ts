import { useEffect, useMemo } from 'react';
import type { Editor } from '@tiptap/core';
import { absolutePositionToRelativePosition, ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { liveTextRangeOf, type LiveTextRange } from '../../shared/document/live/comment-in-text';
import type { PaperRole } from '../../shared/papers/paper-permissions';
import { resolvedCommentKey, showResolvedComments } from '../editor/extensions/resolved-comments';
import { useCommentThreads } from './comments-api';

/** What the comment UI of one open paper needs (docs/sharing.md, 'Comments'). */
export interface Commenting {
  paperId: string;
  role: PaperRole;
  /**
   * The editor's range as positions in the live document, for the server to comment the same
   * characters whatever others type before them meanwhile; null when the editor is not bound.
   */
  liveRange(range: { from: number; to: number }): LiveTextRange | null;
}

/**
 * The comment UI's access to the open paper. The editor shows the comments whose conversation
 * is resolved as such, from the threads as last fetched: on opening the paper and a comment,
 * and after each change made here (a co-author's resolve shows at the next of those).
 */
export function useCommenting(paperId: string, role: PaperRole, editor: Editor): Commenting {
  const threads = useCommentThreads(paperId).data;
  useEffect(() => {
    if (!threads) return;
    const resolved = new Set<string>();
    const seen = new Map<string, number>();
    for (const thread of threads) {
      const occurrence = seen.get(thread.anchor) ?? 0;
      seen.set(thread.anchor, occurrence + 1);
      if (thread.resolved_at) resolved.add(resolvedCommentKey(thread.anchor, occurrence));
    }
    showResolvedComments(editor, resolved);
  }, [editor, threads]);
  return useMemo(
    () => ({
      paperId,
      role,
      liveRange: ({ from, to }) => {
        const sync = ySyncPluginKey.getState(editor.state) as
          { binding?: { type: Y.XmlFragment; mapping: Map<unknown, unknown> } } | undefined;
        const binding = sync?.binding;
        if (!binding) return null;
        const relative = (pos: number) =>
          Y.relativePositionToJSON(
            absolutePositionToRelativePosition(pos, binding.type, binding.mapping as never),
          );
        return liveTextRangeOf(from, to, relative);
      },
    }),
    [editor, paperId, role],
  );
}
