// The sync location as the sync engine sees it: a flat store of files under relative paths (forward slashes). A shared
// folder, a WebDAV server and the encrypting wrapper all implement it. Each computer only ever creates files under its
// own device folder and never rewrites one it wrote, so no two computers write the same path.

/** One file in the sync location: its path relative to the location's root and its size in bytes. */
export interface SyncFileEntry {
  path: string;
  size: number;
}

/** Thrown (as `code`) by a transport when the location cannot be reached or refused a request; a pass then stops whole. */
export class SyncTransportError extends Error {
  constructor(
    readonly code: 'unreachable' | 'refused' | 'unauthorized' | 'not-found' | 'interrupted',
    message: string,
  ) {
    super(message);
    this.name = 'SyncTransportError';
  }
}

/**
 * Files in the sync location. Every method may throw `SyncTransportError`; none leaves a partial file visible:
 * `write` lands the whole file under `path` or nothing there (a temporary name, then a rename/MOVE).
 */
export interface SyncTransport {
  /** Every file under `prefix` (a folder path ending in '/', or '' for all), in no particular order. */
  list(prefix: string): Promise<SyncFileEntry[]>;
  /** The whole file, or null when there is none at `path`. */
  read(path: string): Promise<Uint8Array | null>;
  /** Creates `path` with `bytes`, whole or not at all; folders on the way are made. */
  write(path: string, bytes: Uint8Array): Promise<void>;
  /** Removes the transport's resources (connections, watchers); never throws. */
  close(): Promise<void>;
}
