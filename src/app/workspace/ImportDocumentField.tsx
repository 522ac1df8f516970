import { isAcceptedFileName } from '../../shared/files/upload-formats';
import { GoalDropZone, statusText } from '../files/UploadFilesDialog';
import { IMPORT_GOAL } from '../files/import-document';
import type { UploadProgress } from '../files/upload-progress';

/**
 * The document an 'Import existing document' paper is made from: a drop zone taking one file
 * of an accepted type, with its conversion progress once it is being uploaded.
 */
export function ImportDocumentField(props: {
  file: File | null;
  progress: UploadProgress | null;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <div className="field import-document">
      <span>Document to import</span>
      <GoalDropZone
        goal={IMPORT_GOAL}
        disabled={props.disabled}
        onFiles={(files) => {
          const file = files.find((candidate) => isAcceptedFileName(candidate.name));
          if (file) props.onFile(file);
        }}
      />
      {props.file && (
        <p className="import-document-file" role="status">
          {props.file.name}
          {props.progress && ` ${statusText(props.progress)}`}
        </p>
      )}
    </div>
  );
}
