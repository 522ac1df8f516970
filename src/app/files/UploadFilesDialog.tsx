import { useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ACCEPTED_EXTENSIONS,
  goalLabel,
  isAcceptedFileName,
  uploadGoalsFor,
} from '../../shared/files/upload-formats';
import { useAlert } from '../components/AlertProvider';
import { Modal } from '../components/Modal';
import { fileKeys } from './api/files';
import { IMPORT_GOAL, useImportIntoEmptyPaper } from './import-document';
import { uploadFile } from './api/upload-file';
import { droppedFiles } from './dropped-files';
import { initialProgress, type UploadProgress } from './upload-progress';

/** A queued file (spec 000 §3 'uploaded-file entry'). */
interface QueuedFile extends UploadProgress {
  key: string;
  file: File;
  goal: string;
  fileId: string;
}

interface UploadFilesDialogProps {
  paperId: string;
  paperType: string;
  onClose: () => void;
}

const ACCEPT = ACCEPTED_EXTENSIONS.join(',');

/** One goal's drop zone: files dropped (folders read recursively) or chosen with a click. */
export function GoalDropZone(props: {
  goal: string;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const label = goalLabel(props.goal);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (props.disabled) return;
    void droppedFiles(event.dataTransfer).then(props.onFiles);
  };
  return (
    <div
      className={`drop-zone${over ? ' drop-zone-over' : ''}`}
      role="button"
      tabIndex={0}
      aria-label={`Add files for ${label}`}
      data-goal={props.goal}
      onClick={() => input.current?.click()}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          input.current?.click();
        }
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <strong>{label}</strong>
      <span className="drop-zone-hint">Drop files or folders here, or click to choose</span>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        onChange={(event) => {
          props.onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </div>
  );
}

/** An upload's state as the queue shows it: percent, '(Conversion complete)' or the error. */
export function statusText(entry: UploadProgress): string {
  if (entry.uploaded) return '(Conversion complete)';
  if (entry.error) return entry.error;
  return `${entry.uploadProgress}%`;
}

/**
 * The 'Upload Files' dialog (spec 000 §2.6, §4): one drop zone per goal of the paper's type;
 * queued files are sent one at a time and converted on the server while their progress shows.
 */
export function UploadFilesDialog({ paperId, paperType, onClose }: UploadFilesDialogProps) {
  const showAlert = useAlert();
  const client = useQueryClient();
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const importIntoEmptyPaper = useImportIntoEmptyPaper(paperId);

  const addFiles = (goal: string, files: File[]) => {
    const accepted = files.filter((file) => isAcceptedFileName(file.name));
    setSkipped(files.filter((file) => !isAcceptedFileName(file.name)).map((file) => file.name));
    setQueue((current) => [
      ...current,
      ...accepted.map((file) => ({
        ...initialProgress(),
        key: crypto.randomUUID(),
        fileId: crypto.randomUUID(),
        file,
        goal,
      })),
    ]);
  };

  const update = (key: string, change: Partial<QueuedFile>) =>
    setQueue((current) =>
      current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)),
    );

  const pending = queue.filter((entry) => !entry.uploaded);

  const upload = async () => {
    if (pending.length === 0) return;
    setUploading(true);
    let failed = false;
    for (const entry of pending) {
      update(entry.key, { ...initialProgress() });
      try {
        const result = await uploadFile(
          { file: entry.file, goal: entry.goal, paperId, fileId: entry.fileId },
          (progress) => update(entry.key, progress),
        );
        update(entry.key, result);
        if (!result.uploaded) failed = true;
        else if (entry.goal === IMPORT_GOAL) {
          await importIntoEmptyPaper(entry.fileId).catch((error: unknown) =>
            showAlert(error instanceof Error ? error.message : 'Failed to import the document.'),
          );
        }
      } catch {
        update(entry.key, { error: 'The upload was interrupted.' });
        failed = true;
      }
    }
    setUploading(false);
    await client.invalidateQueries({ queryKey: fileKeys.list(paperId) });
    if (failed) showAlert('Failed to upload files. Please try again.');
  };

  const close = () => {
    if (!uploading) onClose();
  };

  return (
    <Modal
      title="Upload Files"
      onClose={close}
      width={640}
      footer={
        <>
          <button type="button" className="button" onClick={close} disabled={uploading}>
            Close
          </button>
          <button
            type="button"
            className="button primary"
            disabled={uploading || pending.length === 0}
            onClick={() => void upload()}
          >
            {uploading ? 'Uploading...' : 'Upload Files'}
          </button>
        </>
      }
    >
      <div className="upload-dialog">
        <div className="drop-zones">
          {uploadGoalsFor(paperType).map((goal) => (
            <GoalDropZone
              key={goal}
              goal={goal}
              disabled={uploading}
              onFiles={(files) => addFiles(goal, files)}
            />
          ))}
        </div>
        <p className="upload-accepted">Accepted types: {ACCEPTED_EXTENSIONS.join(' ')}</p>
        {skipped.length > 0 && (
          <p className="upload-skipped" role="status">
            Not added (type not accepted): {skipped.join(', ')}
          </p>
        )}
        {queue.length > 0 && (
          <div className="upload-queue">
            <h3>Files to upload:</h3>
            <ul>
              {queue.map((entry) => (
                <li
                  key={entry.key}
                  className={entry.error ? 'upload-failed' : undefined}
                  data-testid="upload-entry"
                >
                  <span className="upload-name">{entry.file.name}</span>
                  <span className="upload-goal">{goalLabel(entry.goal)}</span>
                  <span className="upload-status">{statusText(entry)}</span>
                  {!uploading && !entry.uploaded && (
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove ${entry.file.name}`}
                      title="Remove"
                      onClick={() =>
                        setQueue((current) => current.filter((item) => item.key !== entry.key))
                      }
                    >
                      ×
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Modal>
  );
}
