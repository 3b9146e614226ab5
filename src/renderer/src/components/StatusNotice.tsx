// A short-lived confirmation (e.g. "answer copied", "chat exported") announced politely to screen readers. A
// notice about something that went wrong stays until it is dismissed: it may list what was not imported and why.
import { useEffect, type JSX } from 'react';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';

const NOTICE_MS = 2500;
/** Time to read a file name. */
const TEXT_NOTICE_MS = 5000;

export function StatusNotice(): JSX.Element {
  const t = useT();
  const notice = useAppState((s) => s.notice);
  const clearNotice = useAppState((s) => s.clearNotice);
  const lasting = typeof notice === 'object' && notice?.tone === 'error';
  useEffect(() => {
    if (!notice || lasting) return;
    const timer = setTimeout(clearNotice, notice === 'copied' ? NOTICE_MS : TEXT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, lasting, clearNotice]);
  const text = notice === 'copied' ? t('app.notice.copied') : (notice?.text ?? '');
  return (
    <div className={lasting ? 'status-notice lasting' : 'status-notice'} role="status" data-testid="status-notice">
      {text && <span className="status-notice-text">{text}</span>}
      {lasting && (
        <button type="button" className="status-notice-dismiss" aria-label={t('transfer.dismiss')} onClick={clearNotice}>
          ×
        </button>
      )}
    </div>
  );
}
