// A private folder under the system's temporary folder for files handed to another program (a preview to the
// browser, an attached document to its viewer): readable by this user only, and what this app put there more than a
// day ago is removed as the next file is written, so the folder never grows without end.
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const KEEP_MS = 24 * 60 * 60 * 1000;

export interface OutgoingFolderOptions {
  /** The folder itself (default: <tmpdir>/<name>). */
  dir?: string;
  now?: () => number;
}

/** Makes the folder, removes its entries named like `ours` older than a day, and answers its path. */
export async function prepareOutgoingFolder(name: string, ours: RegExp, options: OutgoingFolderOptions = {}): Promise<string> {
  const dir = options.dir ?? path.join(tmpdir(), name);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const before = (options.now ?? Date.now)() - KEEP_MS;
  for (const entry of await fs.readdir(dir).catch(() => [] as string[])) {
    if (!ours.test(entry)) continue;
    const full = path.join(dir, entry);
    const stat = await fs.stat(full).catch(() => undefined);
    if (stat && stat.mtimeMs < before) await fs.rm(full, { recursive: true, force: true });
  }
  return dir;
}
