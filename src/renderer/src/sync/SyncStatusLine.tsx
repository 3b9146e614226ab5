// The `sync-status` line: the state (data-state off|idle|syncing|paused|error) and what the last pass did, or how far
// the running one has got. Full in Settings (with each skipped file and why); compact in the sidebar's foot, where
// it opens Settings. Only one `sync-status` is on the page at a time: the sidebar's drops its id while Settings is open.
import { useEffect, useState, type JSX } from 'react';
import type { Locale } from '../../../shared/settings';
import type { SyncStatus } from '../../../shared/sync';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { compactWords, statusDetails } from './syncWords';
import './sync.css';

/** The time now, again every 30 s, so "3 min ago" moves on while the line is shown. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ProgressBar({ status }: { status: SyncStatus }): JSX.Element | null {
  if (status.state !== 'syncing' || !status.progress || status.progress.total <= 0) return null;
  const { done, total } = status.progress;
  return <progress className="sync-progress" data-testid="sync-progress" max={total} value={Math.min(done, total)} />;
}

/** The full line in Settings. */
export function SyncStatusLine({ status, locale }: { status: SyncStatus; locale: Locale }): JSX.Element {
  const t = useT();
  const now = useNow();
  const details = statusDetails(t, status, locale, now);
  const skipped = status.state === 'syncing' ? [] : (status.lastPass?.skipped ?? []);
  return (
    <div className="sync-status" data-testid="sync-status" data-state={status.state} role="status" aria-live="polite">
      <p className="sync-status-line">
        <span className="sync-dot" data-state={status.state} aria-hidden="true" />
        <strong>{t(`sync.state.${status.state}`)}</strong>
        {details.map((part, i) => (
          <span key={i} className={status.state === 'error' && i === 0 && status.error ? 'sync-error' : undefined}>
            {' · '}
            {part}
          </span>
        ))}
      </p>
      <ProgressBar status={status} />
      {skipped.length > 0 && (
        <div className="sync-skipped">
          <p className="hint">{t('sync.skippedTitle')}</p>
          <ul data-testid="sync-skipped">
            {skipped.map((skip) => (
              <li key={skip.path} data-reason={skip.reason}>
                <code>{skip.path}</code> — {t(`sync.skip.${skip.reason}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The compact line at the foot of the sidebar: nothing while sync is off; a click opens Settings. */
export function SidebarSyncStatus(): JSX.Element | null {
  const t = useT();
  const now = useNow();
  const status = useAppState((s) => s.sync?.status);
  const locale = useAppState((s) => s.locale);
  const settingsOpen = useAppState((s) => s.settingsOpen);
  const setSettingsOpen = useAppState((s) => s.setSettingsOpen);
  if (!status || status.state === 'off') return null;
  const words = compactWords(t, status, locale, now);
  return (
    <button
      type="button"
      className="sidebar-sync"
      data-testid={settingsOpen ? undefined : 'sync-status'}
      data-state={status.state}
      title={`${words}\n${t('sync.openSettings')}`}
      onClick={() => setSettingsOpen(true)}
    >
      <span className="sync-dot" data-state={status.state} aria-hidden="true" />
      <span className="sidebar-sync-words">{words}</span>
      <ProgressBar status={status} />
    </button>
  );
}
