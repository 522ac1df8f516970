import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../components/Modal';
import { DialogActions } from '../../components/DialogActions';
import { renderLatex } from '../extensions/katex-render';

/** Users often paste the delimiters along with the formula; the document adds its own. */
function withoutDelimiters(text: string): string {
  const trimmed = text.trim();
  const match = /^\$\$([\s\S]*)\$\$$/.exec(trimmed);
  return (match?.[1] ?? trimmed).trim();
}

interface LatexDialogProps {
  initial: string;
  onSave: (latex: string) => void;
  onClose: () => void;
}

/** 'Edit LaTeX Expression' (spec 000 §2.1), with a live rendering of what will be saved. */
export function LatexDialog({ initial, onSave, onClose }: LatexDialogProps) {
  const [latex, setLatex] = useState(initial);
  const preview = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (preview.current) renderLatex(preview.current, withoutDelimiters(latex), true);
  }, [latex]);

  const save = () => {
    onSave(withoutDelimiters(latex));
    onClose();
  };

  return (
    <Modal
      title="Edit LaTeX Expression"
      onClose={onClose}
      width={560}
      footer={
        <DialogActions
          onCancel={onClose}
          confirmLabel="Save"
          disabled={withoutDelimiters(latex) === ''}
          onConfirm={save}
        />
      }
    >
      <textarea
        className="code-input"
        aria-label="LaTeX expression"
        placeholder="Enter LaTeX expression (without $$ delimiters)"
        rows={4}
        value={latex}
        onChange={(event) => setLatex(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) save();
        }}
      />
      <div ref={preview} className="latex-preview" aria-label="Preview" />
    </Modal>
  );
}
