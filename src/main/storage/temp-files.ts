// Leftover temp files of atomic writes (`<name>.<pid>-<hex>.tmp`): a write that crashed or failed before its rename.
// They were never reported as saved, so they are removed at start — but only when the process that made them is
// gone, so a start never pulls a half-written file from under another live writer.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './process-identity.js';

const TEMP_NAME = /\.(\d+)-[0-9a-f]+\.tmp$/;
/** A temp file this old belongs to nobody, whoever has its pid now (an atomic write takes well under a minute). */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** Removes stale temp files directly in `dir`; returns how many. Failures (read-only folder…) are ignored. */
export async function removeStaleTempFiles(dir: string, now: number = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.tmp')) continue;
    const pid = Number(TEMP_NAME.exec(name)?.[1]);
    const file = join(dir, name);
    try {
      const owned = Number.isInteger(pid) && pid !== process.pid && processAlive(pid);
      const ours = pid === process.pid;
      // Our own pid: another part of this process may be writing it right now (tests open several stores).
      if (owned || ours) {
        const { mtimeMs } = await fs.stat(file);
        if (now - mtimeMs < ABANDONED_AFTER_MS) continue;
      }
      await fs.rm(file, { force: true });
      removed += 1;
    } catch {
      // Vanished meanwhile or not removable (read-only folder): nothing to do now.
    }
  }
  return removed;
}
