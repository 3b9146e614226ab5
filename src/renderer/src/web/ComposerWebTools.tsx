// The composer's web parts: the "Search the web" toggle (web_search offered for the next question only; pressed until
// that question is sent) and the offer shown above the composer when a link was pasted alone ("Read this page": sent
// as a request to read it, with fetch_page offered for that send).
import { type JSX } from 'react';
import { useT } from '../i18n';
import './web.css';

export function WebToggle({
  pressed,
  ready,
  disabled,
  onToggle,
}: {
  pressed: boolean;
  /** web_search is set up; when not, the button says where to set it up and stays unpressed. */
  ready: boolean;
  disabled: boolean;
  onToggle(): void;
}): JSX.Element {
  const t = useT();
  const on = pressed && ready;
  return (
    <button
      type="button"
      className={`icon-button composer-web${on ? ' on' : ''}`}
      data-testid="composer-web-toggle"
      aria-pressed={on}
      aria-label={t('webTools.composer.web')}
      title={ready ? (on ? t('webTools.composer.webOn') : t('webTools.composer.webHint')) : t('webTools.composer.webNotReady')}
      disabled={disabled || !ready}
      onClick={onToggle}
    >
      <GlobeIcon />
    </button>
  );
}

export function PageOffer({ url, onRead, onDismiss }: { url: string; onRead(): void; onDismiss(): void }): JSX.Element {
  const t = useT();
  return (
    <div className="composer-offer" data-testid="composer-url-offer" role="group" aria-label={t('webTools.offer.label')}>
      <GlobeIcon />
      <span className="composer-offer-text" title={url}>
        {t('webTools.offer.label')}
      </span>
      <button type="button" className="button primary composer-offer-read" data-testid="composer-url-read" onClick={onRead}>
        {t('webTools.offer.read')}
      </button>
      <button
        type="button"
        className="icon-button composer-offer-dismiss"
        data-testid="composer-url-dismiss"
        aria-label={t('webTools.offer.dismiss')}
        title={t('webTools.offer.dismiss')}
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}

/** A globe: the web. */
function GlobeIcon(): JSX.Element {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.4 2.6 3.6 5.4 3.6 8.5s-1.2 5.9-3.6 8.5M12 3.5C9.6 6.1 8.4 8.9 8.4 12s1.2 5.9 3.6 8.5" />
    </svg>
  );
}
