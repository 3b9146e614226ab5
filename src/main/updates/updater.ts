// Runs the update policy against an electron-updater AppUpdater (or anything with its shape): schedules checks,
// applies the channel, turns its events into UpdateState. Thin: every decision is in update-policy.ts.
import type { UpdatePrefs, UpdateState, UpdateStatus } from '../../shared/desktop.js';
import {
  initialUpdateState,
  nextCheckDelay,
  nextUpdateState,
  releaseNotesText,
  updaterChannel,
  type UpdateEvent,
} from './update-policy.js';

/** The part of electron-updater's AppUpdater this uses. */
export interface UpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowPrerelease: boolean;
  allowDowngrade: boolean;
  channel: string | null;
  on(event: 'update-available', listener: (info: { version: string; releaseNotes?: unknown }) => void): unknown;
  on(event: 'update-not-available', listener: () => void): unknown;
  on(event: 'download-progress', listener: (info: { percent: number }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string; releaseNotes?: unknown }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdateControllerOptions {
  /** Created only when updates are on: while off, electron-updater is never even loaded. */
  createUpdater: () => UpdaterPort;
  prefs: UpdatePrefs;
  now: () => number;
  setTimer: (run: () => void, ms: number) => { cancel(): void };
  onState: (state: UpdateState) => void;
  /** "Could not reach the update server: …" in the person's language. */
  describeError: (error: Error) => string;
  /**
   * Started when an update has been downloaded, since it may be installed at the next quit as well as by "Restart to
   * update": the backup before the new version may migrate formats. Restart waits for it; a failure never blocks.
   */
  beforeInstall?: () => Promise<unknown>;
}

export interface UpdateController {
  state(): UpdateState;
  setPrefs(prefs: UpdatePrefs): void;
  /** Checks now (the Settings button); resolves when the check (and a found download) ended. No-op while off. */
  checkNow(): Promise<void>;
  /** Quits and installs a downloaded update once its backup is written; false when none is ready. */
  restartToUpdate(): Promise<boolean>;
  dispose(): void;
}

export function createUpdateController(options: UpdateControllerOptions): UpdateController {
  const startedAt = options.now();
  let prefs = options.prefs;
  let state = initialUpdateState(prefs);
  let updater: UpdaterPort | undefined;
  let timer: { cancel(): void } | undefined;
  let settled: UpdateStatus = state.status;
  let running: Promise<void> | undefined;
  let finish: (() => void) | undefined;
  /** The backup started when the update was downloaded (settled either way). */
  let prepared: Promise<unknown> = Promise.resolve();

  const apply = (event: UpdateEvent) => {
    const previous = state;
    state = nextUpdateState(state, event, settled);
    const terminal = event.type === 'not-available' || event.type === 'downloaded' || event.type === 'error';
    if (terminal || event.type === 'prefs') settled = state.status;
    if (state !== previous) options.onState(state);
    if (terminal) {
      finish?.();
      schedule();
    }
  };

  const port = (): UpdaterPort => {
    if (updater) return updater;
    const created = options.createUpdater();
    created.autoDownload = true;
    created.autoInstallOnAppQuit = true;
    created.on('update-available', (info) =>
      apply({ type: 'available', version: info.version, notes: releaseNotesText(info.releaseNotes) }),
    );
    created.on('update-not-available', () => apply({ type: 'not-available', at: options.now() }));
    created.on('download-progress', (info) => apply({ type: 'progress', percent: info.percent }));
    created.on('update-downloaded', (info) => {
      prepared = Promise.resolve()
        .then(() => options.beforeInstall?.())
        .catch(() => undefined);
      apply({ type: 'downloaded', version: info.version, notes: releaseNotesText(info.releaseNotes), at: options.now() });
    });
    created.on('error', (error) => apply({ type: 'error', message: options.describeError(error), at: options.now() }));
    updater = created;
    return created;
  };

  const check = (): Promise<void> => {
    if (running) return running;
    if (nextCheckDelay(prefs, options.now(), startedAt, state.lastCheckAt) === null || state.status.kind === 'ready') {
      return Promise.resolve();
    }
    const target = port();
    Object.assign(target, updaterChannel(prefs.channel));
    settled = state.status;
    running = new Promise<void>((resolve) => {
      finish = () => {
        finish = undefined;
        running = undefined;
        resolve();
      };
      apply({ type: 'checking' });
      // electron-updater also emits 'error' for a failed check or download; the rejections carry the same error.
      target
        .checkForUpdates()
        .then((result) => result?.downloadPromise?.catch(() => undefined))
        .catch((error: unknown) => {
          if (finish)
            apply({
              type: 'error',
              message: options.describeError(error instanceof Error ? error : new Error(String(error))),
              at: options.now(),
            });
        });
    });
    return running;
  };

  function schedule(): void {
    timer?.cancel();
    timer = undefined;
    const delay = nextCheckDelay(prefs, options.now(), startedAt, state.lastCheckAt);
    if (delay === null || state.status.kind === 'ready') return;
    timer = options.setTimer(() => void check(), delay);
  }

  schedule();
  return {
    state: () => state,
    setPrefs(next) {
      prefs = next;
      apply({ type: 'prefs', prefs });
      schedule();
    },
    checkNow: check,
    async restartToUpdate() {
      if (state.status.kind !== 'ready' || !updater) return false;
      const ready = updater;
      await prepared;
      ready.quitAndInstall(false, true);
      return true;
    },
    dispose() {
      timer?.cancel();
      timer = undefined;
    },
  };
}
