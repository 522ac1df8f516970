import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CitedWork } from '../../../shared/citations/work';
import { Modal } from '../../components/Modal';
import { DialogActions } from '../../components/DialogActions';
import {
  importReferences,
  type ImportOutcome,
  type ImportStarted,
} from '../api/reference-files-api';
import {
  detectImportFormat,
  IMPORT_FILE_ACCEPT,
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMATS,
  type ImportFormat,
} from './import-format';
import { ImportProgress } from './ImportProgress';
import { ImportReport } from './ImportReport';
import type { ImportJob } from './useImportJob';

interface ImportReferencesDialogProps {
  paperId: string;
  /** Called with the works the server stored, so the editor saves them with the paper. */
  onImported: (works: CitedWork[]) => void;
  /** The pane's large-import job: started here, followed (and shown) even after closing. */
  job: ImportJob;
  onClose: () => void;
}

const isStarted = (answer: ImportOutcome | ImportStarted): answer is ImportStarted =>
  'jobId' in answer;

/** 'Import references' from a Zotero, Mendeley or Overleaf export: a file or pasted text. */
export function ImportReferencesDialog(props: ImportReferencesDialogProps) {
  const [text, setText] = useState('');
  const [format, setFormat] = useState<ImportFormat>('bibtex');
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: () => importReferences(props.paperId, format, text),
    onSuccess: (answer) => {
      if (isStarted(answer)) props.job.start(answer.jobId, answer.entries);
      else if (answer.imported.length > 0) props.onImported(answer.imported);
    },
  });

  const adopt = (content: string, fileName?: string) => {
    setText(content);
    const detected = detectImportFormat(content, fileName);
    if (detected) setFormat(detected);
    setProblem(null);
    upload.reset();
    props.job.dismiss();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    adopt(await file.text(), file.name);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setProblem('Choose a file or paste references first');
      return;
    }
    upload.mutate();
  };

  const jobStatus = props.job.state?.status;
  const running =
    upload.isSuccess &&
    isStarted(upload.data) &&
    (jobStatus === undefined || jobStatus === 'pending' || jobStatus === 'processing');

  return (
    <Modal
      title="Import references"
      onClose={props.onClose}
      width={560}
      footer={
        <DialogActions
          onCancel={props.onClose}
          cancelLabel={upload.isSuccess ? (running ? 'Close' : 'Done') : 'Cancel'}
          form="import-references-form"
          confirmLabel={upload.isPending || running ? 'Importing...' : 'Import'}
          disabled={upload.isPending || running}
        />
      }
    >
      <form id="import-references-form" onSubmit={submit} noValidate>
        <label className="field">
          <span>Reference file</span>
          <input type="file" accept={IMPORT_FILE_ACCEPT} onChange={(event) => void onFile(event)} />
        </label>
        <label className="field">
          <span>Or paste references</span>
          <textarea
            className="import-text"
            rows={8}
            spellCheck={false}
            placeholder="@article{...}"
            value={text}
            onChange={(event) => adopt(event.target.value)}
          />
        </label>
        <label className="field">
          <span>Format</span>
          <select
            value={format}
            onChange={(event) => setFormat(event.target.value as ImportFormat)}
          >
            {IMPORT_FORMATS.map((value) => (
              <option key={value} value={value}>
                {IMPORT_FORMAT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        {upload.isError && (
          <p className="form-error" role="alert">
            {upload.error.message}
          </p>
        )}
        {upload.isSuccess &&
          (isStarted(upload.data) ? (
            <ImportProgress job={props.job} />
          ) : (
            <ImportReport outcome={upload.data} />
          ))}
      </form>
    </Modal>
  );
}
