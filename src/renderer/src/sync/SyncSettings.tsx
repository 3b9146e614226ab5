// The Sync section of Settings: where the sync files live (a shared folder from main's dialog, or a WebDAV server),
// end-to-end encryption by passphrase, on/off, pause, how often, Sync now, and the full status line. Secrets only go
// out: the password and passphrase fields start empty, a saved password shows only as "saved", and both fields are
// emptied once main has taken them.
import { useEffect, useId, useState, type JSX } from 'react';
import type { Locale } from '../../../shared/settings';
import { SYNC_INTERVAL, SYNC_PASSPHRASE_MIN, type SyncSettings as SyncSettingsView, type SyncTarget } from '../../../shared/sync';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { SyncStatusLine } from './SyncStatusLine';

/** An address main can reach: http(s) with a host. */
function isWebdavUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function WebdavForm({ target }: { target: Extract<SyncTarget, { kind: 'webdav' }> | null }): JSX.Element {
  const t = useT();
  const id = useId();
  const busy = useAppState((s) => s.syncBusy);
  const updateSync = useAppState((s) => s.updateSync);
  const [url, setUrl] = useState(target?.url ?? '');
  const [username, setUsername] = useState(target?.username ?? '');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState(false);
  const save = async () => {
    if (!isWebdavUrl(url)) return setProblem(true);
    setProblem(false);
    const took = await updateSync({ webdav: { url: url.trim(), username: username.trim(), ...(password && { password }) } });
    if (took) setPassword('');
  };
  return (
    <div className="sync-webdav">
      <div className="field">
        <label htmlFor={`${id}-url`}>{t('sync.webdav.url')}</label>
        <input
          id={`${id}-url`}
          type="url"
          data-testid="sync-webdav-url"
          placeholder="https://dav.example.com/tiny-agent/"
          value={url}
          aria-invalid={problem || undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
        {problem && <p className="form-error">{t('sync.webdav.badUrl')}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-user`}>{t('sync.webdav.username')}</label>
        <input
          id={`${id}-user`}
          data-testid="sync-webdav-username"
          autoComplete="off"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('sync.webdav.password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          data-testid="sync-webdav-password"
          autoComplete="new-password"
          placeholder={target?.hasPassword ? t('sync.webdav.passwordSaved') : ''}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {target?.hasPassword && <p className="hint">{t('sync.webdav.passwordSavedHint')}</p>}
      </div>
      <div className="field-row">
        <button type="button" className="button" data-testid="sync-webdav-save" disabled={busy} onClick={() => void save()}>
          {t('sync.webdav.save')}
        </button>
      </div>
    </div>
  );
}

function EncryptionForm({ settings }: { settings: SyncSettingsView }): JSX.Element {
  const t = useT();
  const id = useId();
  const busy = useAppState((s) => s.syncBusy);
  const updateSync = useAppState((s) => s.updateSync);
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [line, setLine] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    if (passphrase.length < SYNC_PASSPHRASE_MIN) return setLine({ ok: false, text: t('sync.passphraseTooShort') });
    if (passphrase !== repeat) return setLine({ ok: false, text: t('sync.passphraseMismatch') });
    setLine(null);
    if (await updateSync({ passphrase })) {
      setPassphrase('');
      setRepeat('');
      setLine({ ok: true, text: t('sync.encryptionTurnedOn') });
    }
  };
  const turnOff = async () => {
    setLine(null);
    if (await updateSync({ passphrase: null })) setLine({ ok: true, text: t('sync.encryptionTurnedOff') });
  };
  return (
    <fieldset className="sync-fieldset">
      <legend>{t('sync.encryption')}</legend>
      <p className="hint" data-testid="sync-encryption" data-encrypted={settings.encrypted}>
        {settings.encrypted ? t('sync.encryption.on') : t('sync.encryption.off')}
      </p>
      <div className="field">
        <label htmlFor={`${id}-pass`}>{t('sync.passphrase')}</label>
        <input
          id={`${id}-pass`}
          type="password"
          data-testid="sync-passphrase"
          autoComplete="new-password"
          value={passphrase}
          onChange={(event) => setPassphrase(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-repeat`}>{t('sync.passphraseRepeat')}</label>
        <input
          id={`${id}-repeat`}
          type="password"
          data-testid="sync-passphrase-repeat"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
        />
      </div>
      <p className="sync-warning" role="note" data-testid="sync-passphrase-warning">
        {t('sync.passphraseWarning')}
      </p>
      <div className="field-row">
        <button
          type="button"
          className="button"
          data-testid="sync-passphrase-save"
          disabled={busy || !passphrase}
          onClick={() => void save()}
        >
          {settings.encrypted ? t('sync.passphraseChange') : t('sync.passphraseSet')}
        </button>
        {settings.encrypted && (
          <button type="button" className="button" data-testid="sync-encryption-off" disabled={busy} onClick={() => void turnOff()}>
            {t('sync.encryptionTurnOff')}
          </button>
        )}
      </div>
      {line && (
        <p role={line.ok ? 'status' : 'alert'} className={line.ok ? 'hint' : 'form-error'}>
          {line.text}
        </p>
      )}
    </fieldset>
  );
}

export function SyncSettings({ locale }: { locale: Locale }): JSX.Element {
  const t = useT();
  const id = useId();
  const view = useAppState((s) => s.sync);
  const busy = useAppState((s) => s.syncBusy);
  const error = useAppState((s) => s.syncError);
  const syncNowAsked = useAppState((s) => s.syncNowAsked);
  const loadSync = useAppState((s) => s.loadSync);
  const updateSync = useAppState((s) => s.updateSync);
  const chooseSyncFolder = useAppState((s) => s.chooseSyncFolder);
  const syncNow = useAppState((s) => s.syncNow);
  const [kind, setKind] = useState<SyncTarget['kind']>(view?.settings.target?.kind ?? 'folder');
  const [interval, setIntervalText] = useState('');
  useEffect(() => {
    void loadSync();
  }, [loadSync]);
  const savedKind = view?.settings.target?.kind;
  useEffect(() => {
    if (savedKind) setKind(savedKind);
  }, [savedKind]);

  if (!view) {
    return (
      <section className="settings-section" data-testid="settings-sync">
        <h3 className="settings-subtitle">{t('sync.section')}</h3>
        <p role="status">{t('sync.working')}</p>
      </section>
    );
  }
  const { settings, status } = view;
  const target = settings.target;
  const commitInterval = () => {
    const minutes = Math.round(Number(interval));
    setIntervalText('');
    if (interval.trim() && minutes >= SYNC_INTERVAL.min && minutes <= SYNC_INTERVAL.max && minutes !== settings.intervalMinutes)
      void updateSync({ intervalMinutes: minutes });
  };
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`} data-testid="settings-sync">
      <h3 id={`${id}-title`} className="settings-subtitle">
        {t('sync.section')}
      </h3>
      <p className="hint">{t('sync.intro')}</p>
      <SyncStatusLine status={status} locale={locale} />
      <div className="field sync-switches">
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="sync-enabled"
            disabled={busy || !target}
            checked={settings.enabled}
            onChange={(event) => void updateSync({ enabled: event.target.checked })}
          />
          {t('sync.enabled')}
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            role="switch"
            data-testid="sync-pause"
            disabled={busy || !settings.enabled}
            checked={settings.paused}
            aria-checked={settings.paused}
            onChange={(event) => void updateSync({ paused: event.target.checked })}
          />
          {t('sync.paused')}
        </label>
        {settings.paused && <p className="hint">{t('sync.pausedHint')}</p>}
      </div>
      <fieldset className="sync-fieldset">
        <legend>{t('sync.target')}</legend>
        <div className="sync-kinds" role="radiogroup">
          {(['folder', 'webdav'] as const).map((each) => (
            <label key={each} className="checkbox">
              <input
                type="radio"
                name={`${id}-kind`}
                data-testid="sync-target-kind"
                value={each}
                checked={kind === each}
                onChange={() => setKind(each)}
              />
              {t(`sync.target.${each}`)}
            </label>
          ))}
        </div>
        {kind === 'folder' ? (
          <div className="field">
            <span>{t('sync.folder')}</span>
            <div className="field-row">
              <code className="push-left sync-path" data-testid="sync-folder">
                {target?.kind === 'folder' ? target.path : t('sync.noFolder')}
              </code>
              <button
                type="button"
                className="button"
                data-testid="sync-choose-folder"
                disabled={busy}
                onClick={() => void chooseSyncFolder()}
              >
                {t('sync.chooseFolder')}
              </button>
            </div>
          </div>
        ) : (
          <WebdavForm key={target?.kind === 'webdav' ? target.url : 'new'} target={target?.kind === 'webdav' ? target : null} />
        )}
        {target && (
          <div className="field-row">
            <button
              type="button"
              className="button"
              data-testid="sync-forget-target"
              disabled={busy}
              onClick={() => void updateSync({ clearTarget: true })}
            >
              {t('sync.forgetTarget')}
            </button>
            <p className="hint">{t('sync.forgetHint')}</p>
          </div>
        )}
      </fieldset>
      <EncryptionForm settings={settings} />
      <div className="field">
        <label htmlFor={`${id}-interval`}>{t('sync.interval')}</label>
        <input
          id={`${id}-interval`}
          type="number"
          data-testid="sync-interval"
          min={SYNC_INTERVAL.min}
          max={SYNC_INTERVAL.max}
          value={interval || String(settings.intervalMinutes)}
          onChange={(event) => setIntervalText(event.target.value)}
          onBlur={commitInterval}
          onKeyDown={(event) => event.key === 'Enter' && commitInterval()}
        />
      </div>
      <div className="field-row">
        <button
          type="button"
          className="button primary"
          data-testid="sync-now"
          disabled={busy || syncNowAsked || !target || !settings.enabled || settings.paused || status.state === 'syncing'}
          onClick={() => void syncNow()}
        >
          {syncNowAsked || status.state === 'syncing' ? t('sync.working') : t('sync.now')}
        </button>
      </div>
      {error && (
        <p role="alert" className="form-error" data-testid="sync-result">
          {t('sync.failed', { message: error })}
        </p>
      )}
    </section>
  );
}
