// When the daily backup is due: no backup yet, or the newest is from an earlier calendar day (local time).
import type { BackupSummary } from '../../shared/sync.js';

export function shouldBackUpDaily(backups: readonly BackupSummary[], now: Date): boolean {
  const newest = backups[0];
  if (!newest) return true;
  const last = new Date(newest.createdAt);
  return last.getFullYear() !== now.getFullYear() || last.getMonth() !== now.getMonth() || last.getDate() !== now.getDate();
}
