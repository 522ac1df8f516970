import { useId, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { Modal } from '../../components/Modal';
import { summarizeAiUse } from '../../../shared/document/provenance/ai-use-summary';
import {
  aiUseAppendix,
  draftAiUseStatement,
} from '../../../shared/document/provenance/ai-use-statement';
import { insertAiUseStatement } from './insert-ai-use-statement';

interface AiUseStatementDialogProps {
  editor: Editor;
  onClose: () => void;
}

/**
 * The Export menu's AI-use statement (issue 37, item 3): drafted from the record, editable,
 * inserted into the paper only on 'Insert'. Review is the authors' to claim: the sentence
 * saying so is added by its checkbox, off by default.
 */
export function AiUseStatementDialog({ editor, onClose }: AiUseStatementDialogProps) {
  const [summary] = useState(() => summarizeAiUse(editor.state.doc));
  const [reviewed, setReviewed] = useState(false);
  const [withAppendix, setWithAppendix] = useState(false);
  const [text, setText] = useState(() => draftAiUseStatement(summary, { reviewed: false }));
  const [touched, setTouched] = useState(false);
  const textId = useId();
  const appendix = aiUseAppendix(summary);

  const setReview = (on: boolean) => {
    setReviewed(on);
    // A draft the person has not edited follows the checkbox; an edited one is theirs.
    if (!touched) setText(draftAiUseStatement(summary, { reviewed: on }));
  };

  const insert = () => {
    insertAiUseStatement(editor, text, withAppendix ? appendix : []);
    onClose();
  };

  return (
    <Modal
      title="AI-use statement"
      onClose={onClose}
      width={640}
      closeOnOverlay={false}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={text.trim() === ''}
            onClick={insert}
          >
            Insert
          </button>
        </>
      }
    >
      <p>
        Drafted from what Scriptor recorded of this paper. Edit it as you need before inserting it
        at the end of the paper.
      </p>
      <label htmlFor={textId}>Statement</label>
      <textarea
        id={textId}
        className="ai-use-statement"
        rows={8}
        value={text}
        onChange={(event) => {
          setTouched(true);
          setText(event.target.value);
        }}
      />
      <label className="ai-use-option">
        <input
          type="checkbox"
          checked={reviewed}
          onChange={(event) => setReview(event.target.checked)}
        />{' '}
        The authors reviewed the AI-written text (adds a sentence saying so)
      </label>
      <label className="ai-use-option">
        <input
          type="checkbox"
          checked={withAppendix}
          disabled={appendix.length === 0}
          onChange={(event) => setWithAppendix(event.target.checked)}
        />{' '}
        Add an appendix listing each AI contribution with its date and model
      </label>
    </Modal>
  );
}
