// An attached document opened with the system's viewer: a copy of its stored bytes under its own name (the viewer is
// chosen by the extension) in a private temporary folder, since the store keeps files by hash without a name. Which
// documents may open this way: isOpenableDocument. Copies older than a day are removed at the next open.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanFileName } from '../../shared/attachments.js';

export const OPENED_FOLDER_NAME = 'tiny-agent-opened';
const KEEP_MS = 24 * 60 * 60 * 1000;

export interface OpenCopyOptions {
  /** The folder copies go to (default: <tmpdir>/tiny-agent-opened). */
  dir?: string;
  now?: () => number;
}

/** Writes a private copy of `bytes` named `name` (an openable document's) and answers its path. */
export async function writeOpenCopy(bytes: Uint8Array, name: string, options: OpenCopyOptions = {}): Promise<string> {
  const root = options.dir ?? path.join(tmpdir(), OPENED_FOLDER_NAME);
  await fs.mkdir(root, { recursive: true, mode: 0o700 });
  await removeOld(root, (options.now ?? Date.now)() - KEEP_MS);
  // A folder of its own per copy: the name stays the document's, and nothing else is there under it.
  const dir = path.join(root, randomUUID());
  await fs.mkdir(dir, { mode: 0o700 });
  const file = path.join(dir, cleanFileName(name));
  await fs.writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
  return file;
}

async function removeOld(root: string, before: number): Promise<void> {
  const names = await fs.readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    if (!/^[0-9a-f-]{36}$/.test(name)) continue;
    const dir = path.join(root, name);
    const stat = await fs.stat(dir).catch(() => undefined);
    if (stat && stat.mtimeMs < before) await fs.rm(dir, { recursive: true, force: true });
  }
}
