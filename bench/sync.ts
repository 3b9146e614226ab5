// Sync between computers: the first sync of 1,000 chats × 50 messages through a shared folder (time and bytes, each
// side), then an incremental pass after one answer (bytes ≈ that answer, not the history), and the longest task on
// main's thread during the passes (event-loop delay, sampled every 5 ms).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createAppCore, type AppCore } from '../src/main/app-core.js';
import type { SessionEventEnvelope } from '../src/shared/events.js';
import type { SyncPassReport, SyncView } from '../src/shared/sync.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../test/fixtures/fake-openai.js';
import { seedSession, seededId } from '../test/fixtures/seed-sessions.js';
import { testSecretBox } from '../test/fixtures/test-secret-box.js';
import type { Reporter } from './report.js';

const CHATS = Number(process.env.BENCH_SYNC_CHATS ?? 1_000);
const TURNS = 25;

async function open(dataDir: string, shared: string, server: FakeOpenAIServer, events: SessionEventEnvelope[]): Promise<AppCore> {
  const core = await createAppCore({
    dataDir,
    env: { TINY_AGENT_AUTO_TITLE: '0', OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-bench-000000000000', OPENAI_MODEL: 'bench-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => void events.push(envelope),
    openExternal: async () => {},
    writeLog: () => {},
    dialogs: { chooseSavePath: async () => undefined, chooseOpenPath: async () => undefined, chooseFolder: async () => shared },
  });
  const chosen = await core.router.handle('sync:chooseFolder', undefined);
  if (!chosen.ok) throw new Error(chosen.error.message);
  return core;
}

/** One pass: its report, wall time and the longest stall of main's event loop meanwhile. */
async function pass(core: AppCore): Promise<{ report: SyncPassReport; ms: number; longestTaskMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const result = await core.router.handle('sync:now', undefined);
  const ms = performance.now() - started;
  delay.disable();
  if (!result.ok) throw new Error(result.error.message);
  const view = result.value as SyncView;
  if (view.status.state !== 'idle' || !view.status.lastPass) throw new Error(`sync pass ended ${view.status.state}: ${view.status.error}`);
  return { report: view.status.lastPass, ms, longestTaskMs: Math.max(0, delay.max / 1e6 - 5) };
}

export async function run(report: Reporter): Promise<void> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-bench-sync-'));
  const server = await startFakeOpenAI();
  const cores: AppCore[] = [];
  try {
    const shared = path.join(root, 'shared');
    await fs.mkdir(shared);
    const aDir = path.join(root, 'a');
    for (let i = 1; i <= CHATS; i++) seedSession(aDir, { index: i, turns: TURNS, answerChars: 400 });
    let history = 0;
    for (const name of await fs.readdir(path.join(aDir, 'sessions'))) history += (await fs.stat(path.join(aDir, 'sessions', name))).size;
    report.note(`${CHATS} chats × ${TURNS * 2} messages, ${(history / 1e6).toFixed(1)} MB of session files`);

    const a = await open(aDir, shared, server, []);
    cores.push(a);
    const b = await open(path.join(root, 'b'), shared, server, []);
    cores.push(b);

    const send = await pass(a);
    report.figure('sync first pass, sending side', send.ms / 1000, 's');
    report.figure('sync first pass, bytes sent / session files', send.report.sentBytes / history, '×', { max: 1.2 });
    const take = await pass(b);
    report.figure('sync first pass, receiving side', take.ms / 1000, 's');
    report.figure('sync first pass, chats received', take.report.receivedChats, 'chats', { min: CHATS, max: CHATS });
    report.figure('sync first pass, messages received', take.report.receivedMessages, 'messages', {
      min: CHATS * TURNS * 2,
      max: CHATS * TURNS * 2,
    });
    report.figure('sync first pass, bytes read / bytes sent', take.report.readBytes / send.report.sentBytes, '×', { max: 1.05 });

    // One answer in one chat, then a pass on each side.
    server.setDefaultReply({ text: `An answer of some length. ${'It says a little more. '.repeat(40)}` });
    const chat = seededId(CHATS);
    const file = path.join(aDir, 'sessions', `${chat}.jsonl`);
    const before = (await fs.stat(file)).size;
    const events: SessionEventEnvelope[] = [];
    const sent = await a.router.handle('chat:send', { sessionId: chat, text: 'One more question' });
    if (!sent.ok) throw new Error(sent.error.message);
    while (!(await fs.stat(file)).size || (await fs.stat(file)).size === before) await new Promise((resolve) => setTimeout(resolve, 20));
    void events;
    const added = (await fs.stat(file)).size - before;
    const incremental = await pass(a);
    report.figure('sync incremental pass, bytes sent', incremental.report.sentBytes, 'bytes');
    report.figure('sync incremental pass, bytes sent / the answer’s lines', incremental.report.sentBytes / added, '×', { max: 1.5 });
    const taken = await pass(b);
    report.figure('sync incremental pass, bytes read / the answer’s lines', taken.report.readBytes / added, '×', { max: 1.5 });
    report.figure('sync incremental pass, messages received', taken.report.receivedMessages, 'messages', { min: 2, max: 2 });
    report.note(
      `longest tasks: send ${send.longestTaskMs.toFixed(1)}, take ${take.longestTaskMs.toFixed(1)}, ` +
        `incremental ${incremental.longestTaskMs.toFixed(1)} / ${taken.longestTaskMs.toFixed(1)} ms`,
    );
    report.figure(
      'sync longest main-thread task during a pass',
      Math.max(send.longestTaskMs, take.longestTaskMs, incremental.longestTaskMs, taken.longestTaskMs),
      'ms',
      { max: 50 },
    );
  } finally {
    for (const core of cores) await core.dispose();
    await server.close();
    await fs.rm(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createReporter } = await import('./report.js');
  const reporter = createReporter();
  await run(reporter);
  if (reporter.failed.length) {
    console.error(`bench: targets missed: ${reporter.failed.join(', ')}`);
    process.exit(1);
  }
}
