// The files main set aside at start, said once in the window: what was ignored in settings.json, ui-state.json or
// attachments/refs.json, and where the file as it was is kept. Stays until dismissed (for this run).
import type { JSX } from 'react';
import type { StartupNotice } from '../../../shared/app-status';
import { useT, type Translate } from '../i18n';
import { useAppState } from '../store/appState';
import './status.css';

/** What one notice says, in the person's words. */
export function noticeText(t: Translate, notice: StartupNotice, locale: 'en' | 'zh-CN'): string {
  const limit = notice.limitBytes === undefined ? '' : `${Math.round(notice.limitBytes / (1024 * 1024))} MB`;
  const parts = (notice.parts ?? []).join(locale === 'zh-CN' ? '、' : ', ');
  const main =
    notice.file === 'settings'
      ? notice.problem === 'partlyUnreadable'
        ? t(notice.readOnly ? 'notice.settings.partlyReadOnly' : 'notice.settings.partlyUnreadable', { parts })
        : t(`notice.settings.${notice.problem}`, { limit })
      : notice.file === 'uiState'
        ? t(`notice.uiState.${notice.problem}`, { limit, count: notice.count ?? 0 })
        : t(`notice.attachmentRefs.${notice.problem === 'partlyUnreadable' ? 'unreadable' : notice.problem}`, { limit });
  // Chinese sentences follow each other without a space.
  return notice.keptAs ? `${main}${locale === 'zh-CN' ? '' : ' '}${t('notice.keptAs', { file: notice.keptAs })}` : main;
}

export function StartupNotices(): JSX.Element | null {
  const t = useT();
  const locale = useAppState((s) => s.locale);
  const notices = useAppState((s) => s.appNotices);
  const dismiss = useAppState((s) => s.dismissNotices);
  if (notices.length === 0) return null;
  return (
    <div className="startup-notices" role="status" aria-label={t('notice.label')} data-testid="startup-notices">
      <ul className="app-status-list">
        {notices.map((notice) => (
          <li key={notice.file} data-file={notice.file} data-problem={notice.problem}>
            {noticeText(t, notice, locale)}
          </li>
        ))}
      </ul>
      <button type="button" className="button" data-testid="startup-notices-dismiss" onClick={dismiss}>
        {t('notice.dismiss')}
      </button>
    </div>
  );
}
