import { useEditorState, type Editor } from '@tiptap/react';
import { selectedRange } from '../editor/commands/add-comment';
import type { CommentEditRequest } from '../editor/extensions/editor-environment';

/**
 * 'Add comment' for a commenter, whose editor is read-only and has no toolbar: it comments
 * the selected text, through the same 'Add Comment' dialog as the toolbar's button.
 */
export function CommenterAddComment(props: {
  editor: Editor;
  openComment: (request: CommentEditRequest) => void;
}) {
  const { editor } = props;
  const hasSelection = useEditorState({
    editor,
    selector: ({ editor: current }) => selectedRange(current) !== null,
  });
  return (
    <button
      type="button"
      className="button"
      disabled={!hasSelection}
      title={hasSelection ? undefined : 'Select the text to comment on'}
      // Keeps the editor's selection: the comment goes on what was selected.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        const range = selectedRange(editor);
        if (!range) return;
        // The server puts the comment into the text (CommentThreadDialog).
        props.openComment({ title: 'Add Comment', value: '', range });
      }}
    >
      Add comment
    </button>
  );
}
