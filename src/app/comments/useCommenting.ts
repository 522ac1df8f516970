import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import type { Paper } from '../../shared/papers/paper';
import { roleAllows, type PaperRole } from '../../shared/papers/paper-permissions';
import { ApiError, reasonOf } from '../api/http';
import { paperKeys, useUpdatePaper } from '../api/papers';
import { loadMarkdown } from '../editor/load-markdown';
import { serializeDocument } from '../editor/markdown-io';

/** What the comment UI of one open paper needs (docs/sharing.md, 'Comments'). */
export interface Commenting {
  paperId: string;
  role: PaperRole;
  /**
   * Saves a comment just added, edited or removed in a read-only editor: a commenter's, who
   * has no Save. Nothing for whoever may edit, whose comments are saved with their text.
   */
  saveReadOnlyChange(): Promise<void>;
}

export const CHANGED_MEANWHILE =
  'The paper was changed meanwhile, so this comment was not saved. Please add it again.';

/**
 * The comment UI's access to the open paper. A commenter's change of comments is saved at
 * once, as a save of the stored version with only comments changed (the server allows that
 * with `comment`). When the save fails the stored version comes back into the editor without
 * the change (the newer one, when someone saved meanwhile), and the commenter makes it again.
 */
export function useCommenting(paper: Paper, editor: Editor): Commenting {
  const client = useQueryClient();
  const updatePaper = useUpdatePaper();
  const latest = useRef({ paper, save: updatePaper.mutateAsync });
  useEffect(() => {
    latest.current = { paper, save: updatePaper.mutateAsync };
  });
  const { id, role } = paper;

  return useMemo(
    () => ({
      paperId: id,
      role,
      saveReadOnlyChange: async () => {
        if (roleAllows(role, 'edit')) return;
        const { paper: stored, save } = latest.current;
        // Only the text, against the version it was made on: the server accepts a save that
        // changes comments and nothing else from a commenter (other fields, even unchanged,
        // would make it an edit).
        const content = serializeDocument(editor.state.doc);
        try {
          await save({ id: stored.id, content, updated_at: stored.updated_at });
        } catch (error) {
          const conflict = error instanceof ApiError && error.status === 409;
          // A newer version replaces the editor's content by itself (PaperEditor follows it).
          if (conflict) await client.invalidateQueries({ queryKey: paperKeys.detail(id) });
          else loadMarkdown(editor, stored.content);
          throw new Error(conflict ? CHANGED_MEANWHILE : reasonOf(error, 'Failed to save paper'), {
            cause: error,
          });
        }
      },
    }),
    [client, editor, id, role],
  );
}
