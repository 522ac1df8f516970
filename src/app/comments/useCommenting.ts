import { useMemo } from 'react';
import type { Editor } from '@tiptap/core';
import { absolutePositionToRelativePosition, ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { liveTextRangeOf, type LiveTextRange } from '../../shared/document/live/comment-in-text';
import type { PaperRole } from '../../shared/papers/paper-permissions';

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

/** The comment UI's access to the open paper. */
export function useCommenting(paperId: string, role: PaperRole, editor: Editor): Commenting {
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
