// The storage contract of the session folder: what the index knows of a session, how storage fails, who hears of it.
import { storageCause, type StorageCause } from '../../storage/storage-cause.js';
import type { ParseFailure, SummaryFields } from './session-file.js';

/** Where storage problems are reported (main's Logger fits). Nothing logged here carries a secret. */
export interface SessionLogger {
  info(message: string): void;
  error(context: string, error?: unknown): void;
}

/** One session as the index knows it. `problem` marks a file that exists but cannot be used. */
export interface IndexEntry extends SummaryFields {
  /** Bytes of the file's valid prefix: where the next append goes. */
  size: number;
  mtimeMs: number;
  /** The file's length when last seen, when it has a torn tail beyond `size` (absent: equal to `size`). */
  fileSize?: number;
  /** The file's inode when last seen: a file replaced by another (a restore) is a different file. */
  ino?: number;
  problem?: ParseFailure;
}

/** `changed`: the file is not as this process last saw it (another writer); it was re-read and nothing was written. */
export type StoreErrorKind = 'not_found' | 'corrupt' | 'unsupported_version' | 'io' | 'changed';

/** A storage failure the service turns into a localized AppError. `detail` is for logs and is never user-facing alone. */
export class StoreError extends Error {
  constructor(
    readonly kind: StoreErrorKind,
    readonly detail: string,
    /** For `io`: what the system said, as a cause the person can act on. */
    readonly storageCause: StorageCause = 'io',
  ) {
    super(detail);
    this.name = 'StoreError';
  }
}

/** What a background check of the folder changed in the index: entries added or re-read, and ids dropped. */
export interface IndexChange {
  upserted: IndexEntry[];
  removed: string[];
  /** A rebuild without an index may still find more (false on its last change). */
  finding: boolean;
}

/** A missing file or folder is a storage condition (deleted under us), never an unknown session. */
export function ioError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  return new StoreError('io', error instanceof Error ? error.message : String(error), storageCause(error) ?? 'io');
}

/** The logger of a store that is given none. */
export const consoleLogger: SessionLogger = {
  info: (message) => console.warn(message),
  error: (context, error) => console.error(context, error),
};
