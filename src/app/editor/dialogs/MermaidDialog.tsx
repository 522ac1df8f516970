import { useState } from 'react';
import { Modal } from '../../components/Modal';

interface MermaidDialogProps {
  initial: string;
  onSave: (code: string) => void;
  onClose: () => void;
}

/** 'Edit Mermaid Diagram' (spec 000 §2.1): the diagram's source; the editor re-renders it on Save. */
export function MermaidDialog({ initial, onSave, onClose }: MermaidDialogProps) {
  const [code, setCode] = useState(initial);
  return (
    <Modal
      title="Edit Mermaid Diagram"
      onClose={onClose}
      width={640}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => {
              onSave(code);
              onClose();
            }}
          >
            Save
          </button>
        </>
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
