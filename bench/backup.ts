// A backup of 1,000 chats (20 exchanges each) through the app's own writer, in this process: files and bytes written,
// and the longest task main ran meanwhile, which must stay under 50 ms (the backup reads, hashes and copies in slices,
// never a whole folder in one turn). Two measures of it: the event loop's longest delay (perf_hooks'
// monitorEventLoopDelay, wall time, which on a loaded machine also counts time the process was not scheduled), and
// the main thread's CPU time between two turns of a 1 ms timer (process.threadCpuUsage), which counts only main's work.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createBackup } from '../src/main/backup/index.js';
import { seedSession } from '../test/fixtures/seed-sessions.js';
import type { Reporter } from './report.js';

const CHATS = Number(process.env.BENCH_BACKUP_CHATS ?? 1000);

/** The most CPU time main spent between two turns of its event loop while `work` ran, and the loop's longest delay. */
async function longestTask<T>(work: () => Promise<T>): Promise<{ value: T; cpuMs: number; delayMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let last = process.threadCpuUsage();
  let cpuMs = 0;
  const tick = setInterval(() => {
    const now = process.threadCpuUsage();
    cpuMs = Math.max(cpuMs, (now.user - last.user + now.system - last.system) / 1000);
    last = now;
  }, 1);
  loop.enable();
  try {
    const value = await work();
    return { value, cpuMs, delayMs: loop.max / 1e6 };
  } finally {
    loop.disable();
    clearInterval(tick);
  }
}

export async function run(report: Reporter): Promise<void> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-bench-backup-'));
  try {
    const dataDir = path.join(root, 'data');
    for (let i = 1; i <= CHATS; i++) seedSession(dataDir, { index: i, turns: 20, answerChars: 800 });
    // The seeding's garbage is not the backup's: collect it before measuring when the process allows it.
    (globalThis as { gc?: () => void }).gc?.();
    const {
      value: backup,
      cpuMs,
      delayMs,
    } = await longestTask(() => createBackup({ dataDir, destination: path.join(root, 'backups'), reason: 'manual' }));
    const label = `backup ${CHATS.toLocaleString('en')} chats`;
    report.figure(`${label}: files`, backup.files, 'files');
    report.figure(`${label}: bytes`, backup.bytes / 1024 / 1024, 'MB');
    report.figure(`${label}: longest main-thread task (CPU between loop turns)`, cpuMs, 'ms', { max: 50 });
    report.figure(`${label}: longest event-loop delay (wall, includes time not scheduled)`, delayMs, 'ms');
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}
