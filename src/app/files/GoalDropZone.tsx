import { useRef, useState, type DragEvent } from 'react';
import { ACCEPTED_EXTENSIONS, goalLabel } from '../../shared/files/upload-formats';
import { droppedFiles } from './dropped-files';
import type { UploadProgress } from './upload-progress';

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
