// Backups of the data folder: write (checked, rolling), list, check, restore.
export { createBackup, listBackups, pruneBackups, DEFAULT_KEEP, BACKUP_PREFIX } from './backup-writer.js';
export { readManifest } from './backup-check.js';
export { restoreBackup, type RestoreResult } from './backup-restore.js';
export { shouldBackUpDaily } from './backup-schedule.js';
