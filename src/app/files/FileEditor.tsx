import { useCallback, useRef, useState } from 'react';
import { Panel, PanelGroup, PanelResizeHandle } from 'react-resizable-panels';
import { goalLabel } from '../../shared/files/upload-formats';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FocusEdge, useDialogFocus } from '../components/dialog-focus';
import { Spinner } from '../components/Spinner';
import { useDeleteFile, usePaperFiles, useSaveFile } from './api/files';
import { FileContentEditor } from './FileContentEditor';
import { TrashIcon } from './TrashIcon';
import { UploadFilesDialog } from './UploadFilesDialog';

/** Spec 000 §9: the File Editor's split is 20/80 with minimums 15 and 30. */
export const FILE_EDITOR_LAYOUT = {
  list: { defaultSize: 20, minSize: 15 },
  editor: { defaultSize: 80, minSize: 30 },
} as const;

type Confirmation =
  { kind: 'switch'; fileId: string } | { kind: 'close' } | { kind: 'delete'; fileId: string };

interface FileEditorProps {
  paperId: string;
  paperType: string;
  onClose: () => void;
}

/**
 * The File Editor (spec 000 §2.5, §4): the paper's files on the left, the selected one in a
 * rich-text editor on the right; Upload File, Save ('Save*' with unsaved changes) and Close.
 */
export function FileEditor({ paperId, paperType, onClose }: FileEditorProps) {
  const files = usePaperFiles(paperId);
  const saveFile = useSaveFile(paperId);
  const deleteFile = useDeleteFile(paperId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const readMarkdown = useRef<(() => string) | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  const selected = files.data?.find((file) => file.id === selectedId) ?? null;
  const markDirty = useCallback(() => setDirty(true), []);
  const onReady = useCallback((read: () => string) => {
    readMarkdown.current = read;
  }, []);

  const open = (fileId: string) => {
    setSelectedId(fileId);
    setDirty(false);
    saveFile.reset();
  };
  const requestOpen = (fileId: string) => {
    if (fileId === selectedId) return;
    if (dirty) setConfirmation({ kind: 'switch', fileId });
    else open(fileId);
  };
  const requestClose = () => {
    if (dirty) setConfirmation({ kind: 'close' });
    else onClose();
  };
  // Escape closes as Close does (asking first when there are unsaved changes).
  useDialogFocus(panel, requestClose);
  const save = () => {
    if (!selected || !readMarkdown.current) return;
    saveFile.mutate(
      { fileId: selected.id, contents: readMarkdown.current() },
      { onSuccess: () => setDirty(false) },
    );
  };

  const confirm = () => {
    if (!confirmation) return;
    setConfirmation(null);
    if (confirmation.kind === 'switch') open(confirmation.fileId);
    else if (confirmation.kind === 'close') onClose();
    else {
      deleteFile.mutate(confirmation.fileId, {
        onSuccess: () => {
          if (confirmation.fileId === selectedId) {
            setSelectedId(null);
            setDirty(false);
          }
        },
      });
    }
  };

  return (
    <div
      className="modal-overlay"
      onKeyDown={(event) => {
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          save();
        }
      }}
    >
      <div
        ref={panel}
        className="modal file-editor"
        role="dialog"
        aria-modal="true"
        aria-label="File Editor"
      >
        <FocusEdge edge="start" />
        <PanelGroup direction="horizontal" className="file-editor-panels">
          <Panel {...FILE_EDITOR_LAYOUT.list} className="file-list-pane">
            {files.isPending && <Spinner />}
            {files.isError && <p className="muted">Failed to fetch files</p>}
            {files.data?.length === 0 && <p className="muted">No files uploaded yet.</p>}
            <ul className="file-list" aria-label="Files">
              {files.data?.map((file) => (
                <li key={file.id} className={file.id === selectedId ? 'selected' : undefined}>
                  <button
                    type="button"
                    className="file-entry"
                    aria-current={file.id === selectedId}
                    onClick={() => requestOpen(file.id)}
                  >
                    <span className="file-name">{file.filename}</span>
                    <span className="file-goal">{goalLabel(file.goal)}</span>
                  </button>
                  <button
                    type="button"
                    className="icon-button file-delete"
                    aria-label={`Delete ${file.filename}`}
                    title="Delete file"
                    onClick={() => setConfirmation({ kind: 'delete', fileId: file.id })}
                  >
                    <TrashIcon />
                  </button>
                </li>
              ))}
            </ul>
          </Panel>
          <PanelResizeHandle className="resize-handle" />
          <Panel {...FILE_EDITOR_LAYOUT.editor} className="file-editor-pane">
            {selected ? (
              <FileContentEditor
                key={selected.id}
                file={selected}
                onChange={markDirty}
                onReady={onReady}
              />
            ) : (
              <div className="file-editor-empty">
                <p>Select a file to view/edit.</p>
                <p className="muted">Note that all files are sent with each prompt.</p>
              </div>
            )}
          </Panel>
        </PanelGroup>
        <div className="modal-footer">
          {saveFile.isError && <span className="file-save-error">Failed to save file</span>}
          <button type="button" className="button" onClick={() => setUploadOpen(true)}>
            Upload File
          </button>
          <button
            type="button"
            className="button primary"
            disabled={!selected || saveFile.isPending}
            onClick={save}
          >
            {dirty ? 'Save*' : 'Save'}
          </button>
          <button type="button" className="button" onClick={requestClose}>
            Close
          </button>
        </div>
        <FocusEdge edge="end" />
      </div>

      {uploadOpen && (
        <UploadFilesDialog
          paperId={paperId}
          paperType={paperType}
          onClose={() => setUploadOpen(false)}
        />
      )}
      {confirmation?.kind === 'switch' && (
        <ConfirmDialog
          title="Unsaved changes"
          message="You have unsaved changes. Are you sure you want to switch files?"
          confirmLabel="Switch files"
          onConfirm={confirm}
          onCancel={() => setConfirmation(null)}
        />
      )}
      {confirmation?.kind === 'close' && (
        <ConfirmDialog
          title="Unsaved changes"
          message="You have unsaved changes. Are you sure you want to close?"
          confirmLabel="Close"
          onConfirm={confirm}
          onCancel={() => setConfirmation(null)}
        />
      )}
      {confirmation?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete file?"
          message="Are you sure you want to delete this file? This action cannot be undone."
          confirmLabel="Delete"
          danger
          onConfirm={confirm}
          onCancel={() => setConfirmation(null)}
        />
      )}
    </div>
  );
}
