import { CommentThreadDialog } from '../comments/CommentThreadDialog';
import type { Commenting } from '../comments/useCommenting';
import { CommentDialog } from './dialogs/CommentDialog';
import { LatexDialog } from './dialogs/LatexDialog';
import { MermaidDialog } from './dialogs/MermaidDialog';
import type { EditorDialog } from './useEditorDialogs';

/**
 * The dialog a node view asked for, if any. With `commenting` (an open paper) a comment opens
 * with its conversation; without it (a file in the File Editor) only its note.
 */
export function EditorDialogs({
  dialog,
  onClose,
  commenting,
}: {
  dialog: EditorDialog | null;
  onClose: () => void;
  commenting?: Commenting;
}) {
  // The section menu is the AI feature's (src/app/ai/rewrite), rendered by PaperEditor.
  if (!dialog || dialog.kind === 'sectionMenu') return null;
  switch (dialog.kind) {
    case 'equation':
      return (
        <LatexDialog
          initial={dialog.request.value}
          onSave={dialog.request.save}
          onClose={onClose}
        />
      );
    case 'mermaid':
      return (
        <MermaidDialog
          title={dialog.request.title}
          initial={dialog.request.value}
          onSave={dialog.request.save}
          onClose={onClose}
        />
      );
    case 'comment': {
      const { request } = dialog;
      if (commenting) {
        return <CommentThreadDialog request={request} commenting={commenting} onClose={onClose} />;
      }
      return (
        <CommentDialog
          title={request.title}
          initial={request.value}
          // The File Editor's editor is editable: it changes its comments itself.
          onSave={(note) => request.save?.(note)}
          onDelete={request.remove}
          onClose={onClose}
        />
      );
    }
  }
}
