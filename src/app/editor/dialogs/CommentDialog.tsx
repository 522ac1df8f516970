import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { DialogActions } from '../../components/DialogActions';

interface CommentDialogProps {
  initial: string;
  onSave: (comment: string) => void;
  onDelete: () => void;
  onClose: () => void;
}

/** The 'Edit Comment' popup opened by clicking commented text (spec 000 §2.1). */
export function CommentDialog({ initial, onSave, onDelete, onClose }: CommentDialogProps) {
  const [comment, setComment] = useState(initial);
  return (
    <Modal
      title="Edit Comment"
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          confirmLabel="Save"
          disabled={comment.trim() === ''}
          onConfirm={() => {
            onSave(comment.trim());
            onClose();
          }}
        >
          <button
            type="button"
            className="button danger"
            onClick={() => {
              onDelete();
              onClose();
            }}
          >
            Delete
          </button>
        </DialogActions>
      }
    >
      <textarea
        className="comment-input"
        aria-label="Comment"
        rows={4}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
    </Modal>
  );
}
