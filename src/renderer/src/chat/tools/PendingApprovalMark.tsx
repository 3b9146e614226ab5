// The sidebar's mark on a session whose tool call waits for the person's approval (open or in the background).
import type { JSX } from 'react';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';
import './tools.css';

export function PendingApprovalMark({ sessionId, fromSummary }: { sessionId: string; fromSummary?: boolean }): JSX.Element | null {
  const t = useT();
  const live = useAppState((s) => s.approvals[sessionId]);
  // Events since the list was loaded are the live truth; the summary covers approvals that began before.
  const waiting = live ? live.length > 0 : fromSummary === true;
  if (!waiting) return null;
  return (
    <span
      className="approval-mark"
      role="img"
      aria-label={t('tools.pendingApproval')}
      title={t('tools.pendingApproval')}
      data-testid="session-approval"
    >
      ?
    </span>
  );
}
