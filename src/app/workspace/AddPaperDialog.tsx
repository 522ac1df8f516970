import { useState, type FormEvent } from 'react';
import { useCreatePaper, useImportFileAsContent } from '../api/papers';
import { Modal } from '../components/Modal';
import { DialogActions } from '../components/DialogActions';
import { PAPER_TYPES, PAPER_TYPE_LABELS, type PaperType } from '../../shared/papers/paper-types';
import { uploadFile } from '../files/api/upload-file';
import type { UploadProgress } from '../files/upload-progress';
import { IMPORT_GOAL } from '../files/import-document';
import { ImportDocumentField } from './ImportDocumentField';
import type { NewPaperProperties } from '../chat/chat-launcher';

/** The quick create dialog; the multi-step creation wizard replaces it in a later feature. */
export function AddPaperDialog(props: {
  onClose: () => void;
  onCreated: (id: string) => void;
  /** Properties filled in beforehand (a research-chat suggestion); the paper keeps them. */
  initial?: NewPaperProperties | null;
}) {
  const createPaper = useCreatePaper();
  const importFile = useImportFileAsContent();
  const [title, setTitle] = useState(props.initial?.title ?? '');
  const [type, setType] = useState<PaperType>('scientific');
  const [documentFile, setDocumentFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  // A paper created before its import failed is reused by the next try, never made twice.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const importing = type === 'import';

  async function importDocument(paperId: string, file: File): Promise<boolean> {
    const fileId = crypto.randomUUID();
    const result = await uploadFile({ file, goal: IMPORT_GOAL, paperId, fileId }, setProgress);
    setProgress(result);
    if (!result.uploaded) {
      setError(result.error ?? 'Failed to upload files. Please try again.');
      return false;
    }
    await importFile.mutateAsync({ paperId, fileId });
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setError('Title is required');
      return;
    }
    if (importing && !documentFile) {
      setError('Choose the document to import');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const paperId =
        createdId ??
        (
          await createPaper.mutateAsync({
            title: title.trim(),
            type,
            methodology: props.initial?.methodology ?? '',
            field: props.initial?.field ?? '',
          })
        ).id;
      setCreatedId(paperId);
      if (importing && documentFile && !(await importDocument(paperId, documentFile))) return;
      props.onCreated(paperId);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Failed to save paper.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Create New Paper"
      onClose={props.onClose}
      footer={
        <DialogActions
          onCancel={props.onClose}
          form="add-paper-form"
          confirmLabel={busy ? (importing ? 'Importing…' : 'Creating…') : 'Create'}
          disabled={busy}
        />
      }
    >
      <form id="add-paper-form" onSubmit={submit} noValidate>
        <label className="field">
          <span>Title</span>
          <input
            name="title"
            value={title}
            maxLength={500}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <label className="field">
          <span>Paper type</span>
          <select
            name="type"
            value={type}
            disabled={createdId !== null}
            onChange={(event) => setType(event.target.value as PaperType)}
          >
            {PAPER_TYPES.map((value) => (
              <option key={value} value={value}>
                {PAPER_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        {importing && (
          <ImportDocumentField
            file={documentFile}
            progress={progress}
            disabled={busy}
            onFile={(file) => {
              setDocumentFile(file);
              setProgress(null);
              setError(null);
            }}
          />
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
