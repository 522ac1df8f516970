import { useId, useState } from 'react';
import { DialogActions } from '../../components/DialogActions';
import { Modal } from '../../components/Modal';

/** 000 §3 "Custom instruction object". */
export interface CustomInstruction {
  instructions: string;
  enableLiteratureSearch: boolean;
}

interface CustomRewriteInstructionsDialogProps {
  /** The section, as shown to the user ('1.2 Background'). */
  sectionLabel: string;
  initial: CustomInstruction;
  /** What Reset to Default restores. */
  defaults: CustomInstruction;
  onSave: (instruction: CustomInstruction) => void;
  onCancel: () => void;
}

/**
 * 'Custom Rewrite Instructions' (000 §2.3): the instruction text and 'Enable literature search'
 * for one section; Save hands the instruction object back.
 */
export function CustomRewriteInstructionsDialog(props: CustomRewriteInstructionsDialogProps) {
  const [instructions, setInstructions] = useState(props.initial.instructions);
  const [literature, setLiterature] = useState(props.initial.enableLiteratureSearch);
  const formId = useId();
  const reset = () => {
    setInstructions(props.defaults.instructions);
    setLiterature(props.defaults.enableLiteratureSearch);
  };
  return (
    <Modal
      title="Custom Rewrite Instructions"
      onClose={props.onCancel}
      width={620}
      footer={
        <DialogActions
          onCancel={props.onCancel}
          confirmLabel="Save"
          form={formId}
          disabled={instructions.trim() === ''}
        >
          <button type="button" className="button" onClick={reset}>
            Reset to Default
          </button>
        </DialogActions>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          if (instructions.trim() === '') return;
          props.onSave({ instructions: instructions.trim(), enableLiteratureSearch: literature });
        }}
      >
        <p>
          <strong>Section:</strong> {props.sectionLabel}
        </p>
        <label className="field">
          Instructions
          <textarea
            rows={7}
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
          />
        </label>
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={literature}
            onChange={(event) => setLiterature(event.target.checked)}
          />
          Enable literature search
        </label>
      </form>
    </Modal>
  );
}
