// The row that ends a form or a dialog: Cancel, then the one action it exists for (Save, Delete, Send…), on the right.
// Without `onConfirm` the action submits the surrounding form, so Enter in a field and the button do the same.
import type { JSX, MouseEvent, ReactNode } from 'react';
import { useT } from '../i18n';

interface DialogActionsProps {
  onCancel: () => void;
  /** The cancel button's words; "Cancel" in the window's language unless the form says otherwise (e.g. "Back"). */
  cancelLabel?: string;
  cancelTestId?: string;
  /** Cancel takes the focus when the dialog opens (a destructive confirm should not be one Enter away). */
  cancelFirst?: boolean;
  /** The action's words. */
  confirm: string;
  /** The action's data-testid. */
  testId?: string;
  /** The action is disabled (saving, nothing to send yet). */
  disabled?: boolean;
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
  const t = useT();
  const { onConfirm } = props;
  return (
    <div className={props.className ?? 'dialog-actions'}>
      {props.children}
      <button type="button" className="button" data-testid={props.cancelTestId} data-autofocus={props.cancelFirst} onClick={props.onCancel}>
        {props.cancelLabel ?? t('dialog.cancel')}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={props.danger ? 'button danger' : 'button primary'}
        data-testid={props.testId}
        disabled={props.disabled}
        onClick={onConfirm}
      >
        {props.confirm}
      </button>
    </div>
  );
}
