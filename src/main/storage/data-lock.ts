// The data folder belongs to one app core at a time. Two processes on one folder would each trust their own view of
// the files (sizes, index, settings) and undo each other's saves, so the second one refuses to run on it.
//
// `<dataDir>/tiny-agent.lock` holds the owner's pid and process start time. It is created complete (written to a
// temp file, then hard-linked into place, which fails if a lock exists). A lock whose process is gone, or whose pid
// now belongs to a process that started at another time, is stale (a crash) and is taken over.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { processAlive, processStartToken } from './process-identity.js';
import { storageCause, type StorageCause } from './storage-cause.js';

export const LOCK_FILE = 'tiny-agent.lock';

interface LockRecord {
  pid: number;
  /** processStartToken of the owner; absent where the system does not tell. */
  start?: string;
  /** A random id of this holder, so two cores of one process (tests) never take each other's lock for their own. */
  holder: string;
}

export type DataLock =
  | { state: 'held'; release(): Promise<void> }
  /** Another live process (or another core of this one) uses the folder. */
  | { state: 'locked'; pid: number }
  /** The lock file could not be written (read-only folder, full disk): the folder is used, but nothing can be saved. */
  | { state: 'unavailable'; cause: StorageCause };

/** Takes the data folder's lock, or says why not. Never throws for a file-system refusal. */
export async function acquireDataLock(dataDir: string): Promise<DataLock> {
  const path = join(dataDir, LOCK_FILE);
  const own: LockRecord = { pid: process.pid, start: processStartToken(process.pid), holder: randomBytes(8).toString('hex') };
  const body = JSON.stringify(own);
  try {
    await fs.mkdir(dataDir, { recursive: true });
  } catch (error) {
    return { state: 'unavailable', cause: storageCause(error) ?? 'io' };
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await createComplete(path, body);
      return { state: 'held', release: () => releaseLock(path, own.holder) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return { state: 'unavailable', cause: storageCause(error) ?? 'io' };
    }
    const current = await readLock(path);
    if (current === 'gone') continue;
    if (current !== 'unreadable' && !isStale(current)) return { state: 'locked', pid: current.pid };
    // Stale: move it aside under a unique name; only one of several starting processes can move a given file.
    const aside = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.stale`;
    try {
      await fs.rename(path, aside);
    } catch {
      continue;
    }
    const moved = await readLock(aside);
    await fs.rm(aside, { force: true }).catch(() => undefined);
    if (moved !== 'gone' && moved !== 'unreadable' && !isStale(moved)) {
      // Another process took over between our read and our rename: that lock was live. Put it back, and yield.
      await createComplete(path, JSON.stringify(moved)).catch(() => undefined);
      return { state: 'locked', pid: moved.pid };
    }
  }
  return { state: 'unavailable', cause: 'io' };
}

/** A lock written by a crashed process: its pid is gone, or reused by a process that started at another time. */
function isStale(record: LockRecord): boolean {
  if (!processAlive(record.pid)) return true;
  if (record.start === undefined) return false;
  const start = processStartToken(record.pid);
  return start !== undefined && start !== record.start;
}

/** Writes `body` to a temp file and hard-links it to `path`: the lock appears whole or not at all (EEXIST if taken). */
async function createComplete(path: string, body: string): Promise<void> {
  const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temp, body, { mode: 0o600 });
    await fs.link(temp, path);
  } finally {
    await fs.rm(temp, { force: true }).catch(() => undefined);
  }
}

async function readLock(path: string): Promise<LockRecord | 'gone' | 'unreadable'> {
  try {
    const parsed = JSON.parse(await fs.readFile(path, 'utf8')) as Partial<LockRecord>;
    if (typeof parsed.pid !== 'number' || typeof parsed.holder !== 'string') return 'unreadable';
    return { pid: parsed.pid, holder: parsed.holder, ...(typeof parsed.start === 'string' ? { start: parsed.start } : {}) };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : 'unreadable';
  }
}

/** Removes the lock if it is still ours (a stale-lock takeover by another process is never undone). */
async function releaseLock(path: string, holder: string): Promise<void> {
  const current = await readLock(path);
  if (typeof current === 'object' && current.holder === holder) await fs.rm(path, { force: true }).catch(() => undefined);
}
