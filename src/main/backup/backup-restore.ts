// Restores a backup over the data folder: the backup is checked whole first (a damaged one changes nothing), the
// current state is backed up, then the backed-up parts are replaced whole by renames. Run with no app core open on
// `dataDir` (the app closes its core, restores, and opens a new one).
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { BackupProblem, BackupSummary } from '../../shared/sync.js';
import { readFileIfExists, syncDirectory } from '../storage/atomic-file.js';
import { DATABASE_FILE } from '../derived/database.js';
import { readManifest } from './backup-check.js';
import { BACKED_UP, restoreSecrets } from './backup-files.js';
import { createBackup, DEFAULT_KEEP, pruneBackups } from './backup-writer.js';

export type RestoreResult = { ok: true; safetyBackup: BackupSummary; files: number } | { ok: false; problem: BackupProblem };

export async function restoreBackup(options: {
  dataDir: string;
  destination: string;
  name: string;
  keep?: number;
}): Promise<RestoreResult> {
  const source = path.join(options.destination, options.name);
  const check = await readManifest(source, { verify: true });
  if (!check.ok) return check;
  const manifest = check.manifest;
  // The state being replaced is itself kept (not pruned now: the backup being restored must survive this step).
  const safetyBackup = await createBackup({
    dataDir: options.dataDir,
    destination: options.destination,
    reason: 'before-restore',
    keep: Number.MAX_SAFE_INTEGER,
  });
  const tag = randomBytes(4).toString('hex');
  const staging = path.join(options.dataDir, `.restore-${tag}`);
  const old = path.join(options.dataDir, `.restore-old-${tag}`);
  try {
    for (const file of manifest.files) {
      const from = path.join(source, 'files', file.path);
      const to = path.join(staging, file.path);
      await fs.mkdir(path.dirname(to), { recursive: true });
      const paths = manifest.stripped
        .filter((s) => s.file === file.path)
        .map((s) => ({ keys: s.keys, at: s.at ?? Number.MAX_SAFE_INTEGER }));
      if (paths.length) {
        const current = await readFileIfExists(path.join(options.dataDir, file.path));
        await fs.writeFile(to, restoreSecrets(await fs.readFile(from, 'utf8'), current, paths));
      } else await fs.copyFile(from, to);
    }
    await fs.mkdir(old, { recursive: true });
    for (const top of BACKED_UP) {
      const live = path.join(options.dataDir, top);
      if (await exists(live)) await fs.rename(live, path.join(old, top));
      const staged = path.join(staging, top);
      if (await exists(staged)) await fs.rename(staged, live);
    }
    await syncDirectory(options.dataDir);
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
  // The derived database is a cache of the old history: dropped so the next start rebuilds it from the restored files.
  for (const suffix of ['', '-wal', '-shm']) await fs.rm(path.join(options.dataDir, DATABASE_FILE + suffix), { force: true });
  await fs.rm(staging, { recursive: true, force: true });
  await fs.rm(old, { recursive: true, force: true });
  await pruneBackups(options.destination, (options.keep ?? DEFAULT_KEEP) + 1);
  return { ok: true, safetyBackup, files: manifest.files.length };
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}
