// What a failed file operation means for the person: the one place that maps system error codes (ENOSPC, EROFS,
// EACCES…) to a storage cause, and words for each cause. Everything that reports a storage failure names its cause
// through this.
import type { Locale } from '../../shared/settings.js';

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
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? CAUSE_BY_CODE[code] : undefined;
}

/** Each cause in words a person can act on, per locale. */
export const STORAGE_CAUSE_TEXT: Record<Locale, Record<StorageCause, string>> = {
  'zh-CN': {
    disk_full: '磁盘已满，无法写入。',
    read_only: '数据文件夹是只读的，无法保存新内容。',
    no_permission: '没有写入数据文件夹的权限。',
    missing: '文件或文件夹已被移走或删除。',
    io: '磁盘读写出错。',
  },
  en: {
    disk_full: 'The disk is full.',
    read_only: 'The data folder is read-only: nothing new can be saved.',
    no_permission: 'Tiny Agent has no permission to write to the data folder.',
    missing: 'The file or its folder was moved or deleted.',
    io: 'The disk reported a read/write error.',
  },
};
