// Start-up and memory at scale. A cold start over 10,000 sessions (with their derived database: index and search) against an
// empty data folder: to the first painted sidebar row in the built app (headless Chromium with the real core bridged
// in, test/e2e/launch.ts — the window's start is part of a start), timed by the page itself when that row's frame is
// presented (Element Timing), so work after the paint is not counted as part of it; the longest task in the window
// from that paint until all 10,000 sessions are listed; and, for context, main's share alone: the core
// built and the window's first list (one screenful, `sessions:listFirst`) answered. The same start without an index
// (the sidebar paints at once, the rebuild runs after that paint). And the main heap after opening 50 long sessions one after another against after 5.
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createAppCore, type AppCore } from '../src/main/app-core.js';
import { DATABASE_FILE } from '../src/main/derived/database.js';
import { launchApp } from '../test/e2e/launch.js';
import { FIRST_LIST_ROWS } from '../src/renderer/src/store/startList.js';
import type { SessionSummary } from '../src/shared/sessions.js';
import { seededId, seedSession } from '../test/fixtures/seed-sessions.js';
import { testSecretBox } from '../test/fixtures/test-secret-box.js';
import { forgetDerived } from './history-data.js';
import type { Reporter } from './report.js';

const MANY = 10_000;
const START_RUNS = 7;
const PAINT_RUNS = 3;
const LONG_SESSIONS = 50;
const LONG_TURNS = 500; // 1,000 messages each

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

function openCore(dataDir: string, emit: Parameters<typeof createAppCore>[0]['emit'] = () => undefined): Promise<AppCore> {
  return createAppCore({
    dataDir,
    env: {},
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit,
    openExternal: async () => undefined,
    writeLog: () => undefined,
  });
}

async function listed(core: AppCore): Promise<SessionSummary[]> {
  const result = await core.router.handle('sessions:list', undefined);
  if (!result.ok) throw new Error(`sessions:list failed: ${result.error.message}`);
  return result.value as SessionSummary[];
}

/** Process start → the window's first list answered (one screenful, as the renderer asks): the sidebar can paint. */
async function coldStart(dataDir: string): Promise<{ ms: number; sessions: number; sent: number; filesRead: number; core: AppCore }> {
  const started = performance.now();
  const core = await openCore(dataDir);
  const result = await core.router.handle('sessions:listFirst', { limit: FIRST_LIST_ROWS });
  if (!result.ok) throw new Error(`sessions:listFirst failed: ${result.error.message}`);
  const first = result.value as { sessions: SessionSummary[]; total: number };
  const ms = performance.now() - started;
  return { ms, sessions: first.total, sent: first.sessions.length, filesRead: core.sessions!.store.work.sessionFilesRead, core };
}

/**
 * Runs in the page before its scripts. The first element matching `selector` is timed by the page itself: Element
 * Timing gives the time its frame was presented (the paint the person sees), so work queued after that paint — the
 * rest of the list, main's background work — never counts as part of it. Every long task (> 50 ms) is recorded too.
 */
function paintProbe(selector: string): string {
  return `(() => {
    const probe = { painted: 0, tasks: [] };
    Object.defineProperty(window, '__startProbe', { value: probe });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.tasks.push({ start: performance.timeOrigin + entry.startTime, ms: entry.duration });
    }).observe({ type: 'longtask' });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.painted ||= performance.timeOrigin + (entry.renderTime || entry.loadTime);
    }).observe({ type: 'element' });
    // Marked before its first paint (a mutation observer runs before the next frame): the element and its text.
    const seen = new MutationObserver(() => {
      const element = document.querySelector(${JSON.stringify(selector)});
      if (!element) return;
      seen.disconnect();
      for (const part of [element, ...element.querySelectorAll('*')]) part.setAttribute('elementtiming', 'start');
    });
    seen.observe(document, { childList: true, subtree: true });
  })();`;
}

interface PaintProbe {
  painted: number;
  tasks: { start: number; ms: number }[];
}

/**
 * Launch → the sidebar painted: its toolbar, or its first session row when `rows`; timed in the page (paintProbe).
 * Then, when `listed` is given, until the sidebar holds that many rows: the longest task of the page after the paint.
 */
async function firstPaint(dataDir: string, rows: boolean, listed?: number): Promise<{ ms: number; longestAfter: number }> {
  const started = performance.timeOrigin + performance.now();
  const app = await launchApp({
    dataDir,
    initScripts: [paintProbe(rows ? '[data-testid="session-item"]' : '[data-testid="new-session"]')],
  });
  try {
    if (app.mode !== 'chromium') throw new Error('the first-paint bench times the page in Chromium mode');
    await app.page.waitForFunction(() => (window as unknown as { __startProbe: PaintProbe }).__startProbe.painted > 0, undefined, {
      timeout: 120_000,
    });
    if (listed !== undefined)
      await app.page.waitForFunction(
        (count) => Number(document.querySelector('[data-testid="session-list"]')?.getAttribute('aria-rowcount')) >= count,
        listed,
        { timeout: 120_000, polling: 100 },
      );
    // Two frames more: a task queued by the last update is over.
    await app.page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    const probe = await app.page.evaluate(() => (window as unknown as { __startProbe: PaintProbe }).__startProbe);
    const after = probe.tasks.filter((task) => task.start + task.ms > probe.painted).map((task) => task.ms);
    return { ms: probe.painted - started, longestAfter: Math.max(0, ...after) };
  } finally {
    await app.close();
  }
}

/** `global.gc` when node runs with --expose-gc, else the same function switched on at run time. */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Bytes of the named files in `dir` (a missing one counts 0). */
async function sizeOf(dir: string, ...names: string[]): Promise<number> {
  const sizes = await Promise.all(
    names.map((name) =>
      fs.stat(path.join(dir, name)).then(
        (stat) => stat.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

function heapAfterGc(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

export async function runStartup(report: Reporter, root: string): Promise<void> {
  // 1. Cold start: 10,000 sessions with a valid derived database (their index and search) vs an empty data folder.
  const empty = path.join(root, 'start-empty');
  const full = path.join(root, 'start-full');
  await fs.mkdir(empty, { recursive: true });
  for (let i = 0; i < MANY; i++) seedSession(full, { turns: 1, index: i, answerChars: 200 });
  {
    // The previous run of the app: it built the index and the search tables in the derived database.
    const core = await openCore(full);
    core.afterFirstPaint();
    await core.sessions!.store.scanned();
    await core.search!.whenIdle();
    await core.dispose();
  }
  const databaseBytes = await sizeOf(full, DATABASE_FILE, `${DATABASE_FILE}-wal`);
  const emptyTimes: number[] = [];
  const fullTimes: number[] = [];
  const reads: number[] = [];
  let sent = 0;
  for (let i = 0; i < START_RUNS; i++) {
    const small = await coldStart(empty);
    await small.core.dispose();
    emptyTimes.push(small.ms);
    const large = await coldStart(full);
    if (large.sessions !== MANY) throw new Error(`cold start listed ${large.sessions} sessions`);
    reads.push(large.filesRead);
    sent = Math.max(sent, large.sent);
    fullTimes.push(large.ms);
    await large.core.dispose();
  }
  const emptyMs = median(emptyTimes);
  const fullMs = median(fullTimes);
  report.figure('main: start to first list, empty data folder (median)', emptyMs, 'ms');
  report.figure('main: start to first list, 10,000 sessions with an index (median)', fullMs, 'ms');
  report.figure('session files read before the first list, valid index', Math.max(...reads), 'files', { max: 0 });
  // The first list crosses IPC before the first paint: a screenful, whatever the number of sessions; the rest after.
  report.figure('sessions in the first list sent to the window (10,000 sessions)', sent, 'sessions', { max: FIRST_LIST_ROWS });
  // Each round measures the empty folder beside the large one, so a load that drifts on a shared machine weighs on both.
  const paintEmpty: number[] = [];
  const paintFull: number[] = [];
  const longestAfterPaint: number[] = [];
  for (let i = 0; i < PAINT_RUNS; i++) {
    paintEmpty.push((await firstPaint(empty, false)).ms);
    // Until every session is in the sidebar (rows and their date headings).
    const large = await firstPaint(full, true, MANY);
    paintFull.push(large.ms);
    longestAfterPaint.push(large.longestAfter);
  }
  const paintEmptyMs = median(paintEmpty);
  report.figure('cold start to first paint, empty data folder (median)', paintEmptyMs, 'ms');
  report.figure('cold start to first paint, 10,000 sessions with an index (median)', median(paintFull), 'ms');
  report.figure('cold start to first paint ratio 10,000 sessions / empty', median(paintFull) / paintEmptyMs, '×', { max: 1.3 });
  // The rest of the list arrives after that paint: the window must stay responsive while it does.
  report.figure('longest task in the window from first paint to all 10,000 sessions listed (median)', median(longestAfterPaint), 'ms', {
    max: 50,
  });

  // Search starts once the window has painted, not before: the worker is told the sessions and has nothing to read.
  {
    const core = await openCore(full);
    await core.router.handle('sessions:listFirst', { limit: FIRST_LIST_ROWS });
    const started = performance.now();
    core.afterFirstPaint();
    await core.search!.whenIdle();
    report.figure('derived database size (10,000 sessions)', databaseBytes / 1e6, 'MB');
    report.figure('search ready after first paint (valid database)', performance.now() - started, 'ms');
    report.figure('session files read by the background check, valid index', core.sessions!.store.work.sessionFilesRead, 'files', {
      max: 0,
    });
    await core.dispose();
  }

  // 2. The same folder without its index (the derived database deleted): the list answers with what is known, the
  // rest arrives in the background.
  const removeIndex = () => forgetDerived(full);
  const paintRebuilding: number[] = [];
  const paintEmptyBeside: number[] = [];
  for (let i = 0; i < PAINT_RUNS; i++) {
    paintEmptyBeside.push((await firstPaint(empty, false)).ms);
    removeIndex();
    paintRebuilding.push((await firstPaint(full, false)).ms);
  }
  report.figure('cold start to first paint without an index (10,000 sessions, median)', median(paintRebuilding), 'ms');
  report.figure('cold start to first paint ratio without an index / empty', median(paintRebuilding) / median(paintEmptyBeside), '×', {
    max: 1.3,
  });
  removeIndex();
  {
    let batches = 0;
    const started = performance.now();
    const core = await openCore(full, (envelope) => {
      if (envelope.event.type === 'sessions_listed') batches += 1;
    });
    const first = await listed(core);
    const firstMs = performance.now() - started;
    core.afterFirstPaint();
    await core.sessions!.store.scanned();
    const rebuiltMs = performance.now() - started;
    const all = await listed(core);
    if (all.length !== MANY) throw new Error(`rebuild listed ${all.length} sessions`);
    if (all[0]!.id !== seededId(MANY - 1)) throw new Error('rebuild lost the order of activity');
    report.figure('main: start to first list without an index (10,000 sessions)', firstMs, 'ms');
    report.figure('sessions in that first list', first.length, 'sessions');
    report.figure('background rebuild of 10,000 sessions done', rebuiltMs, 'ms');
    report.figure('list batches sent during the rebuild', batches, 'events');
    await core.dispose();
  }

  // 3. Main-process heap after opening 50 long sessions one after another vs after 5: idle sessions are unloaded.
  const longDir = path.join(root, 'memory');
  for (let i = 1; i <= LONG_SESSIONS; i++) seedSession(longDir, { turns: LONG_TURNS, index: i, answerChars: 400 });
  {
    const gc = collector();
    const core = await openCore(longDir);
    await core.sessions!.store.scanned();
    const open = async (index: number) => {
      const result = await core.router.handle('sessions:get', { sessionId: seededId(index) });
      if (!result.ok) throw new Error(`sessions:get failed: ${result.error.message}`);
    };
    for (let i = 1; i <= 5; i++) await open(i);
    const afterFive = heapAfterGc(gc);
    for (let i = 6; i <= LONG_SESSIONS; i++) await open(i);
    const afterFifty = heapAfterGc(gc);
    report.figure('main heap after opening 5 long sessions', afterFive / 1e6, 'MB');
    report.figure('main heap after opening 50 long sessions', afterFifty / 1e6, 'MB');
    report.figure('main heap ratio 50 / 5 sessions opened', afterFifty / afterFive, '×', { max: 1.5 });
    report.figure('sessions loaded after opening 50', core.sessions!.loadedCount, 'sessions');
    await core.dispose();
  }
}
