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
