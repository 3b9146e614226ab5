// SIGKILL at random moments while a child process commits runs and the derived worker indexes them: the database is
// never found damaged (WAL keeps the last committed transaction), the sidebar's index lists the session, and once the
// next start has caught up, every committed message is in the search index exactly once. DERIVED_CRASH_ITERATIONS
// sets the number of kills (default 24).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/main/derived/database.js';
import { openDerivedStore } from '../fixtures/crash-derived-writer.js';

const ITERATIONS = Number(process.env.DERIVED_CRASH_ITERATIONS ?? 24);
const writer = fileURLToPath(new URL('../fixtures/crash-derived-writer.ts', import.meta.url));
let dir: string | undefined;

afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** Starts the writer, lets it save at least `runs` more runs plus `delayMs`, kills it; returns the last run it reported. */
async function writeAndKill(folder: string, runs: number, delayMs: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', writer, folder], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let first: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /^ready (\d+)$/m.exec(out);
      if (ready && first === undefined) first = Number(ready[1]);
      const last = [...out.matchAll(/^saved (\d+)$/gm)].at(-1);
      if (first !== undefined && last && Number(last[1]) >= first + runs) resolve();
    });
    child.once('exit', (code) => reject(new Error(`writer exited early (${code}): ${out}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  child.kill('SIGKILL');
  await exited;
  return Math.max(0, ...[...out.matchAll(/^saved (\d+)$/gm)].map((m) => Number(m[1])));
}

describe('derived database crash safety (SIGKILL)', () => {
  it(`survives ${ITERATIONS} kills during its writes; the next start indexes every committed message once`, async () => {
    {
      const folder = (dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-derived-crash-')));
      let reported = 0;
      for (let k = 0; k < ITERATIONS; k++) {
        reported = Math.max(reported, await writeAndKill(folder, 2 + (k % 3), (k * 5) % 17));
        const { db, store } = await openDerivedStore(folder);
        try {
          expect(db.availability).toEqual({ available: true, state: 'existing' });
          const [entry] = [...store.entries()];
          expect(entry).toBeDefined();
          const loaded = await store.load(entry!.id);
          const messages = loaded.entries.length;
          expect(messages).toBeGreaterThanOrEqual(reported * 2);
          await db.call('search.sync', { sessions: [{ id: entry!.id }] });
          await db.call('search.idle', {});
          expect(await db.call('stats', {})).toMatchObject({ messagesIndexed: messages, resets: 0 });
        } finally {
          await store.close();
          await db.close();
        }
      }
      // Exactly once each, and of the right session.
      const check = new DatabaseSync(path.join(folder, DATABASE_FILE), { readOnly: true });
      const rows = check.prepare('SELECT message_id, count(*) AS n FROM search_messages GROUP BY message_id HAVING n > 1').all();
      expect(rows).toEqual([]);
      check.close();
    }
  }, 300_000);
});
