// A short-lived confirmation (e.g. "answer copied") announced politely to screen readers.
import { useEffect, type JSX } from 'react';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';

const NOTICE_MS = 2500;

export function StatusNotice(): JSX.Element {
  const t = useT();
  const notice = useAppState((s) => s.notice);
  const clearNotice = useAppState((s) => s.clearNotice);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(clearNotice, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, clearNotice]);
  return (
    <div className="status-notice" role="status" data-testid="status-notice">
      {notice === 'copied' ? t('app.notice.copied') : ''}
    </div>
  );
}
