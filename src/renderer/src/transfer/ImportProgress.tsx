// An import under way: the file's name, how many of its chats are done, a bar, and Cancel (chats already imported
// stay). Shown in the sidebar under the import button; floating over the window only while the sidebar is hidden.
import type { JSX } from 'react';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import './transfer.css';

/** Counts as the window writes them, the same in both languages ("2,000"). */
const count = (n: number) => n.toLocaleString('en');

export function ImportProgress({ floating = false }: { floating?: boolean }): JSX.Element | null {
  const t = useT();
  const progress = useAppState((s) => s.importProgress);
  const cancelling = useAppState((s) => s.importCancelling);
  const cancelImport = useAppState((s) => s.cancelImport);
  if (!progress) return null;
  const { fileName: file, phase, done, total } = progress;
  const reading = phase === 'reading';
  const title = t('transfer.progress.title', { file });
  return (
    <section
      className={floating ? 'import-progress floating' : 'import-progress'}
      data-testid="import-progress"
      data-phase={phase}
      data-done={done}
      data-total={total}
      aria-label={title}
    >
      <div className="import-progress-title" title={file}>
        {title}
      </div>
      <div
        className={reading ? 'import-progress-bar reading' : 'import-progress-bar'}
        role="progressbar"
        aria-label={t('transfer.progress.label')}
        aria-valuemin={0}
        {...(!reading && {
          'aria-valuemax': total,
          'aria-valuenow': done,
          'aria-valuetext': t('transfer.progress.count', { done: count(done), total: count(total) }),
        })}
      >
        <span style={reading ? undefined : { width: `${total ? (100 * done) / total : 0}%` }} />
      </div>
      <div className="import-progress-row">
        <span className="import-progress-count">
          {reading ? t('transfer.progress.reading') : t('transfer.progress.count', { done: count(done), total: count(total) })}
        </span>
        <button
          type="button"
          className="button small"
          data-testid="import-cancel"
          disabled={cancelling}
          onClick={() => void cancelImport()}
        >
          {cancelling ? t('transfer.cancelling') : t('transfer.cancel')}
        </button>
      </div>
    </section>
  );
}
