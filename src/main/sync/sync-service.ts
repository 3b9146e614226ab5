// Sync as the app uses it: the settings block, passes one at a time (by hand, every few minutes, a few seconds after
// a saved answer, and once after the first paint), a pause switch, and the status the window shows — sent to it as
// `sync_status` events while a pass moves on and when it ends.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { AppError } from '../../shared/errors.js';
import type { Locale } from '../../shared/settings.js';
import type { SyncSettingsPatch, SyncStatus, SyncTarget, SyncView } from '../../shared/sync.js';
import type { SecretBox } from '../settings/secret-box.js';
import type { FileDialogs } from '../transfer/dialogs.js';
import { SyncCipherError } from './encrypted-transport.js';
import { openSyncTransport } from './open-transport.js';
import { syncTransportErrorText } from './transport-strings.js';
import { NewerLocationError, runPass, type SyncSessions } from './sync-pass.js';
import { SyncSettingsFile, type SyncSecrets } from './sync-settings.js';
import { SyncState } from './sync-state.js';
import { SYNC_STRINGS } from './sync-strings.js';
import { SyncTransportError, type SyncTransport } from './transport.js';

export interface SyncServiceOptions {
  dataDir: string;
  secrets: SecretBox;
  sessions: SyncSessions;
  dialogs: FileDialogs;
  locale: () => Locale;
  /** Delivers the status to the window (a `sync_status` event). */
  status: (status: SyncStatus) => void;
  log: (message: string, error?: unknown) => void;
  now?: () => number;
  /** The transport for a target (default: openSyncTransport). */
  openTransport?: (target: SyncTarget, secrets: SyncSecrets) => SyncTransport;
  /** Milliseconds from a saved answer to its pass (default 3 s). */
  debounceMs?: number;
}

export class SyncService {
  private running: Promise<void> | undefined;
  private again = false;
  private status: SyncStatus = { state: 'off' };
  private interval: ReturnType<typeof setInterval> | undefined;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  private disposed = false;
  /**
   * The transport of the last pass that ended well, kept with what it was opened for: the next pass to the same
   * location with the same secrets reuses it, and so the key it derived (scrypt is slow on purpose).
   */
  private kept: { opened: string; transport: SyncTransport } | undefined;

  private constructor(
    private readonly options: SyncServiceOptions,
    private readonly settings: SyncSettingsFile,
    private readonly state: SyncState,
  ) {
    this.status = this.restingStatus();
  }

  static async open(options: SyncServiceOptions): Promise<SyncService> {
    const [settings, state] = await Promise.all([SyncSettingsFile.open(options.dataDir, options.secrets), SyncState.open(options.dataDir)]);
    return new SyncService(options, settings, state);
  }

  /** This data folder's device id (its files in the sync location carry it). */
  get deviceId(): string {
    return this.state.deviceId;
  }

  view(): SyncView {
    return { settings: this.settings.view(), status: { ...this.status } };
  }

  async update(patch: SyncSettingsPatch): Promise<SyncView> {
    await this.settings.update(patch);
    this.setStatus(this.status.state === 'syncing' ? this.status : this.restingStatus());
    this.schedule();
    return this.view();
  }

  /** Asks for the shared folder in main's dialog; cancelled changes nothing. */
  async chooseFolder(): Promise<SyncView> {
    const folder = await this.options.dialogs.chooseFolder?.({ title: this.strings().chooseFolderTitle });
    if (folder) {
      await this.settings.setFolder(path.resolve(folder));
      this.setStatus(this.restingStatus());
      this.schedule();
    }
    return this.view();
  }

  /** A pass now (after the one under way, if any); refused without a target; paused or off runs nothing. */
  async syncNow(): Promise<SyncView> {
    if (!this.settings.target()) throw new AppError('invalid_input', this.strings().noTarget);
    await this.pass();
    return this.view();
  }

  /** After the first paint: the first pass, then one every `intervalMinutes`. */
  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    this.schedule();
    if (this.active()) setTimeout(() => void this.pass(), 0);
  }

  /** Something was saved locally (an answer, a rename): a pass follows a few seconds later. */
  localChange(): void {
    if (!this.started || !this.active() || this.disposed || this.status.state === 'syncing') return;
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.pass(), this.options.debounceMs ?? 3_000);
  }

  /** The person deleted a chat here: the next pass tells the other computers (a chat deleted by sync is not told back). */
  localDelete(sessionId: string): void {
    if (this.state.tombstones.has(sessionId)) return;
    this.state.deletedHere.set(sessionId, (this.options.now ?? Date.now)());
    this.state.save().catch((error: unknown) => this.options.log('sync state could not be saved', error));
    this.localChange();
  }

  /** The person renamed (a name) or deleted (null) a folder here: the next pass tells the other computers. */
  localFolder(id: string, name: string | null): void {
    this.state.foldersHere.set(id, { name, at: (this.options.now ?? Date.now)() });
    this.state.save().catch((error: unknown) => this.options.log('sync state could not be saved', error));
    this.localChange();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    clearInterval(this.interval);
    clearTimeout(this.debounce);
    await this.running?.catch(() => undefined);
    await this.dropTransport();
  }

  private async dropTransport(): Promise<void> {
    const kept = this.kept;
    this.kept = undefined;
    await kept?.transport.close();
  }

  /** Runs one pass; a pass asked for while one runs runs once more after it. Never throws: failures are in the status. */
  pass(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      do {
        this.again = false;
        await this.passOnce();
      } while (this.again && !this.disposed);
    })().finally(() => {
      this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async passOnce(): Promise<void> {
    if (!this.active() || this.disposed) {
      this.setStatus(this.restingStatus());
      return;
    }
    const target = this.settings.target()!;
    const strings = this.strings();
    if (this.settings.passphraseMissing()) {
      this.setStatus({ ...this.restingStatus(), state: 'error', error: strings.passphraseMissing });
      return;
    }
    this.setStatus({ state: 'syncing', ...(this.state.lastPass && { lastPass: this.state.lastPass }), progress: { done: 0, total: 0 } });
    let lastProgress = 0;
    let passed = false;
    const secrets = this.settings.secretsForTarget();
    const opened = openedFor(target, secrets);
    if (this.kept && this.kept.opened !== opened) await this.dropTransport();
    try {
      this.kept ??= { opened, transport: (this.options.openTransport ?? openSyncTransport)(target, secrets) };
      const transport = this.kept.transport;
      this.state.moveTo(locationKey(target));
      const report = await runPass({
        transport,
        state: this.state,
        sessions: this.options.sessions,
        now: this.options.now ?? Date.now,
        log: this.options.log,
        progress: (done, total) => {
          const now = Date.now();
          if (done !== total && done !== 0 && now - lastProgress < 100) return;
          lastProgress = now;
          this.setStatus({ ...this.status, state: 'syncing', progress: { done, total } });
        },
      });
      for (const skipped of report.skipped) skipped.message = strings.skip(skipped.reason, skipped.path);
      this.setStatus({ state: 'idle', lastPass: report });
      passed = true;
    } catch (error) {
      this.options.log('sync pass failed', error);
      const cipherWords = error instanceof SyncCipherError ? syncTransportErrorText(this.options.locale(), error) : null;
      const message = cipherWords
        ? cipherWords
        : error instanceof SyncTransportError
          ? strings.transport(error.code, error.message)
          : error instanceof NewerLocationError
            ? strings.newerLocation(error.format)
            : strings.failed(error instanceof Error ? error.message : String(error));
      await this.state.save().catch((saveError: unknown) => this.options.log('sync state could not be saved', saveError));
      this.setStatus({ state: 'error', ...(this.state.lastPass && { lastPass: this.state.lastPass }), error: message });
    } finally {
      // A pass that failed starts the next one afresh: a new connection, the keycheck read again.
      if (!passed || this.disposed) await this.dropTransport();
    }
  }

  private active(): boolean {
    const settings = this.settings.view();
    return settings.enabled && !settings.paused && settings.target !== null;
  }

  private schedule(): void {
    clearInterval(this.interval);
    this.interval = undefined;
    if (!this.started || this.disposed || !this.active()) return;
    this.interval = setInterval(() => void this.pass(), this.settings.view().intervalMinutes * 60_000);
    this.interval.unref?.();
  }

  private restingStatus(): SyncStatus {
    const settings = this.settings.view();
    const lastPass = this.state.lastPass && { lastPass: this.state.lastPass };
    if (!settings.enabled || !settings.target) return { state: 'off', ...lastPass };
    if (settings.paused) return { state: 'paused', ...lastPass };
    return { state: 'idle', ...lastPass };
  }

  private setStatus(status: SyncStatus): void {
    this.status = status;
    try {
      this.options.status({ ...status });
    } catch (error) {
      this.options.log('sync status delivery failed', error);
    }
  }

  private strings() {
    return SYNC_STRINGS[this.options.locale()];
  }
}

/** What a transport was opened for: the location and a digest of its secrets (a changed passphrase opens anew). */
function openedFor(target: SyncTarget, secrets: SyncSecrets): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([secrets.webdavPassword ?? null, secrets.passphrase ?? null]))
    .digest('hex');
  return `${JSON.stringify(target)} ${digest}`;
}

/** Which location the cursors belong to. */
function locationKey(target: SyncTarget): string {
  return target.kind === 'folder' ? `folder:${path.resolve(target.path)}` : `webdav:${target.url}`;
}
