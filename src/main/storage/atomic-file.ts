// Whole-file writes that a crash can never leave half-written: temp file, fsync, rename, fsync the folder.
import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Replaces (or creates) `path` with `data` atomically and durably; on failure the old file is untouched and the
 * temp file is gone (a full disk must not keep a half-written copy that makes the next write fail too).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  // A unique temp name: another writer on the same folder can never rename our half-written file.
  const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const handle = await fs.open(temp, 'w', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, path);
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(path));
}

/** Makes a rename or create in `dir` durable. A no-op where directories cannot be opened (Windows). */
export async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, constants.O_RDONLY);
    await handle.sync();
  } catch {
    // Directory fsync is unsupported on some platforms; the rename itself is still atomic there.
  } finally {
    await handle?.close();
  }
}

/**
 * Beside a file of the data folder that could not be (wholly) read at start: the file as it was, kept before the file
 * is written anew (settings.json, ui-state.json, attachments/refs.json).
 */
export const UNREAD_COPY_SUFFIX = '.unread.bak';

/** Reads a file, or `undefined` when it does not exist. */
export async function readFileIfExists(path: string): Promise<string | undefined> {
  try {
    return await fs.readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
