// The condensed marker: after the last message a summary stands for, where the model stops seeing the messages
// themselves. "Earlier messages summarized — show" opens the summary's text; Undo takes the summary back.
import { useEffect, type JSX } from 'react';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';
import { CondenseIcon } from '../../ui/icons';

export function CondensedMarker({ messageId }: { messageId: string | undefined }): JSX.Element | null {
  const t = useT();
  const sessionId = useAppState((s) => s.currentSession.id);
  const condense = useAppState((s) => s.condense);
  const toggle = useAppState((s) => s.toggleSummary);
  const undo = useAppState((s) => s.undoCondense);
  const summary = condense?.sessionId === sessionId ? condense.view.summary : undefined;
  if (!summary || messageId === undefined || summary.through !== messageId || sessionId === null) return null;
  return (
    <div
      className="condensed-marker"
      data-testid="condensed-marker"
      role="note"
      aria-label={t('condense.markerLabel', { count: summary.count })}
    >
      <div className="condensed-line">
        <button type="button" className="condensed-toggle" aria-expanded={condense!.open} onClick={toggle}>
          {condense!.open ? t('condense.hide') : t('condense.marker')}
        </button>
        <button type="button" className="condensed-undo" data-testid="condense-undo" onClick={() => void undo(sessionId)}>
          {t('condense.undo')}
        </button>
      </div>
      {condense!.open && <p className="condensed-summary">{summary.summary}</p>}
    </div>
  );
}

/** `condense-now`: summarizes the open chat's earlier turns now; loads the chat's condensed state as it changes. */
export function CondenseNowButton(): JSX.Element | null {
  const t = useT();
  const sessionId = useAppState((s) => s.currentSession.id);
  const count = useAppState((s) => s.currentSession.committed.length);
  const running = useAppState((s) => s.currentSession.run !== null);
  const working = useAppState((s) => s.condense?.working === true);
  const load = useAppState((s) => s.loadCondense);
  const condenseNow = useAppState((s) => s.condenseNow);
  useCondenseFollow(sessionId, count, running, load);
  if (sessionId === null || count < 4) return null;
  const label = working ? t('condense.working') : t('condense.now');
  return (
    <button
      type="button"
      className="icon-button condense-now"
      data-testid="condense-now"
      disabled={running || working}
      aria-label={label}
      title={label}
      aria-busy={working}
      onClick={() => void condenseNow(sessionId)}
    >
      <CondenseIcon />
    </button>
  );
}

/** Asks main for the chat's condensed state when another chat opens and after each answer is saved. */
function useCondenseFollow(sessionId: string | null, count: number, running: boolean, load: (id: string) => Promise<void>): void {
  useEffect(() => {
    if (sessionId !== null && !running) void load(sessionId);
  }, [sessionId, count, running, load]);
}
