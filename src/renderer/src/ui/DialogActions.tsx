// The row that ends a form or a dialog: Cancel, then the one action it exists for (Save, Delete, Send…), on the right.
// Without `onConfirm` the action submits the surrounding form, so Enter in a field and the button do the same.
import type { JSX, MouseEvent, ReactNode } from 'react';

interface DialogActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  cancelTestId?: string;
  /** Cancel takes the focus when the dialog opens (a destructive confirm should not be one Enter away). */
  cancelFirst?: boolean;
  confirmLabel: string;
  confirmTestId?: string;
  confirmDisabled?: boolean;
  /** Absent: the action is the form's submit button. */
  onConfirm?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** A confirm that destroys something is styled as such. */
  danger?: boolean;
  /** Where the row sits decides its spacing (a dialog's footer, a form inside a list, an inline editor). */
  className?: string;
  /** Secondary buttons shown before Cancel (e.g. Remove). */
  children?: ReactNode;
}

export function DialogActions(props: DialogActionsProps): JSX.Element {
  const { onConfirm } = props;
  return (
    <div className={props.className ?? 'dialog-actions'}>
      {props.children}
      <button type="button" className="button" data-testid={props.cancelTestId} data-autofocus={props.cancelFirst} onClick={props.onCancel}>
        {props.cancelLabel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={props.danger ? 'button danger' : 'button primary'}
        data-testid={props.confirmTestId}
        disabled={props.confirmDisabled}
        onClick={onConfirm}
      >
        {props.confirmLabel}
      </button>
    </div>
  );
}
