// What a failed file operation means for the person: the one place that maps system error codes (ENOSPC, EROFS,
// EACCES…) to a storage cause. Everything that reports a storage failure names its cause through this.

/** Why the disk refused: full, read-only, no permission, missing, or some other input/output failure. */
export type StorageCause = 'disk_full' | 'read_only' | 'no_permission' | 'missing' | 'io';

const CAUSE_BY_CODE: Record<string, StorageCause> = {
  ENOSPC: 'disk_full',
  EDQUOT: 'disk_full',
  EFBIG: 'disk_full',
  EROFS: 'read_only',
  EACCES: 'no_permission',
  EPERM: 'no_permission',
  ENOENT: 'missing',
  ENOTDIR: 'missing',
  EIO: 'io',
  EBUSY: 'io',
  EMFILE: 'io',
  ENFILE: 'io',
};

/** The storage cause of a file-system error, or undefined when `error` is not one (a bug, not the disk). */
export function storageCause(error: unknown): StorageCause | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? CAUSE_BY_CODE[code] : undefined;
}
