import { useState, type FormEvent } from 'react';
import { useCreatePaper } from '../api/papers';
import { Modal } from '../components/Modal';
import { DialogActions } from '../components/DialogActions';
import { PAPER_TYPES, PAPER_TYPE_LABELS, type PaperType } from '../../shared/papers/paper-types';

/** The quick create dialog; the multi-step creation wizard replaces it in a later feature. */
export function AddPaperDialog(props: { onClose: () => void; onCreated: (id: string) => void }) {
  const createPaper = useCreatePaper();
  const [title, setTitle] = useState('');
  const [type, setType] = useState<PaperType>('scientific');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setError('Title is required');
      return;
    }
    try {
      const paper = await createPaper.mutateAsync({ title: title.trim(), type });
      props.onCreated(paper.id);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Failed to save paper.');
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
          confirmLabel={createPaper.isPending ? 'Creating…' : 'Create'}
          disabled={createPaper.isPending}
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
            onChange={(event) => setType(event.target.value as PaperType)}
          >
            {PAPER_TYPES.map((value) => (
              <option key={value} value={value}>
                {PAPER_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
