// Writes one backup of the data folder: into a hidden partial folder, every file hashed and read back, then renamed
// into place whole (a crash leaves only a partial folder, removed by the next run); then the oldest beyond N go.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { BACKUP_FORMAT, type BackupManifest, type BackupReason, type BackupSummary } from '../../shared/sync.js';
import { syncDirectory, writeFileAtomic } from '../storage/atomic-file.js';
import { hashFile, listDataFiles, stripSecrets } from './backup-files.js';
import { readManifest } from './backup-check.js';

export const BACKUP_PREFIX = 'tiny-agent-backup-';
const PARTIAL_SUFFIX = '.partial';
export const MANIFEST = 'manifest.json';
/** How many backups are kept when the settings say nothing. */
export const DEFAULT_KEEP = 7;

export interface BackupOptions {
  dataDir: string;
  /** The folder the person chose; created when missing. */
  destination: string;
  reason: BackupReason;
  keep?: number;
  now?: () => Date;
}

/** Makes a backup and returns its summary; throws (leaving no backup and no partial folder) when a write fails. */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const now = (options.now ?? (() => new Date()))();
  await fs.mkdir(options.destination, { recursive: true });
  await removePartials(options.destination);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let name = `${BACKUP_PREFIX}${stamp}-${options.reason}`;
  while (await exists(path.join(options.destination, name)))
    name = `${BACKUP_PREFIX}${stamp}-${options.reason}-${randomBytes(2).toString('hex')}`;
  const partial = path.join(options.destination, `.${name}${PARTIAL_SUFFIX}`);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    app: 'tiny-agent',
    createdAt: now.toISOString(),
    reason: options.reason,
    files: [],
    stripped: [],
  };
  try {
    await fs.mkdir(partial, { recursive: true });
    const files = await listDataFiles(options.dataDir);
    let bytes = 0;
    for (const rel of files) {
      const from = path.join(options.dataDir, rel);
      const to = path.join(partial, 'files', rel);
      await fs.mkdir(path.dirname(to), { recursive: true });
      if (rel === 'settings.json' || rel === 'mcp.json') {
        const stripped = stripSecrets(rel, await fs.readFile(from, 'utf8'));
        await fs.writeFile(to, stripped.text);
        for (const entry of stripped.stripped) manifest.stripped.push({ file: rel, ...entry });
      } else {
        // A session file may grow while it is copied; the copy is whatever the file held then (a torn last line at most,
        // which the loader skips), and its hash is taken of the copy.
        await fs.copyFile(from, to);
      }
      const handle = await fs.open(to, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      const stat = await fs.stat(to);
      manifest.files.push({ path: rel, size: stat.size, sha256: await hashFile(to) });
      bytes += stat.size;
    }
    await writeFileAtomic(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
    // Read back: the manifest parses and every file has the size and hash it was written with.
    const check = await readManifest(partial, { verify: true });
    if (!check.ok) throw new Error(`backup check failed: ${JSON.stringify(check.problem)}`);
    await fs.rename(partial, path.join(options.destination, name));
    await syncDirectory(options.destination);
    await pruneBackups(options.destination, options.keep ?? DEFAULT_KEEP);
    return { name, createdAt: manifest.createdAt, reason: manifest.reason, files: manifest.files.length, bytes };
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
}

/** The backups in `destination`, newest first (folders without a readable manifest are left out). */
export async function listBackups(destination: string): Promise<BackupSummary[]> {
  const names = await fs.readdir(destination).catch(() => [] as string[]);
  const out: BackupSummary[] = [];
  for (const name of names) {
    if (!name.startsWith(BACKUP_PREFIX)) continue;
    const check = await readManifest(path.join(destination, name), { verify: false });
    if (!check.ok) continue;
    const m = check.manifest;
    out.push({ name, createdAt: m.createdAt, reason: m.reason, files: m.files.length, bytes: m.files.reduce((sum, f) => sum + f.size, 0) });
  }
  return out.sort((a, b) => (a.createdAt === b.createdAt ? b.name.localeCompare(a.name) : b.createdAt.localeCompare(a.createdAt)));
}

/** Keeps the newest `keep` backups (at least one) and removes the rest. */
export async function pruneBackups(destination: string, keep: number): Promise<string[]> {
  const all = await listBackups(destination);
  const gone = all.slice(Math.max(1, keep)).map((b) => b.name);
  for (const name of gone) await fs.rm(path.join(destination, name), { recursive: true, force: true });
  return gone;
}

async function removePartials(destination: string): Promise<void> {
  for (const name of await fs.readdir(destination)) {
    if (name.startsWith(`.${BACKUP_PREFIX}`) && name.endsWith(PARTIAL_SUFFIX))
      await fs.rm(path.join(destination, name), { recursive: true, force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}
