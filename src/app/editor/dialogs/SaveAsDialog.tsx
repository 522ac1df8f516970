import { useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import { DialogActions } from '../../components/DialogActions';

interface SaveAsDialogProps {
  initialName: string;
  busy: boolean;
  error: string | null;
  onSave: (name: string) => void;
  onClose: () => void;
}

/** 'Save As New Paper' (spec 001 §2): the current content under a new name. */
export function SaveAsDialog({ initialName, busy, error, onSave, onClose }: SaveAsDialogProps) {
  const [name, setName] = useState(initialName);
  const blank = name.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank) onSave(name.trim());
  };

  return (
    <Modal
      title="Save As New Paper"
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          form="save-as-form"
          confirmLabel={busy ? 'Saving…' : 'Save'}
          disabled={blank || busy}
        />
      }
    >
      <form id="save-as-form" onSubmit={submit} noValidate>
        <label className="field">
          <span>New paper name</span>
          <input
            name="name"
            value={name}
            maxLength={500}
            onChange={(event) => setName(event.target.value)}
          />
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
