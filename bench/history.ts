// History at any size: the real app core over generated data folders of 1,000, 5,000 and 10,000 chats × 50
// messages (history-data.ts). Each phase runs in a fresh process of its own, as the app would (history-child.ts):
// a first start that rebuilds the derived database from the files; a start with a valid database (search ready,
// memory); answers and the 10 s after them (bytes written); searches (the worker's CPU per query). The longest
// main-thread task is the event loop's longest delay inside that process (perf_hooks' monitorEventLoopDelay)
// while the phase runs; the worker's time is its own thread's CPU time. Targets apply at 10,000 chats; smaller
// sizes print the same lines for comparison, and 100 chats is the base of the bytes ratio.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import os from 'node:os';
import { writeChatgptExport } from '../test/fixtures/chatgpt-export.js';
import { historyFolder, MESSAGES_PER_CHAT } from './history-data.js';
import type { Reporter } from './report.js';

const SIZES = (process.env.BENCH_HISTORY_SIZES ?? '1000,5000,10000').split(',').map(Number);
const TARGET_AT = Math.max(...SIZES);
const IMPORT_CONVERSATIONS = Number(process.env.BENCH_HISTORY_IMPORT ?? 20_000);

const root = fileURLToPath(new URL('..', import.meta.url));
/** Beside out/main/derived-worker.js, which the core finds next to itself (`npm run bench` builds first). */
const childBundle = path.join(root, 'out', 'main', 'bench-history-child.mjs');

async function bundleChild(): Promise<void> {
  if (!fs.existsSync(path.join(root, 'out', 'main', 'derived-worker.js')))
    throw new Error('run `electron-vite build` first (npm run bench does)');
  await esbuild.build({
    entryPoints: [path.join(root, 'bench', 'history-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile: childBundle,
    logLevel: 'silent',
    packages: 'external',
  });
}

function phase(mode: string, dir: string, ...more: string[]): Record<string, number> {
  const out = execFileSync(process.execPath, ['--expose-gc', childBundle, mode, dir, ...more], { encoding: 'utf8', maxBuffer: 1 << 24 });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, number>;
}

export async function run(report: Reporter): Promise<void> {
  await bundleChild();
  try {
    const base = historyFolder(100);
    phase('rebuild', base);
    const bytesBase = phase('answers', base).bytesPerAnswer!;
    report.figure('history 100 chats: bytes written per answer (session file excluded)', bytesBase / 1024, 'KB');
    for (const chats of SIZES) {
      const label = `history ${chats.toLocaleString('en')} chats`;
      const at = (max: number) => (chats === TARGET_AT ? { max } : undefined);
      const dir = historyFolder(chats);
      report.note(`${label}: ${(chats * MESSAGES_PER_CHAT).toLocaleString('en')} messages in ${dir}`);

      const rebuild = phase('rebuild', dir);
      report.figure(`${label}: full rebuild, worker CPU`, rebuild.workerCpuMs! / 1000, 's', at(120));
      report.figure(`${label}: full rebuild, wall`, rebuild.wallMs! / 1000, 's');
      report.figure(`${label}: longest main-thread task during the rebuild`, rebuild.longestMs!, 'ms', at(50));
      report.figure(`${label}: database size`, rebuild.databaseBytes! / 1e6, 'MB');

      const start = phase('start', dir);
      report.figure(`${label}: painted → search ready (valid database)`, start.readyMs!, 'ms', at(1_000));
      report.figure(`${label}: longest main-thread task during start`, start.longestMs!, 'ms', at(50));
      report.figure(`${label}: main process RSS after start (worker included)`, start.rss! / 1e6, 'MB', at(300));
      report.figure(`${label}:   of which the process before the core opened (Node and modules)`, start.baseline! / 1e6, 'MB');
      report.figure(`${label}:   main heap`, start.heapUsed! / 1e6, 'MB');
      report.figure(`${label}:   worker heap`, start.workerHeap! / 1e6, 'MB');

      const answers = phase('answers', dir);
      report.figure(`${label}: longest main-thread task during answers and the 10 s after`, answers.longestMs!, 'ms', at(50));
      report.figure(`${label}: bytes written per answer (session file excluded)`, answers.bytesPerAnswer! / 1024, 'KB', at(256));
      if (chats === TARGET_AT)
        report.figure(`${label}: bytes per answer, ${chats.toLocaleString('en')} vs 100 chats`, answers.bytesPerAnswer! / bytesBase, '×', {
          max: 1.2,
        });

      const search = phase('search', dir);
      report.figure(`${label}: search CPU p50 (worker)`, search.p50!, 'ms');
      report.figure(`${label}: search CPU p95 (worker)`, search.p95!, 'ms', at(50));
      report.figure(`${label}: longest main-thread task during searches`, search.longestMs!, 'ms', at(50));
    }
    // A ChatGPT export of 20,000 conversations (~170 MB) into an empty folder, a chat streaming meanwhile.
    const exportFile = path.join(os.tmpdir(), 'tiny-agent-bench-history', `chatgpt-${IMPORT_CONVERSATIONS}.json`);
    if (!fs.existsSync(exportFile)) await writeChatgptExport(exportFile, IMPORT_CONVERSATIONS);
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'tiny-agent-bench-import-'));
    try {
      const label = `history import of ${IMPORT_CONVERSATIONS.toLocaleString('en')} ChatGPT conversations (${(fs.statSync(exportFile).size / 1e6).toFixed(0)} MB)`;
      const imported = phase('import', target, exportFile);
      report.figure(`${label}: chats imported`, imported.imported!, 'chats', { min: IMPORT_CONVERSATIONS });
      report.figure(`${label}: wall`, imported.wallMs! / 1000, 's');
      report.figure(`${label}: longest main-thread task`, imported.longestMs!, 'ms', { max: 50 });
      report.figure(`${label}: answers streamed meanwhile`, imported.answers!, 'answers', { min: 1 });
      report.figure(`${label}: longest gap between a streaming answer's deltas (sent every 25 ms)`, imported.longestGapMs!, 'ms', {
        max: 100,
      });
    } finally {
      fs.rmSync(target, { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(childBundle, { force: true });
  }
}
