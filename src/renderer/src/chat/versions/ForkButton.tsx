// "New chat from here" on a stored message: a new chat holding the shown branch up to it (main's compare/fork.ts).
import type { JSX } from 'react';
import { useT } from '../../i18n';
import { useRowActions } from './rowActions';

export function ForkButton({ messageId }: { messageId: string }): JSX.Element | null {
  const t = useT();
  const { idle, fork } = useRowActions();
  if (!fork) return null;
  return (
    <button
      type="button"
      className="msg-action"
      data-testid="message-fork"
      title={t('fork.hint')}
      disabled={!idle}
      onClick={() => fork(messageId)}
    >
      {t('fork.button')}
    </button>
  );
}
