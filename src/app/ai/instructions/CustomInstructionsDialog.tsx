import { useId, useState } from 'react';
import { DialogActions } from '../../components/DialogActions';
import { Modal } from '../../components/Modal';
import { canSubmitCustomInstructions } from '../rewrite/section-actions';
import type { CustomInstructions } from '../writing/api/writing-api';

type CustomInstructionsDialogProps = {
  sectionLabel: string;
  /** What the Instructions field suggests writing. */
  placeholder: string;
  initial?: CustomInstructions | null;
  onCancel: () => void;
} & (
  | {
      /** Rewrite (000 §2.3): OK needs an instruction or a system prompt (§5). */
      emptyClears?: false;
      onSubmit: (instructions: CustomInstructions) => void;
    }
  | {
      /** A writing plan's section (001 §2): both empty leaves it to the default task. */
      emptyClears: true;
      onSubmit: (instructions: CustomInstructions | null) => void;
    }
);

/** 'Custom Instructions' for one section: instructions and an optional system prompt. */
export function CustomInstructionsDialog(props: CustomInstructionsDialogProps) {
  const [instructions, setInstructions] = useState(props.initial?.instructions ?? '');
  const [systemPrompt, setSystemPrompt] = useState(props.initial?.systemPrompt ?? '');
  const formId = useId();
  const given = canSubmitCustomInstructions(instructions, systemPrompt);
  const ready = given || props.emptyClears === true;
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
          const trimmed = { instructions: instructions.trim(), systemPrompt: systemPrompt.trim() };
          if (props.emptyClears) props.onSubmit(given ? trimmed : null);
          else if (given) props.onSubmit(trimmed);
        }}
      >
        <p className="muted">Section {props.sectionLabel}</p>
        <label className="field">
          Instructions
          <textarea
            rows={6}
            value={instructions}
            placeholder={props.placeholder}
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
