// Contracts of backups (and, later, sync between computers): what a backup holds, why it was made, how it was checked.

/** The backup format this build writes and the newest it can restore; a manifest with a larger number is refused. */
export const BACKUP_FORMAT = 1;

/** Why a backup was made: by hand, the daily one, before a format migration or update, before a restore replaced all. */
export type BackupReason = 'manual' | 'daily' | 'before-migration' | 'before-restore';

/** One file of a backup: its path inside the data folder (forward slashes), its size and sha-256 (hex). */
export interface BackupFileEntry {
  path: string;
  size: number;
  sha256: string;
}

/** manifest.json at the root of a backup folder: the list of files that must all be there, whole, to restore it. */
export interface BackupManifest {
  format: number;
  app: 'tiny-agent';
  createdAt: string;
  reason: BackupReason;
  files: BackupFileEntry[];
  /** JSON paths (file, then keys) whose values were left out because they are secrets (API keys, MCP env/headers). */
  stripped: { file: string; keys: string[]; at: number }[];
}

/** A backup as listed in Settings: its folder name, when and why it was made, how many files and bytes. */
export interface BackupSummary {
  name: string;
  createdAt: string;
  reason: BackupReason;
  files: number;
  bytes: number;
}

/** Why a backup cannot be restored: no manifest, a newer format, a file missing or changed (with its path). */
export type BackupProblem =
  | { kind: 'no-manifest' }
  | { kind: 'newer-format'; format: number }
  | { kind: 'missing-file'; path: string }
  | { kind: 'changed-file'; path: string };

/** The answer of a check: sound, or the first problem found (nothing was changed either way). */
export type BackupCheck = { ok: true; manifest: BackupManifest } | { ok: false; problem: BackupProblem };

/** The backup block of the settings: on/off, the folder the person chose in main's dialog (null: none yet), how many kept. */
export interface BackupSettings {
  enabled: boolean;
  folder: string | null;
  keep: number;
}

/** Bounds and default of `BackupSettings.keep`. */
export const BACKUP_KEEP = { default: 7, min: 1, max: 100 } as const;

/** What Settings shows: the backup settings and the backups in the folder, newest first. */
export interface BackupView {
  settings: BackupSettings;
  backups: BackupSummary[];
}

/** The answer of a restore: the state it replaced was backed up first as `safetyBackup`; the window then reloads. */
export interface RestoreAnswer {
  restored: string;
  safetyBackup: string;
  files: number;
}

// ── Sync between computers ─────────────────────────────────────────────────────────────────────────────────────────
// Owner: main's sync service (src/main/sync). Each computer writes only its own files in the sync location (its device
// id in their names), never rewrites one it wrote, and merges the others' lines by id into its local history.

/** The sync format this build writes and the newest it applies; a remote file of a larger number is skipped. */
export const SYNC_FORMAT = 1;

/** Where the sync files live: a folder another program syncs (Syncthing, Dropbox, …) or a WebDAV server. */
export type SyncTarget =
  | { kind: 'folder'; path: string }
  /** `hasPassword`: whether a password is saved (it is sealed in main and never sent to the window). */
  | { kind: 'webdav'; url: string; username: string; hasPassword: boolean };

/** The sync block of the settings as the window sees it; no password or passphrase is ever in it. */
export interface SyncSettings {
  enabled: boolean;
  /** Paused: no pass runs until resumed; what is local stays as it is. */
  paused: boolean;
  target: SyncTarget | null;
  /** End-to-end encryption is on: the sync location holds only ciphertext (a passphrase is saved, sealed). */
  encrypted: boolean;
  /** Minutes between passes while the app is open (a pass also runs after each saved answer, debounced). */
  intervalMinutes: number;
}

/** The shortest passphrase `SyncSettingsPatch.passphrase` takes. */
export const SYNC_PASSPHRASE_MIN = 8;

/** Bounds and default of `SyncSettings.intervalMinutes`. */
export const SYNC_INTERVAL = { default: 5, min: 1, max: 1440 } as const;

/** Why one remote file was skipped whole (never applied halfway); shown in the status with the file's name. */
export type SyncSkipReason = 'torn' | 'tampered' | 'newer-format' | 'wrong-passphrase' | 'unreadable';

/** One skipped remote file: its path in the sync location and why. */
export interface SyncSkip {
  path: string;
  reason: SyncSkipReason;
  /** The reason in the person's language, naming the file (main's words). */
  message?: string;
}

/** What one pass did: chats and messages that came in, bytes sent and read, files skipped. */
export interface SyncPassReport {
  at: string;
  receivedChats: number;
  receivedMessages: number;
  deletedChats: number;
  /** Folders another computer made, renamed or deleted that this pass applied (absent in older reports). */
  receivedFolders?: number;
  /**
   * Files of other computers read but held back: their lines continue lines not here yet (a file still arriving, or
   * lost on the way). Read again each pass until those lines come; absent when none.
   */
  waitingFiles?: number;
  sentBytes: number;
  readBytes: number;
  skipped: SyncSkip[];
}

/** The `data-state` of `sync-status`: off, idle between passes, a pass running, paused by the person, last pass failed. */
export type SyncState = 'off' | 'idle' | 'syncing' | 'paused' | 'error';

/** The status the window shows: state, last pass, progress of a running pass, the error of a failed one (words). */
export interface SyncStatus {
  state: SyncState;
  lastPass?: SyncPassReport;
  /** While syncing: chats done of total (the first sync of 1,000 chats shows it moving). */
  progress?: { done: number; total: number };
  /** When state is 'error': what failed, in the person's language. */
  error?: string;
}

/** What Settings and the status line read: the settings and the status. */
export interface SyncView {
  settings: SyncSettings;
  status: SyncStatus;
}

/** A change to the sync settings from the window; secrets travel only here, once, and are sealed in main. */
export interface SyncSettingsPatch {
  enabled?: boolean;
  paused?: boolean;
  intervalMinutes?: number;
  /** A WebDAV target; `password` omitted keeps the saved one when the URL's origin is unchanged. */
  webdav?: { url: string; username: string; password?: string };
  /** Turns encryption on with this passphrase (≥ 8 characters), or off with null. Never sent back. */
  passphrase?: string | null;
  /** Forgets the target (the files in the sync location stay). */
  clearTarget?: true;
}
