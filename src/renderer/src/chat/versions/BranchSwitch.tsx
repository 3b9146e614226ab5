// `‹ n/m ›` under a message that has other versions: moves to the previous or next one.
import type { JSX } from 'react';
import { useT } from '../../i18n';
import { useRowActions } from './rowActions';

export function BranchSwitch({ messageId, version, versions }: { messageId: string; version: number; versions: number }): JSX.Element {
  const t = useT();
  const { idle, switchVersion } = useRowActions();
  const step = (direction: -1 | 1): JSX.Element => {
    const to = version + direction;
    const label = t(direction < 0 ? 'branches.prev' : 'branches.next');
    return (
      <button
        type="button"
        className="branch-step"
        data-testid={direction < 0 ? 'branch-prev' : 'branch-next'}
        aria-label={label}
        title={label}
        disabled={!idle || !switchVersion || to < 1 || to > versions}
        onClick={() => switchVersion?.(messageId, to)}
      >
        {direction < 0 ? '‹' : '›'}
      </button>
    );
  };
  return (
    <span className="branch-switch" role="group" aria-label={t('branches.versions')}>
      {step(-1)}
      <span className="branch-indicator" data-testid="branch-indicator" aria-label={t('branches.version', { n: version, m: versions })}>
        {version}/{versions}
      </span>
      {step(1)}
    </span>
  );
}
