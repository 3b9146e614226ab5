// The one place a run that broke off after showing text says so: under its partial answer, "Answer interrupted · not
// saved", why (once: the detail only when it names something the cause does not), and what can be done — Retry asks
// again; Edit question puts it back into the input box (Discard, for another version of an answer, drops it). The
// question is in no composer meanwhile, so it cannot be sent twice by accident.
import type { JSX } from 'react';
import { localizeErrorText, readErrorDetail } from '../../../shared/error-detail';
import type { AssistantMessage } from '../../../shared/messages';
import { useT } from '../i18n';
import { selectCurrentError, useAppState, type AppState } from '../store/appState';
import { errorCauseKey } from '../ui/ErrorBanner';

/** Whether a stored detail adds to the cause: it names something (a status, the provider's words, a host…) or is no known sentence. */
function detailAdds(stored: string): boolean {
  const detail = readErrorDetail(stored);
  return detail === undefined || Object.keys(detail.params).length > 0;
}

/** The answer the failed run broke off in, when the model's request failed (not, say, the disk). */
const selectBrokenAnswer = (s: AppState): AssistantMessage | undefined => {
  const message = s.currentSession.run?.failed ? s.currentSession.run.messages.at(-1) : undefined;
  return message?.role === 'assistant' && message.stopReason === 'error' ? message : undefined;
};

export function InterruptedNote(): JSX.Element | null {
  const t = useT();
  const error = useAppState(selectCurrentError);
  const busy = useAppState((s) => s.isTyping || s.isSessionLoading);
  const locale = useAppState((s) => s.locale);
  const retry = useAppState((s) => s.retry);
  const setAside = useAppState((s) => s.dismissError);
  const broken = useAppState(selectBrokenAnswer);
  if (!error?.inline) return null;
  const cause = t(errorCauseKey(error.code));
  // The answer's stored English sentence says which detail it is; a failure after the model (the disk) has only main's words.
  const stored = broken?.errorMessage;
  const source = stored ?? error.message;
  const detail = source && (stored === undefined || detailAdds(stored)) ? localizeErrorText(locale, source) : '';
  const asked = error.retry === 'send';
  return (
    <div className="msg-interrupted" role="alert" data-testid="answer-interrupted" data-code={error.code} title={t('chat.interruptedHint')}>
      <p className="msg-interrupted-text">
        <strong>{t('chat.interrupted')}</strong>
        <span className="msg-interrupted-unsaved"> · {t('chat.interruptedNotSaved')}</span>
        <br />
        <span data-testid="interrupted-cause">{cause}</span>
        {detail && detail !== cause && <span className="msg-interrupted-detail"> {detail}</span>}
      </p>
      <div className="msg-interrupted-actions">
        {error.retry && (
          <button type="button" className="button primary" data-testid="interrupted-retry" disabled={busy} onClick={() => void retry()}>
            {t('chat.interruptedRetry')}
          </button>
        )}
        <button
          type="button"
          className="button"
          data-testid="interrupted-set-aside"
          title={t(asked ? 'chat.interruptedEditHint' : 'chat.interruptedDiscardHint')}
          disabled={busy}
          onClick={setAside}
        >
          {t(asked ? 'chat.interruptedEdit' : 'chat.interruptedDiscard')}
        </button>
      </div>
    </div>
  );
}
