import { Modal } from './Modal';
import { DialogActions } from './DialogActions';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal
      title={props.title}
      onClose={props.onCancel}
      role="alertdialog"
      footer={
        <DialogActions
          onCancel={props.onCancel}
          confirmLabel={props.confirmLabel}
          danger={props.danger}
          disabled={props.busy}
          onConfirm={props.onConfirm}
        />
      }
    >
      <p>{props.message}</p>
    </Modal>
  );
}
