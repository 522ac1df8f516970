import { useId, useState } from 'react';
import { DialogActions } from '../../components/DialogActions';
import { Modal } from '../../components/Modal';
import { canSubmitCustomInstructions } from './section-actions';

interface CustomInstructionsDialogProps {
  sectionLabel: string;
  onSubmit: (instructions: { instructions: string; systemPrompt: string }) => void;
  onCancel: () => void;
}

/** 'Give custom instructions' (000 §2.3): OK needs an instruction or a system prompt (§5). */
export function CustomInstructionsDialog(props: CustomInstructionsDialogProps) {
  const [instructions, setInstructions] = useState('');
  const [systemPrompt, setSystemPrompt] = useState('');
  const formId = useId();
  const ready = canSubmitCustomInstructions(instructions, systemPrompt);
  return (
    <Modal
      title="Custom Instructions"
      onClose={props.onCancel}
      width={620}
      footer={
        <DialogActions
          onCancel={props.onCancel}
          confirmLabel="OK"
          form={formId}
          disabled={!ready}
        />
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          if (ready)
            props.onSubmit({
              instructions: instructions.trim(),
              systemPrompt: systemPrompt.trim(),
            });
        }}
      >
        <p className="muted">Section {props.sectionLabel}</p>
        <label className="field">
          Instructions
          <textarea
            rows={6}
            value={instructions}
            placeholder="Enter your instructions for rewriting the section..."
            onChange={(event) => setInstructions(event.target.value)}
          />
        </label>
        <label className="field">
          System prompt (optional)
          <textarea
            rows={3}
            value={systemPrompt}
            placeholder="How the AI should behave, e.g. 'You are a careful clinical researcher.'"
            onChange={(event) => setSystemPrompt(event.target.value)}
          />
        </label>
      </form>
    </Modal>
  );
}
