import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { DialogActions } from '../../components/DialogActions';

interface MermaidDialogProps {
  /** 'Edit Mermaid Diagram' unless the dialog creates one. */
  title?: string;
  initial: string;
  onSave: (code: string) => void;
  onClose: () => void;
}

/** 'Edit Mermaid Diagram' (spec 000 §2.1): the diagram's source; the editor re-renders it on Save. */
export function MermaidDialog({ title, initial, onSave, onClose }: MermaidDialogProps) {
  const [code, setCode] = useState(initial);
  return (
    <Modal
      title={title ?? 'Edit Mermaid Diagram'}
      onClose={onClose}
      width={640}
      footer={
        <DialogActions
          onCancel={onClose}
          confirmLabel="Save"
          onConfirm={() => {
            onSave(code);
            onClose();
          }}
        />
      }
    >
      <textarea
        className="code-input"
        aria-label="Mermaid diagram source"
        rows={12}
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
    </Modal>
  );
}
