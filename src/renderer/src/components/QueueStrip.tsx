// Messages queued for the running answer (steering first, then follow-ups), with a button to drop them.
import type { JSX } from 'react';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';

export function QueueStrip(): JSX.Element | null {
  const t = useT();
  const queue = useAppState((s) => s.queue);
  const clearQueue = useAppState((s) => s.clearQueue);
  if (queue.steering.length + queue.followUp.length === 0) return null;
  const entries = [
    ...queue.steering.map((text) => ({ kind: t('queue.steering'), text })),
    ...queue.followUp.map((text) => ({ kind: t('queue.followUp'), text })),
  ];
  return (
    <section className="queue" aria-label={t('queue.label')}>
      <ul className="queue-list" data-testid="queue-list">
        {entries.map((entry, index) => (
          <li key={index} className="queue-item">
            <span className="queue-kind">{entry.kind}</span>
            <span className="queue-text">{entry.text}</span>
          </li>
        ))}
      </ul>
      <button type="button" className="button" data-testid="queue-clear" onClick={() => void clearQueue()}>
        {t('queue.clear')}
      </button>
    </section>
  );
}
