// Messages queued for the running answer (steering first, then follow-ups), one row each: what kind it is, its text,
// and buttons to take it back into the composer to change it, or to drop it; and one to drop them all.
import type { JSX } from 'react';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { CloseIcon, PencilIcon } from '../ui/icons';

export function QueueStrip(): JSX.Element | null {
  const t = useT();
  const queue = useAppState((s) => s.queue);
  const clearQueue = useAppState((s) => s.clearQueue);
  const removeQueued = useAppState((s) => s.removeQueued);
  if (queue.steering.length + queue.followUp.length === 0) return null;
  const entries = [
    ...queue.steering.map((text, index) => ({ which: 'steering' as const, kind: t('queue.steering'), text, index })),
    ...queue.followUp.map((text, index) => ({ which: 'followUp' as const, kind: t('queue.followUp'), text, index })),
  ];
  return (
    <section className="queue" aria-label={t('queue.label')}>
      <ul className="queue-list" data-testid="queue-list">
        {entries.map((entry) => (
          <li key={`${entry.which}-${entry.index}`} className="queue-item" data-testid="queue-item" data-kind={entry.which}>
            <span className="queue-kind">{entry.kind}</span>
            <span className="queue-text" title={entry.text}>
              {entry.text}
            </span>
            <span className="queue-actions">
              <button
                type="button"
                className="icon-button small"
                data-testid="queue-edit"
                aria-label={t('queue.edit', { text: entry.text })}
                title={t('queue.editHint')}
                onClick={() => void removeQueued(entry.which, entry.index, true)}
              >
                <PencilIcon />
              </button>
              <button
                type="button"
                className="icon-button small"
                data-testid="queue-remove"
                aria-label={t('queue.remove', { text: entry.text })}
                title={t('queue.removeHint')}
                onClick={() => void removeQueued(entry.which, entry.index)}
              >
                <CloseIcon />
              </button>
            </span>
          </li>
        ))}
      </ul>
      {entries.length > 1 && (
        <button type="button" className="button" data-testid="queue-clear" onClick={() => void clearQueue()}>
          {t('queue.clear')}
        </button>
      )}
    </section>
  );
}
