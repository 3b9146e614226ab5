// `‹ n/m ›` under a message that has other versions: moves to the previous or next one.
import type { JSX } from 'react';
import { useT } from '../../i18n';
import { useRowActions } from './rowActions';

export function BranchSwitch({ messageId, version, versions }: { messageId: string; version: number; versions: number }): JSX.Element {
  const t = useT();
  const { idle, switchVersion } = useRowActions();
  const enabled = idle && switchVersion !== undefined;
  const go = (to: number) => switchVersion?.(messageId, to);
  return (
    <span className="branch-switch" role="group" aria-label={t('branches.versions')}>
      <button
        type="button"
        className="branch-step"
        data-testid="branch-prev"
        aria-label={t('branches.prev')}
        title={t('branches.prev')}
        disabled={!enabled || version <= 1}
        onClick={() => go(version - 1)}
      >
        ‹
      </button>
      <span className="branch-indicator" data-testid="branch-indicator" aria-label={t('branches.version', { n: version, m: versions })}>
        {version}/{versions}
      </span>
      <button
        type="button"
        className="branch-step"
        data-testid="branch-next"
        aria-label={t('branches.next')}
        title={t('branches.next')}
        disabled={!enabled || version >= versions}
        onClick={() => go(version + 1)}
      >
        ›
      </button>
    </span>
  );
}
