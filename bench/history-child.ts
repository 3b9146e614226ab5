// One phase of the history section in a process of its own, as the app runs it: one process, the core started once,
// the data folder given. Bundled like the app's main (no TypeScript compiler at run time) and placed beside the built
// worker it starts (bench/history.ts does both). Prints one JSON line with what it measured.
//   node --expose-gc out/main/bench-history-child.mjs <rebuild|start|answers|search> <data dir>
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { SessionEventEnvelope } from '../src/shared/events.js';
import type { SearchResponse } from '../src/shared/search.js';
import { createAppCore, type AppCore } from '../src/main/app-core.js';
import { DATABASE_FILE } from '../src/main/derived/database.js';
import { startFakeOpenAI } from '../test/fixtures/fake-openai.js';
import { testSecretBox } from '../test/fixtures/test-secret-box.js';
import { chatId, forgetDerived, HAN, prng, vocabulary } from './history-data.js';

const [mode, dataDir] = process.argv.slice(2) as [string, string];
const ANSWERS = 5;
const AFTER_ANSWER_MS = 10_000;
const QUERIES = 100;
const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** The event loop's longest delay while `work` runs, in ms: the longest task main ran meanwhile. */
async function longestTask<T>(work: () => Promise<T>): Promise<{ value: T; longestMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  try {
    const value = await work();
    return { value, longestMs: loop.max / 1e6 };
  } finally {
    loop.disable();
  }
}

const server = await startFakeOpenAI();
const events: SessionEventEnvelope[] = [];
/** When each text delta reached the window's side (the emit), per run: the gaps a person watching would see. */
const deltaTimes = new Map<string, number[]>();
const receive = (envelope: SessionEventEnvelope) => {
  events.push(envelope);
  if (envelope.event.type === 'delta' && envelope.runId) {
    const times = deltaTimes.get(envelope.runId) ?? [];
    times.push(performance.now());
    deltaTimes.set(envelope.runId, times);
  }
};
const open = () =>
  createAppCore({
    dataDir,
    env: { TINY_AGENT_AUTO_TITLE: '0', OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-bench', OPENAI_MODEL: 'fake-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: receive,
    openExternal: async () => undefined,
    writeLog: () => undefined,
  });

async function call<T>(core: AppCore, channel: string, payload?: unknown): Promise<T> {
  const result = await core.router.handle(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

async function caughtUp(core: AppCore): Promise<void> {
  core.afterFirstPaint();
  await core.sessions!.store.scanned();
  await core.search!.whenIdle();
}

/** Size and change time of every file in the folder but the session files. */
function derivedFiles(): Map<string, { size: number; mtimeMs: number }> {
  const out = new Map<string, { size: number; mtimeMs: number }>();
  for (const name of fs.readdirSync(dataDir, { recursive: true }).map(String)) {
    if (name.endsWith('.jsonl')) continue;
    const stat = fs.statSync(path.join(dataDir, name));
    if (stat.isFile()) out.set(name, { size: stat.size, mtimeMs: stat.mtimeMs });
  }
  return out;
}

async function answer(core: AppCore, n: number): Promise<void> {
  server.enqueue({ text: `Answer ${n}: ${'a few words about the weather 天气很好 '.repeat(12)}`, delayMs: 5 });
  const { runId } = await call<{ runId: string }>(core, 'chat:send', { sessionId: chatId(1), text: `Question ${n} about the weather` });
  while (!events.some((e) => e.runId === runId && e.event.type === 'run_end')) await new Promise((resolve) => setTimeout(resolve, 5));
  await core.sessions!.store.flush();
  await core.search!.whenIdle();
}

function queries(): string[] {
  const random = prng(7);
  const words = vocabulary();
  return Array.from({ length: QUERIES }, (_, i) =>
    i % 2 ? words[Math.floor(random() * words.length)]! : HAN[Math.floor(random() * HAN.length)]! + HAN[Math.floor(random() * HAN.length)]!,
  );
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

let result: Record<string, number>;
if (mode === 'rebuild') {
  forgetDerived(dataDir);
  const started = performance.now();
  const { value: core, longestMs } = await longestTask(async () => {
    const core = await open();
    await caughtUp(core);
    return core;
  });
  const wallMs = performance.now() - started;
  const work = await core.search!.work();
  await core.dispose();
  const databaseBytes = [DATABASE_FILE, `${DATABASE_FILE}-wal`].reduce(
    (sum, name) => sum + (fs.statSync(path.join(dataDir, name), { throwIfNoEntry: false })?.size ?? 0),
    0,
  );
  result = { longestMs, wallMs, workerCpuMs: work!.cpuMs, databaseBytes };
} else if (mode === 'start') {
  collect();
  const baseline = process.memoryUsage().rss;
  const { value, longestMs } = await longestTask(async () => {
    const core = await open();
    const painted = performance.now();
    core.afterFirstPaint();
    await core.search!.whenIdle();
    const readyMs = performance.now() - painted;
    const probe = await call<SearchResponse>(core, 'search:query', { query: queries()[1]! });
    if (probe.indexing) throw new Error('search still indexing once idle');
    await core.sessions!.store.scanned();
    return { core, readyMs };
  });
  collect();
  await new Promise((resolve) => setTimeout(resolve, 500));
  collect();
  const work = await value.core.search!.work();
  const { rss, heapUsed } = process.memoryUsage();
  await value.core.dispose();
  result = { longestMs, readyMs: value.readyMs, baseline, rss, heapUsed, workerHeap: work!.heapBytes };
} else if (mode === 'answers') {
  const core = await open();
  await caughtUp(core);
  await answer(core, -1);
  await core.search!.checkpoint();
  const before = derivedFiles();
  const { longestMs } = await longestTask(async () => {
    for (let n = 0; n < ANSWERS; n++) await answer(core, n);
    await new Promise((resolve) => setTimeout(resolve, AFTER_ANSWER_MS));
  });
  let written = 0;
  for (const [name, now] of derivedFiles()) {
    if (name === `${DATABASE_FILE}-shm` || name === DATABASE_FILE) continue;
    const was = before.get(name);
    if (name === `${DATABASE_FILE}-wal`) written += now.size - (was?.size ?? 0);
    else if (!was || was.mtimeMs !== now.mtimeMs) written += now.size;
  }
  await core.dispose();
  result = { longestMs, bytesPerAnswer: written / ANSWERS };
} else if (mode === 'search') {
  const core = await open();
  await caughtUp(core);
  const costs: number[] = [];
  const { longestMs } = await longestTask(async () => {
    for (const query of queries()) {
      await call<SearchResponse>(core, 'search:query', { query });
      costs.push(core.search!.lastQueryCpuMs);
    }
  });
  await core.dispose();
  result = { longestMs, p50: percentile(costs, 50), p95: percentile(costs, 95) };
} else if (mode === 'import') {
  // `dataDir` is an empty folder; the export is the third argument. A chat streams at its own pace meanwhile: the
  // longest gap between its deltas is what a person watching it would see.
  const exportFile = process.argv[4]!;
  const core = await createAppCore({
    dataDir,
    env: { TINY_AGENT_AUTO_TITLE: '0', OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-bench', OPENAI_MODEL: 'fake-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: receive,
    openExternal: async () => undefined,
    writeLog: () => undefined,
    dialogs: { chooseOpenPath: async () => exportFile, chooseSavePath: async () => undefined },
  });
  await caughtUp(core);
  const chat = await call<{ id: string }>(core, 'sessions:create', { name: 'Streaming meanwhile' });
  const started = performance.now();
  const { value, longestMs } = await longestTask(async () => {
    const imported = call<{ imported: unknown[]; failed: unknown[]; total: number }>(core, 'transfer:import');
    // Answers one after another for as long as the import runs: 40 words each, a word every 25 ms.
    let answers = 0;
    let done = false;
    void imported.finally(() => (done = true));
    let longestGapMs = 0;
    while (!done) {
      server.enqueue({ text: 'word '.repeat(40), delayMs: 25 });
      const before = events.length;
      const { runId } = await call<{ runId: string }>(core, 'chat:send', { sessionId: chat.id, text: `Question ${answers}` });
      for (;;) {
        const mine = events.slice(before).filter((e) => e.runId === runId);
        if (mine.some((e) => e.event.type === 'run_end')) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const times = deltaTimes.get(runId) ?? [];
      for (let i = 1; i < times.length; i++) longestGapMs = Math.max(longestGapMs, times[i]! - times[i - 1]!);
      answers += 1;
    }
    return { result: await imported, answers, longestGapMs };
  });
  const wallMs = performance.now() - started;
  const listed = await call<unknown[]>(core, 'sessions:list');
  await core.dispose();
  result = {
    longestMs,
    wallMs,
    imported: value.result.imported.length,
    failed: value.result.failed.length,
    total: value.result.total,
    sessions: listed.length,
    answers: value.answers,
    longestGapMs: value.longestGapMs,
  };
} else {
  throw new Error(`unknown mode ${mode}`);
}
await server.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
