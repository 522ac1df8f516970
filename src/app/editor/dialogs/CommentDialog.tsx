import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { DialogActions } from '../../components/DialogActions';

interface CommentDialogProps {
  /** 'Edit Comment' unless the dialog adds one. */
  title?: string;
  initial: string;
  onSave: (comment: string) => void;
  /** Absent while adding: there is nothing to delete yet. */
  onDelete?: () => void;
  onClose: () => void;
}

/**
 * The 'Edit Comment' popup opened by clicking commented text (spec 000 §2.1), also used to
 * add a comment to the selected text.
 */
export function CommentDialog({ title, initial, onSave, onDelete, onClose }: CommentDialogProps) {
  const [comment, setComment] = useState(initial);
  return (
    <Modal
      title={title ?? 'Edit Comment'}
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
          {onDelete && (
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
          )}
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
