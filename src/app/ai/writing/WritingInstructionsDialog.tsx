import { useId, useState } from 'react';
import { DialogActions } from '../../components/DialogActions';
import { Modal } from '../../components/Modal';
import type { CustomInstructions } from './api/writing-api';

interface WritingInstructionsDialogProps {
  sectionLabel: string;
  initial: CustomInstructions | null;
  onSubmit: (instructions: CustomInstructions | null) => void;
  onCancel: () => void;
}

/** The per-section custom instructions dialog (001 §2): instructions and a system prompt. */
export function WritingInstructionsDialog(props: WritingInstructionsDialogProps) {
  const [instructions, setInstructions] = useState(props.initial?.instructions ?? '');
  const [systemPrompt, setSystemPrompt] = useState(props.initial?.systemPrompt ?? '');
  const formId = useId();
  return (
    <Modal
      title="Custom Instructions"
      onClose={props.onCancel}
      width={620}
      footer={<DialogActions onCancel={props.onCancel} confirmLabel="OK" form={formId} />}
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = { instructions: instructions.trim(), systemPrompt: systemPrompt.trim() };
          // Both empty: the section is written with the default task only.
          props.onSubmit(trimmed.instructions || trimmed.systemPrompt ? trimmed : null);
        }}
      >
        <p className="muted">Section {props.sectionLabel}</p>
        <label className="field">
          Instructions
          <textarea
            rows={6}
            value={instructions}
            placeholder="What this section should say, e.g. 'Report the effect sizes with confidence intervals.'"
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
