// Settings → Updates and Tray: updates on or off (asked once on the welcome panel; off until the person says yes),
// the channel, "Check now", "Restart to update" with the release notes; keep in tray on close; start at login.
import { useId, type JSX } from 'react';
import type { UpdateChannel } from '../../../shared/desktop';
import { useT } from '../i18n';
import { useDesktop } from './desktopStore';

export function UpdateSettings(): JSX.Element {
  const t = useT();
  const id = useId();
  const view = useDesktop((s) => s.view);
  const { updates } = view.settings;
  const status = view.update.status;
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`} data-testid="settings-updates">
      <h3 id={`${id}-title`} className="settings-subtitle">
        {t('updates.title')}
      </h3>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="updates-enabled"
            aria-describedby={`${id}-promise`}
            checked={updates.enabled === true}
            onChange={(event) => void useDesktop.getState().update({ updates: { enabled: event.target.checked } })}
          />
          {t('updates.toggle')}
        </label>
        <p id={`${id}-promise`} className="hint">
          {t('updates.promise')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-channel`}>{t('updates.channel')}</label>
        <select
          id={`${id}-channel`}
          data-testid="updates-channel"
          value={updates.channel}
          onChange={(event) => void useDesktop.getState().update({ updates: { channel: event.target.value as UpdateChannel } })}
        >
          <option value="stable">{t('updates.stable')}</option>
          <option value="beta">{t('updates.beta')}</option>
        </select>
      </div>
      {!view.canUpdate ? (
        <p className="hint">{t('updates.unavailable')}</p>
      ) : (
        updates.enabled && (
          <div className="field">
            {status.kind === 'downloading' && (
              <p role="status">{t('updates.downloading', { version: status.version, percent: status.percent })}</p>
            )}
            {status.kind === 'idle' && view.update.lastCheckAt !== null && !view.update.lastError && (
              <p role="status">{t('updates.upToDate')}</p>
            )}
            {view.update.lastError && <p className="form-error">{view.update.lastError}</p>}
            {status.kind !== 'ready' && (
              <button
                type="button"
                className="button"
                disabled={status.kind === 'checking'}
                onClick={() => void useDesktop.getState().checkNow()}
              >
                {t('updates.checkNow')}
              </button>
            )}
          </div>
        )
      )}
      {status.kind === 'ready' && <UpdateReady version={status.version} notes={status.notes} />}
    </section>
  );
}

/** "Restart to update": shown in Settings and above the chat once an update is downloaded and verified. */
export function UpdateReady({ version, notes }: { version: string; notes: string }): JSX.Element {
  const t = useT();
  return (
    <div className="update-ready" data-testid="update-ready" role="status">
      <p>{t('updates.ready', { version })}</p>
      {notes && (
        <details>
          <summary>{t('updates.notes')}</summary>
          <pre className="update-notes">{notes}</pre>
        </details>
      )}
      <button type="button" className="button primary" onClick={() => void useDesktop.getState().restart()}>
        {t('updates.restart')}
      </button>
    </div>
  );
}

export function TraySettings(): JSX.Element {
  const t = useT();
  const id = useId();
  const settings = useDesktop((s) => s.view.settings);
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settings-subtitle">
        {t('desktop.trayTitle')}
      </h3>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="settings-keep-in-tray"
            checked={settings.keepInTray}
            onChange={(event) => void useDesktop.getState().update({ keepInTray: event.target.checked })}
          />
          {t('desktop.keepInTray')}
        </label>
      </div>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="settings-launch-at-login"
            checked={settings.launchAtLogin}
            onChange={(event) => void useDesktop.getState().update({ launchAtLogin: event.target.checked })}
          />
          {t('desktop.launchAtLogin')}
        </label>
      </div>
    </section>
  );
}
