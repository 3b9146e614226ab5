// A short-lived confirmation (e.g. "answer copied", "chat exported") announced politely to screen readers. A
// notice about something that went wrong stays until it is dismissed: it may list what was not imported and why.
//
// An import's report and progress belong beside the list they fill: the sidebar shows them under its import button
// (`placement="sidebar"`), so they never cover the open chat; only while the sidebar is hidden (collapsed, or the
// narrow window's drawer closed) are they shown over the window. One notice element exists at a time.
import { useEffect, type JSX } from 'react';
import { NARROW_QUERY, useMediaQuery } from '../hooks/useMediaQuery';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { ImportProgress } from '../transfer/ImportProgress';

const NOTICE_MS = 2500;
/** Time to read a file name. */
const TEXT_NOTICE_MS = 5000;

/** Whether the sidebar is on screen: open on a wide window, the drawer open on a narrow one. */
export function useSidebarShown(): boolean {
  const narrow = useMediaQuery(NARROW_QUERY);
  return useAppState((s) => (narrow ? s.drawerOpen : !s.sidebarCollapsed));
}

export function StatusNotice({ placement = 'window' }: { placement?: 'window' | 'sidebar' }): JSX.Element | null {
  const t = useT();
  const notice = useAppState((s) => s.notice);
  const clearNotice = useAppState((s) => s.clearNotice);
  const sidebarShown = useSidebarShown();
  const lasting = typeof notice === 'object' && notice?.tone === 'error';
  const fromImport = typeof notice === 'object' && notice?.origin === 'import';
  // Over the window: everything but an import's report while the sidebar shows it.
  const shownHere = placement === 'sidebar' ? fromImport : !(fromImport && sidebarShown);
  useEffect(() => {
    if (!shownHere || !notice || lasting) return;
    const timer = setTimeout(clearNotice, notice === 'copied' ? NOTICE_MS : TEXT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [shownHere, notice, lasting, clearNotice]);
  const floatingProgress = placement === 'window' && !sidebarShown && <ImportProgress floating />;
  if (!shownHere) return floatingProgress || null;
  const text = notice === 'copied' ? t('app.notice.copied') : (notice?.text ?? '');
  const className = ['status-notice', placement === 'sidebar' && 'in-sidebar', lasting && 'lasting'].filter(Boolean).join(' ');
  return (
    <>
      {floatingProgress}
      <div className={className} role="status" data-testid="status-notice">
        {text && <span className="status-notice-text">{text}</span>}
        {lasting && (
          <button type="button" className="status-notice-dismiss" aria-label={t('transfer.dismiss')} onClick={clearNotice}>
            ×
          </button>
        )}
      </div>
    </>
  );
}
