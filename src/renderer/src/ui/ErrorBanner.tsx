// The open session's error: a localized cause, main's message as detail (in the person's language), retry (sends the
// unsent text again), Open Settings when the API key was rejected, Choose a model when the chat's provider is not
// available, and dismiss.
import type { JSX } from 'react';
import { localizeErrorText } from '../../../shared/error-detail';
import { allStrings, useT, type StringKey } from '../i18n';
import { selectCurrentError, useAppState, type BannerCode } from '../store/appState';
import { CloseIcon } from './icons';

/** A code main sends that this build does not know still gets words. */
export function errorCauseKey(code: BannerCode): StringKey {
  const key = `error.code.${code}` as const;
  return key in allStrings.en ? key : 'error.code.unknown';
}

export function ErrorBanner(): JSX.Element | null {
  const t = useT();
  const error = useAppState(selectCurrentError);
  const retry = useAppState((s) => s.retry);
  const dismiss = useAppState((s) => s.dismissError);
  const locked = useAppState((s) => s.isSessionLoading || s.isTyping);
  const locale = useAppState((s) => s.locale);
  const openSettings = useAppState((s) => s.setSettingsOpen);
  const openModelPicker = useAppState((s) => s.setModelPickerOpen);
  if (!error) return null;
  const cause = t(errorCauseKey(error.code));
  // Main words it in the language of the moment it failed; a stored English sentence follows a later switch too.
  const detail = error.message ? localizeErrorText(locale, error.message) : '';
  return (
    <div className="error-banner" role="alert" data-testid="error-banner" data-code={error.code}>
      <div className="error-text">
        <strong className="error-cause">{cause}</strong>
        {detail && detail !== cause && (
          <span className="error-detail" data-testid="error-detail">
            {detail}
          </span>
        )}
        {error.retry === 'send' && <span className="error-restored">{t('error.restored')}</span>}
      </div>
      {error.code === 'auth' && (
        <button type="button" className="button" data-testid="error-open-settings" onClick={() => openSettings(true)}>
          {t('error.openSettings')}
        </button>
      )}
      {error.code === 'provider_unavailable' && (
        <button type="button" className="button" data-testid="error-choose-model" onClick={() => openModelPicker(true)}>
          {t('error.chooseModel')}
        </button>
      )}
      {/* Retrying on a provider that is not available fails again: the way on is choosing a model. */}
      {error.retry && error.code !== 'provider_unavailable' && (
        <button type="button" className="button" data-testid="error-retry" disabled={locked} onClick={() => void retry()}>
          {t('error.retry')}
        </button>
      )}
      <button
        type="button"
        className="icon-button"
        data-testid="error-dismiss"
        aria-label={t('error.dismiss')}
        title={t('error.dismiss')}
        onClick={dismiss}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
