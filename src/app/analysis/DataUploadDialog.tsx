import { useRef, useState } from 'react';
import { dataFileFormat } from '../../shared/analysis/data-file';
import { DialogActions } from '../components/DialogActions';
import { Modal } from '../components/Modal';
import { uploadDataFile } from './api/data-analysis';

interface DataUploadDialogProps {
  userId: string;
  onClose: () => void;
  onUploaded: (fileId: string) => void;
}

/**
 * The data-file upload dialog (002 §2, §4, §5): csv, xlsx and xls only, others dropped with a
 * note; Escape closes it unless an upload is running.
 */
export function DataUploadDialog({ userId, onClose, onUploaded }: DataUploadDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [dropped, setDropped] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (chosen: File[]) => {
    setError(null);
    setFiles((current) => [...current, ...chosen.filter((file) => dataFileFormat(file.name))]);
    setDropped(chosen.filter((file) => !dataFileFormat(file.name)).map((file) => file.name));
  };

  const upload = async () => {
    setUploading(true);
    setError(null);
    let last: string | null = null;
    try {
      for (const file of files) {
        last = await uploadDataFile(file, userId);
        setFiles((current) => current.filter((queued) => queued !== file));
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Upload failed');
    } finally {
      setUploading(false);
    }
    if (last) onUploaded(last);
  };

  return (
    <Modal
      title="Upload Data Files"
      onClose={() => {
        if (!uploading) onClose();
      }}
      width={480}
      footer={
        <DialogActions
          onCancel={() => {
            if (!uploading) onClose();
          }}
          confirmLabel={uploading ? 'Uploading...' : 'Upload'}
          disabled={uploading || files.length === 0}
          onConfirm={() => void upload()}
        />
      }
    >
      <div
        className={dragging ? 'drop-zone dragging' : 'drop-zone'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          choose([...event.dataTransfer.files]);
        }}
      >
        <p>Drop spreadsheets here (csv, xlsx, xls) or</p>
        <button type="button" className="button" onClick={() => input.current?.click()}>
          Choose files
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept=".csv,.xlsx,.xls"
          aria-label="Data files"
          onChange={(event) => {
            choose([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {dropped.length > 0 && (
        <p className="muted" role="status">
          Only csv, xlsx and xls files can be analysed; skipped: {dropped.join(', ')}
        </p>
      )}
      {files.length > 0 && (
        <ul className="upload-queue" aria-label="Files to upload">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>{file.name}</li>
          ))}
        </ul>
      )}
      {error && <p className="error-box">{error}</p>}
    </Modal>
  );
}
