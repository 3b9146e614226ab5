// Backups as the app uses them: the settings block, backing up now / daily after the first paint, listing, choosing the
// folder in main's dialog, and restoring with no core open on the data folder (the host closes it and opens a new one).
import path from 'node:path';
import { AppError } from '../../shared/errors.js';
import type { BackupReason, BackupSettings, BackupSummary, BackupView, RestoreAnswer } from '../../shared/sync.js';
import type { SettingsService } from '../settings/settings-service.js';
import type { FileDialogs } from '../transfer/dialogs.js';
import { readManifest } from './backup-check.js';
import { restoreBackup } from './backup-restore.js';
import { shouldBackUpDaily } from './backup-schedule.js';
import { BACKUP_STRINGS } from './backup-strings.js';
import { BACKUP_PREFIX, createBackup, listBackups } from './backup-writer.js';

export interface BackupServiceOptions {
  dataDir: string;
  settings: SettingsService;
  dialogs: FileDialogs;
  /** Closes every core on the data folder, runs `between`, then opens a new core and reloads the window. */
  reopen?: (between: () => Promise<void>) => Promise<void>;
  log: (message: string, error?: unknown) => void;
  now?: () => Date;
}

export class BackupService {
  /** One backup or restore at a time: a second waits for the first. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The backup before this run's first format migration: later migrations in the run reuse it. */
  private migrationBackup: Promise<BackupSummary | undefined> | undefined;

  constructor(private readonly options: BackupServiceOptions) {}

  private strings() {
    return BACKUP_STRINGS[this.options.settings.locale()];
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  async view(): Promise<BackupView> {
    const settings = this.options.settings.backup();
    return { settings, backups: settings.folder ? await listBackups(settings.folder) : [] };
  }

  async update(patch: Partial<Pick<BackupSettings, 'enabled' | 'keep'>>): Promise<BackupView> {
    await this.options.settings.updateBackup(patch);
    return this.view();
  }

  /** Asks for the folder in main's dialog; cancelled changes nothing. */
  async chooseFolder(): Promise<BackupView> {
    const folder = await this.options.dialogs.chooseFolder?.({ title: this.strings().chooseFolderTitle });
    if (folder) await this.options.settings.updateBackup({ folder: path.resolve(folder), enabled: true });
    return this.view();
  }

  /** A backup now, for `reason`; refused (localized) without a folder. */
  backUp(reason: BackupReason): Promise<BackupSummary> {
    return this.serial(async () => {
      const { folder, keep } = this.options.settings.backup();
      if (!folder) throw new AppError('invalid_input', this.strings().noFolder);
      try {
        return await createBackup({ dataDir: this.options.dataDir, destination: folder, reason, keep, now: this.options.now });
      } catch (error) {
        if (error instanceof AppError) throw error;
        this.options.log('backup failed', error);
        throw new AppError('storage', this.strings().failed(error instanceof Error ? error.message : String(error)));
      }
    });
  }

  /** The daily backup, when on, with a folder, and none made today; failures are logged, never thrown. */
  async daily(): Promise<BackupSummary | undefined> {
    const { enabled, folder } = this.options.settings.backup();
    if (!enabled || !folder) return undefined;
    try {
      if (!shouldBackUpDaily(await listBackups(folder), (this.options.now ?? (() => new Date()))())) return undefined;
      return await this.backUp('daily');
    } catch (error) {
      this.options.log('daily backup failed', error);
      return undefined;
    }
  }

  /**
   * A checked backup before this run's first format migration, when backups are on with a folder (none chosen: the
   * migration runs without one). Never throws: a failed backup is logged and the migration goes on, since it keeps its
   * own copy of each file it changes.
   */
  beforeMigration(): Promise<BackupSummary | undefined> {
    this.migrationBackup ??= this.guardBackup('backup before a format migration failed');
    return this.migrationBackup;
  }

  /** A checked backup of the state now, before a downloaded update is installed (its new version may migrate formats). */
  beforeUpdate(): Promise<BackupSummary | undefined> {
    return this.guardBackup('backup before an update failed');
  }

  private async guardBackup(failure: string): Promise<BackupSummary | undefined> {
    const { enabled, folder } = this.options.settings.backup();
    if (!enabled || !folder) return undefined;
    try {
      return await this.backUp('before-migration');
    } catch (error) {
      this.options.log(failure, error);
      return undefined;
    }
  }

  /**
   * Restores `name`: checked whole first (a damaged backup changes nothing and answers why), then the core is closed,
   * the current state backed up and replaced, and a new core opened.
   */
  restore(name: string): Promise<RestoreAnswer> {
    return this.serial(async () => {
      const { folder, keep } = this.options.settings.backup();
      const strings = this.strings();
      if (!folder) throw new AppError('invalid_input', strings.noFolder);
      if (!name.startsWith(BACKUP_PREFIX) || name !== path.basename(name)) throw new AppError('not_found', strings.notFound(name));
      const check = await readManifest(path.join(folder, name), { verify: true });
      if (!check.ok)
        throw new AppError(check.problem.kind === 'newer-format' ? 'unsupported_version' : 'storage', strings.problem(check.problem));
      const reopen = this.options.reopen;
      if (!reopen) throw new AppError('internal', strings.restoreUnavailable);
      let answer: RestoreAnswer | undefined;
      let refused: AppError | undefined;
      await reopen(async () => {
        const result = await restoreBackup({ dataDir: this.options.dataDir, destination: folder, name, keep });
        if (result.ok) answer = { restored: name, safetyBackup: result.safetyBackup.name, files: result.files };
        else refused = new AppError('storage', strings.problem(result.problem));
      });
      if (refused) throw refused;
      return answer!;
    });
  }
}
