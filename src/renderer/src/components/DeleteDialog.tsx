// Asks before deleting a session; a running answer is stopped by main when it is deleted.
import type { JSX } from 'react';
import type { SessionSummary } from '../../../shared/sessions';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { Dialog } from '../ui/Dialog';
import { DialogActions } from '../ui/DialogActions';

export function DeleteDialog({ summary, onClose }: { summary: SessionSummary; onClose: () => void }): JSX.Element {
  const t = useT();
  const deleteSession = useAppState((s) => s.deleteSession);
  const locked = useAppState((s) => s.isSessionLoading);
  const confirm = async () => {
    await deleteSession(summary.id);
    onClose();
  };
  return (
    <Dialog title={t('delete.title')} onClose={onClose} testId="delete-dialog">
      <p>{t('delete.body', { name: summary.name || t('session.untitled') })}</p>
      {summary.isStreaming && <p>{t('delete.streaming')}</p>}
      <DialogActions
        onCancel={onClose}
        cancelFirst
        confirm={t('delete.confirm')}
        testId="confirm-delete"
        disabled={locked}
        onConfirm={() => void confirm()}
        danger
      />
    </Dialog>
  );
}
