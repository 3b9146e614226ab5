// SIGKILL at random moments while a child process commits runs: every run reported saved survives whole, no partial
// run ever loads, and appending works again afterwards. CRASH_ITERATIONS sets the number of kills (default 200).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { messageText } from '../../src/shared/messages.js';
import { currentBranch, type MessageEntry } from '../../src/main/sessions/store/session-file.js';
import { SessionStore } from '../../src/main/sessions/store/session-store.js';
import { mainLeaf, runTexts } from '../fixtures/crash-writer.js';

const ITERATIONS = Number(process.env.CRASH_ITERATIONS ?? 200);
const writer = fileURLToPath(new URL('../fixtures/crash-writer.ts', import.meta.url));
let dir: string | undefined;

afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/**
 * Starts the writer and kills it `delayMs` after it reports the run before a large one (so many kills land inside
 * a multi-megabyte write); returns the runs it reported saved.
 */
async function writeAndKill(folder: string, delayMs: number): Promise<number[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', writer, folder], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const last = [...out.matchAll(/^(?:saved|ready) (\d+)$/gm)].at(-1);
      if (last && runTexts(Number(last[1]) + 1).join('').length > 1_000_000) resolve();
    });
    child.once('exit', (code) => reject(new Error(`crash writer exited early (${code}): ${out}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  child.kill('SIGKILL');
  await exited;
  return [...out.matchAll(/^saved (\d+)$/gm)].map((m) => Number(m[1]));
}

/** Groups a branch into runs and checks each is whole: run n = its user message then exactly its parts, in order. */
function checkRuns(branch: MessageEntry[]): number {
  let n = 0;
  let i = 0;
  while (i < branch.length) {
    n += 1;
    const expected = runTexts(n);
    const got = branch.slice(i, i + expected.length).map((entry) => messageText(entry.message));
    expect(got).toEqual(expected);
    expect(new Set(branch.slice(i, i + expected.length).map((e) => e.runId))).toEqual(new Set([`run-${n}`]));
    i += expected.length;
  }
  return n;
}

describe('crash safety (SIGKILL)', () => {
  it(`survives ${ITERATIONS} kills at random moments`, async () => {
    let folder = '';
    let reported = 0;
    let tornTails = 0;
    let committed = 0;
    let branchLines = 0;
    for (let k = 0; k < ITERATIONS; k++) {
      // A fresh folder every 8 kills keeps the file (and each check's parse) small however many kills are asked for.
      if (k % 8 === 0) {
        if (folder) await fs.rm(folder, { recursive: true, force: true });
        folder = dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-crash-'));
        committed += reported;
        reported = 0;
      }
      // Kill points spread over the ~20 ms a large run takes to serialize, write and flush.
      const saved = await writeAndKill(folder, (k * 7) % 23);
      reported = Math.max(reported, ...saved);
      const store = new SessionStore({ dir: folder, log: { info: () => undefined, error: () => undefined } });
      await store.open();
      await store.scanned();
      const id = [...store.entries()][0]!.id;
      const loaded = await store.load(id);
      if (loaded.size > loaded.validLength) tornTails += 1;
      const runs = checkRuns(currentBranch(loaded.entries, mainLeaf(loaded.entries)));
      // Shown: the main line, or a second answer whose `branch` line back was cut by the kill.
      const shown = currentBranch(loaded.entries, loaded.activations.at(-1)).at(-1);
      expect(shown?.id === mainLeaf(loaded.entries) || shown?.runId.startsWith('detour-')).toBe(true);
      const commits = new Set(loaded.entries.map((entry) => entry.runId)).size;
      branchLines = Math.max(branchLines, loaded.activations.length - commits);
      // Every reported run is there; at most one more (committed, killed before it could print).
      expect(runs).toBeGreaterThanOrEqual(reported);
      expect(runs).toBeLessThanOrEqual(reported + 1);
      reported = runs;
    }
    console.log(`crash test: ${ITERATIONS} kills, ${committed + reported} runs committed, ${tornTails} torn tails cut`);
    expect(branchLines).toBeGreaterThan(0);

    // Appending works again after the last kill, and the result reads back whole.
    const saved = await writeAndKill(folder, 150);
    const store = new SessionStore({ dir: folder });
    await store.open();
    await store.scanned();
    const last = await store.load([...store.entries()][0]!.id);
    const runs = checkRuns(currentBranch(last.entries, mainLeaf(last.entries)));
    expect(runs).toBeGreaterThanOrEqual(Math.max(reported, ...saved));
    // 200 child processes killed in turn: about 150 s on a quiet 2-core machine, up to 300 s when it is shared.
  }, 480_000);
});
