// Finishes or undoes a restore that died halfway, before anything opens the data folder. A `.restore-old-<tag>` folder
// exists only once the staged copy was complete, so it is finished; a lone `.restore-<tag>` was still being filled, so
// it is dropped (the live files were not touched yet).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE } from '../derived/database.js';
import { syncDirectory } from '../storage/atomic-file.js';
import { BACKED_UP } from './backup-files.js';

export type RecoverOutcome = { tag: string; done: 'finished' | 'undone' };

export async function recoverRestore(dataDir: string): Promise<RecoverOutcome[]> {
  const names = await fs.readdir(dataDir).catch(() => [] as string[]);
  const outcomes: RecoverOutcome[] = [];
  for (const name of names) {
    const match = /^\.restore-(?!old-)([0-9a-f]+)$/.exec(name);
    if (!match) continue;
    const tag = match[1]!;
    const staging = path.join(dataDir, name);
    const old = path.join(dataDir, `.restore-old-${tag}`);
    if (await exists(old)) {
      for (const top of BACKED_UP) {
        const staged = path.join(staging, top);
        if (!(await exists(staged))) continue;
        const live = path.join(dataDir, top);
        if (await exists(live)) {
          if (!(await exists(path.join(old, top)))) await fs.rename(live, path.join(old, top));
          else await fs.rm(live, { recursive: true, force: true });
        }
        await fs.rename(staged, live);
      }
      await syncDirectory(dataDir);
      for (const suffix of ['', '-wal', '-shm']) await fs.rm(path.join(dataDir, DATABASE_FILE + suffix), { force: true });
      await fs.rm(old, { recursive: true, force: true });
      outcomes.push({ tag, done: 'finished' });
    } else outcomes.push({ tag, done: 'undone' });
    await fs.rm(staging, { recursive: true, force: true });
  }
  // An old copy whose staging is gone was fully replaced already: only the clean-up was left.
  for (const name of names) {
    if (/^\.restore-old-[0-9a-f]+$/.test(name) && !(await exists(path.join(dataDir, name.replace('old-', '')))))
      await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
  }
  return outcomes;
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}
