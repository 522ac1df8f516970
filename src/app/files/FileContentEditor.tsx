import { useEffect } from 'react';
import { EditorContent } from '@tiptap/react';
import type { PaperFile } from '../../shared/files/paper-file';
import { EditorDialogs } from '../editor/EditorDialogs';
import { serializeDocument } from '../editor/markdown-io';
import { useEditorDialogs } from '../editor/useEditorDialogs';
import { useScriptorEditor } from '../editor/useScriptorEditor';

interface FileContentEditorProps {
  file: PaperFile;
  onChange: () => void;
  /** Hands the parent a reader of the current markdown, for Save. */
  onReady: (read: () => string) => void;
}

/**
 * A file's converted markdown in the paper editor's own editor (the shared document schema,
 * its equation and table views). Markdown is parsed by the document module, which keeps raw
 * HTML as literal text and blanks unsafe link and image targets, so nothing in an uploaded
 * document can run script here.
 */
export function FileContentEditor({ file, onChange, onReady }: FileContentEditorProps) {
  const { environment, dialog, closeDialog } = useEditorDialogs([], { sectionMenu: false });
  const { editor } = useScriptorEditor({
    markdown: file.contents,
    editable: true,
    environment,
    onChange,
  });
  useEffect(() => onReady(() => serializeDocument(editor.state.doc)), [editor, onReady]);
  return (
    <div className="file-content-editor editor-scroll">
      <EditorContent editor={editor} className="editor-content" />
      <EditorDialogs dialog={dialog} onClose={closeDialog} />
    </div>
  );
}
