// The Backups section of Settings: on/off, the folder (chosen in main's dialog), how many are kept, back up now, and
// restore one picked from the list (date, reason, size) after a confirmation; one result or error line.
import { useEffect, useId, useState, type JSX } from 'react';
import type { Locale } from '../../../shared/settings';
import { BACKUP_KEEP, type BackupSummary, type BackupView } from '../../../shared/sync';
import { useT } from '../i18n';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function BackupSettings({ locale }: { locale: Locale }): JSX.Element {
  const t = useT();
  const id = useId();
  const [view, setView] = useState<BackupView | null>(null);
  const [picked, setPicked] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [line, setLine] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    void window.api.getBackups().then((result) => result.ok && setView(result.value));
  }, []);
  const adopt = (next: BackupView) => {
    setView(next);
    if (!next.backups.some((b) => b.name === picked)) setPicked(next.backups[0]?.name ?? '');
  };
  const run = async <T,>(
    work: () => Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
    done: (value: T) => void,
  ) => {
    setBusy(true);
    setLine(null);
    const result = await work();
    setBusy(false);
    if (result.ok) done(result.value);
    else setLine({ ok: false, text: t('backup.failed', { message: result.error.message }) });
  };
  const label = (b: BackupSummary) =>
    t('backup.item', { date: new Date(b.createdAt).toLocaleString(locale), reason: t(`backup.reason.${b.reason}`), size: size(b.bytes) });

  const settings = view?.settings;
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`} data-testid="settings-backup">
      <h3 id={`${id}-title`} className="settings-subtitle">
        {t('backup.section')}
      </h3>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="backup-enabled"
            disabled={!settings?.folder}
            checked={settings?.enabled ?? false}
            onChange={(event) => void run(() => window.api.updateBackupSettings({ enabled: event.target.checked }), adopt)}
          />
          {t('backup.enabled')}
        </label>
      </div>
      <div className="field">
        <span>{t('backup.folder')}</span>
        <div className="field-row">
          <code className="push-left" data-testid="backup-folder">
            {settings?.folder ?? t('backup.noFolder')}
          </code>
          <button
            type="button"
            className="button"
            data-testid="backup-choose-folder"
            disabled={busy}
            onClick={() => void run(() => window.api.chooseBackupFolder(), adopt)}
          >
            {t('backup.chooseFolder')}
          </button>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-keep`}>{t('backup.keep')}</label>
        <input
          id={`${id}-keep`}
          type="number"
          data-testid="backup-keep"
          min={BACKUP_KEEP.min}
          max={BACKUP_KEEP.max}
          value={settings?.keep ?? BACKUP_KEEP.default}
          onChange={(event) => {
            const keep = Math.round(Number(event.target.value));
            if (keep >= BACKUP_KEEP.min && keep <= BACKUP_KEEP.max) void run(() => window.api.updateBackupSettings({ keep }), adopt);
          }}
        />
      </div>
      <div className="field-row">
        <button
          type="button"
          className="button"
          data-testid="backup-now"
          disabled={busy || !settings?.folder}
          onClick={() =>
            void run(
              () => window.api.backupNow(),
              (made) => {
                setLine({
                  ok: true,
                  text:
                    made.files === 1
                      ? t('backup.doneOne', { size: size(made.bytes) })
                      : t('backup.done', { files: String(made.files), size: size(made.bytes) }),
                });
                void window.api.getBackups().then((result) => result.ok && adopt(result.value));
              },
            )
          }
        >
          {busy ? t('backup.working') : t('backup.now')}
        </button>
      </div>
      {view && settings?.folder && (
        <div className="field">
          <label htmlFor={`${id}-pick`}>{t('backup.pick')}</label>
          {view.backups.length ? (
            <div className="field-row">
              <select id={`${id}-pick`} data-testid="backup-list" value={picked} onChange={(event) => setPicked(event.target.value)}>
                {view.backups.map((b) => (
                  <option key={b.name} value={b.name}>
                    {label(b)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="button"
                data-testid="backup-restore"
                disabled={busy || !picked}
                onClick={() => setConfirming(true)}
              >
                {t('backup.restore')}
              </button>
            </div>
          ) : (
            <p className="hint">{t('backup.none')}</p>
          )}
        </div>
      )}
      {confirming && (
        <div className="confirm-box" role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`} className="confirm-title">
            {t('backup.confirmRestore')}
          </p>
          <div className="field-row">
            <button
              type="button"
              className="button primary"
              data-testid="backup-restore-confirm"
              onClick={() => {
                setConfirming(false);
                void run(
                  () => window.api.restoreBackup({ name: picked }),
                  () => setLine({ ok: true, text: t('backup.restored') }),
                );
              }}
            >
              {t('backup.confirm')}
            </button>
            <button type="button" className="button" autoFocus onClick={() => setConfirming(false)}>
              {t('backup.cancel')}
            </button>
          </div>
        </div>
      )}
      {line && (
        <p role={line.ok ? 'status' : 'alert'} className={line.ok ? 'hint' : 'form-error'} data-testid="backup-result">
          {line.text}
        </p>
      )}
    </section>
  );
}
