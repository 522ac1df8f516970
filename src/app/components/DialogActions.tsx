import type { ReactNode } from 'react';

type DialogActionsProps = {
  onCancel: () => void;
  cancelLabel?: string;
  confirmLabel: string;
  disabled?: boolean;
  danger?: boolean;
  /** Buttons placed between Cancel and the confirming button (Delete, Reset...). */
  children?: ReactNode;
} & (
  | { onConfirm: () => void; form?: never }
  | { form: string; onConfirm?: never } // the confirming button submits that form
);

/** The footer every dialog shares: Cancel on the left, the confirming action last. */
export function DialogActions(props: DialogActionsProps) {
  return (
    <>
      <button type="button" className="button" onClick={props.onCancel}>
        {props.cancelLabel ?? 'Cancel'}
      </button>
      {props.children}
      <button
        type={props.form ? 'submit' : 'button'}
        form={props.form}
        className={props.danger ? 'button danger' : 'button primary'}
        disabled={props.disabled}
        onClick={props.onConfirm}
      >
        {props.confirmLabel}
      </button>
    </>
  );
}
