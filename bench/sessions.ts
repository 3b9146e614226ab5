// The session layer's costs: listing from the index (100 vs 10,000 sessions), committing a run (a 10,000-message
// session vs a 10-message one), loading a 10,000-message session, the IPC traffic of a 100,000-char answer
// streamed as 1-char deltas (coalesced vs one event per delta), and start-up and memory (sessions-startup.ts).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { EventStream } from '../src/main/agent/event-stream.js';
import type { AgentModel, StreamFn } from '../src/main/agent/types.js';
import { emptyUsage, type AssistantMessage, type Message, emptyAssistantMessage } from '../src/shared/messages.js';
import type { SessionEventEnvelope } from '../src/shared/events.js';
import { streamOpenAI } from '../src/main/llm/index.js';
import { SessionService, type SessionServiceOptions } from '../src/main/sessions/session-service.js';
import { DEFAULT_SYSTEM_PROMPTS, SESSION_MESSAGES } from '../src/main/sessions/session-messages.js';
import {
  currentBranch,
  serializeLines,
  summarize,
  type FileLine,
  type MessageEntry,
  type SessionHeader,
} from '../src/main/sessions/store/session-file.js';
import type { SessionStore } from '../src/main/sessions/store/session-store.js';
import type { Reporter } from './report.js';
import { runStartup } from './sessions-startup.js';
import { chainEntries } from '../test/fixtures/chain-entries.js';

const MODEL: AgentModel = { id: 'bench-model', baseUrl: 'http://127.0.0.1:9/v1' };
const quiet = { info: () => undefined, error: () => undefined };
const ANSWER_CHARS = 100_000;

function options(dataDir: string, extra: Partial<SessionServiceOptions> = {}): SessionServiceOptions {
  return {
    dataDir,
    emit: () => undefined,
    resolveModel: () => MODEL,
    defaultSystemPrompt: () => DEFAULT_SYSTEM_PROMPTS.en,
    messages: () => SESSION_MESSAGES.en,
    log: quiet,
    streamFn: streamOpenAI,
    ...extra,
  } as SessionServiceOptions;
}

/** A run's lines: a question and a ~600-character answer, chained after `parentId`. */
function runLines(n: number, parentId: string | null): { entries: MessageEntry[]; lines: FileLine[] } {
  const runId = `run-${n}`;
  const messages: Message[] = [
    { role: 'user', content: `Question number ${n}: how does this part of the system behave under load?`, timestamp: n },
    {
      role: 'assistant',
      content: [{ type: 'text', text: `Answer ${n}. ${'It streams, commits whole runs and keeps the index small. '.repeat(10)}` }],
      model: MODEL.id,
      usage: { ...emptyUsage(), input: 120, output: 160, totalTokens: 280 },
      stopReason: 'stop',
      timestamp: n,
    },
  ];
  const entries = chainEntries(runId, messages, parentId, n);
  return { entries, lines: [...entries, { type: 'commit', runId, count: entries.length, timestamp: 1_700_000_000_000 + n }] };
}

/** Writes a session file with `runs` runs straight to disk (set-up only: no fsync). Returns its id. */
async function writeSession(dir: string, runs: number, index: number): Promise<string> {
  const id = `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
  const header: SessionHeader = {
    type: 'session',
    version: 1,
    id,
    createdAt: 1_700_000_000_000 + index,
    systemPrompt: 'bench',
    model: MODEL.id,
  };
  const parts = [serializeLines([header])];
  let parent: string | null = null;
  for (let n = 1; n <= runs; n++) {
    const run = runLines(n, parent);
    parent = run.entries.at(-1)!.id;
    parts.push(serializeLines(run.lines));
  }
  await fs.writeFile(path.join(dir, 'sessions', `${id}.jsonl`), parts.join(''));
  return id;
}

/** Mean time of one `list()` call, and of one `list()` right after a change (a rebuild of the sorted list). */
async function listTimes(root: string, count: number): Promise<{ steady: number; afterChange: number; openMs: number }> {
  const dataDir = path.join(root, `list-${count}`);
  await fs.mkdir(path.join(dataDir, 'sessions'), { recursive: true });
  for (let start = 0; start < count; start += 200) {
    await Promise.all(Array.from({ length: Math.min(200, count - start) }, (_, i) => writeSession(dataDir, 1, start + i)));
  }
  // The first open builds the index from the files; the measured one starts from that index.
  const building = await SessionService.open(options(dataDir));
  await building.store.scanned();
  await building.dispose();
  const opened = performance.now();
  const service = await SessionService.open(options(dataDir));
  const openMs = performance.now() - opened;
  if (service.list().length !== count) throw new Error('list() lost sessions');
  const calls = 2_000;
  let started = performance.now();
  for (let i = 0; i < calls; i++) service.list();
  const steady = (performance.now() - started) / calls;
  const first = service.list()[0]!.id;
  const changes = 20;
  let afterChange = 0;
  for (let i = 0; i < changes; i++) {
    await service.rename(first, `renamed ${i}`);
    started = performance.now();
    service.list();
    afterChange += performance.now() - started;
  }
  await service.dispose();
  return { steady, afterChange: afterChange / changes, openMs };
}

/**
 * Median time of appending one run (2 messages, one write + fsync) to each session, interleaved to share drift, and
 * the bytes each commit added to its file.
 */
async function commitTimes(store: SessionStore, ids: string[], samples: number): Promise<{ ms: number[]; bytes: number[] }> {
  const times: number[][] = ids.map(() => []);
  const bytes: number[] = ids.map(() => 0);
  const branches = new Map<string, MessageEntry[]>();
  const headers = new Map<string, SessionHeader>();
  for (const id of ids) {
    const loaded = await store.load(id);
    branches.set(id, currentBranch(loaded.entries));
    headers.set(id, loaded.header);
  }
  for (let s = 0; s < samples; s++) {
    for (const [k, id] of ids.entries()) {
      const branch = branches.get(id)!;
      const header = headers.get(id)!;
      const run = runLines(100_000 + s, branch.at(-1)!.id);
      const next = [...branch, ...run.entries];
      const before = store.entry(id)!.size;
      const started = performance.now();
      const after = await store.append(id, run.lines, () => summarize({ header, name: undefined, branch: next, updatedAt: Date.now() }));
      times[k]!.push(performance.now() - started);
      bytes[k]! += after.size - before;
      branches.set(id, next);
    }
  }
  return {
    ms: times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!),
    bytes: bytes.map((total) => total / samples),
  };
}

/** A model that streams `ANSWER_CHARS` one-character deltas as fast as it can, yielding to the event loop every 64. */
const floodStream: StreamFn = (model) => {
  const stream = new EventStream();
  const partial: AssistantMessage = emptyAssistantMessage(model.id);
  void (async () => {
    stream.push({ type: 'start', partial });
    const block = { type: 'text' as const, text: '' };
    partial.content.push(block);
    stream.push({ type: 'text_start', contentIndex: 0, partial });
    for (let i = 0; i < ANSWER_CHARS; i++) {
      const delta = String.fromCharCode(97 + (i % 26));
      block.text += delta;
      stream.push({ type: 'text_delta', contentIndex: 0, delta, partial });
      // A socket read delivers a batch of SSE frames; timers (the coalescer's frame) run between batches.
      if (i % 64 === 63) await new Promise((resolve) => setImmediate(resolve));
    }
    stream.push({ type: 'text_end', contentIndex: 0, content: block.text, partial });
    stream.push({ type: 'done', reason: 'stop', message: { ...partial, stopReason: 'stop' } });
  })();
  return stream;
};

export async function run(report: Reporter): Promise<void> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-bench-sessions-'));
  try {
    // 1. Listing comes from the index alone; its cost must not grow with the number of sessions.
    const small = await listTimes(root, 100);
    const large = await listTimes(root, 10_000);
    report.figure('sessions list (100 sessions)', small.steady * 1000, 'µs');
    report.figure('sessions list (10,000 sessions)', large.steady * 1000, 'µs');
    report.figure('sessions list ratio 10,000 / 100', large.steady / small.steady, '×', { max: 20 });
    report.figure('sessions list right after a change (100 sessions)', small.afterChange * 1000, 'µs');
    report.figure('sessions list right after a change (10,000 sessions)', large.afterChange * 1000, 'µs');
    report.figure('sessions open with a fresh index (10,000 sessions)', large.openMs, 'ms');

    // 2. A commit appends; it never reads or rewrites what is already there.
    const dataDir = path.join(root, 'commit');
    await fs.mkdir(path.join(dataDir, 'sessions'), { recursive: true });
    const tiny = await writeSession(dataDir, 5, 1);
    const huge = await writeSession(dataDir, 5_000, 2);
    const service = await SessionService.open(options(dataDir));
    await service.store.scanned();
    const reads = service.store.work.sessionFilesRead;
    const commits = await commitTimes(service.store, [tiny, huge], 41);
    const [tinyMs, hugeMs] = commits.ms;
    const [tinyBytes, hugeBytes] = commits.bytes;
    report.figure('commit a run to a 10-message session (median, incl. fsync)', tinyMs!, 'ms');
    report.figure('commit a run to a 10,000-message session (median, incl. fsync)', hugeMs!, 'ms');
    report.figure('commit cost ratio 10,000 / 10 messages', hugeMs! / tinyMs!, '×', { max: 1.2 });
    report.figure('bytes written per commit, 10-message session', tinyBytes!, 'B');
    report.figure('bytes written per commit, 10,000-message session', hugeBytes!, 'B');
    report.figure('bytes written per commit ratio 10,000 / 10 messages', hugeBytes! / tinyBytes!, '×', { max: 1.01 });
    // The two loads for the set-up; a commit itself never reads.
    report.figure('session files read by 82 commits', service.store.work.sessionFilesRead - reads - 2, 'files', { max: 0 });
    await service.dispose();

    // 3. Opening a long session: read, parse, and find the current branch.
    const file = path.join(dataDir, 'sessions', `${huge}.jsonl`);
    const bytes = (await fs.stat(file)).size;
    const loadTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const fresh = await SessionService.open(options(dataDir));
      const started = performance.now();
      const detail = await fresh.get(huge);
      loadTimes.push(performance.now() - started);
      if (detail.messages.length < 10_001) throw new Error('load lost messages');
      await fresh.dispose();
    }
    const loadMs = loadTimes.sort((a, b) => a - b)[2]!;
    report.figure('load a 10,000-message session (median)', loadMs, 'ms');
    report.figure('load throughput', bytes / 1e6 / (loadMs / 1000), 'MB/s');

    // 4. IPC traffic of a 100,000-char answer in 1-char deltas, fed as fast as possible.
    const envelopes: SessionEventEnvelope[] = [];
    let bytesSent = 0;
    const ipcDir = path.join(root, 'ipc');
    const streaming = await SessionService.open(
      options(ipcDir, {
        streamFn: floodStream,
        emit: (envelope) => {
          envelopes.push(envelope);
          bytesSent += Buffer.byteLength(JSON.stringify(envelope));
        },
      }),
    );
    const session = await streaming.create({});
    const started = performance.now();
    const { runId } = await streaming.send(session.id, 'go');
    while (!envelopes.some((e) => e.event.type === 'run_end')) await new Promise((resolve) => setTimeout(resolve, 5));
    const elapsed = performance.now() - started;
    await streaming.dispose();
    const deltas = envelopes.filter((e) => e.event.type === 'delta');
    const text = deltas.map((e) => (e.event.type === 'delta' ? (e.event.text ?? '') : '')).join('');
    if (text.length !== ANSWER_CHARS) throw new Error(`coalesced text lost characters: ${text.length}`);
    const answerBytes = Buffer.byteLength(text);
    // Naive: the same run with one delta event per character (and the same other events).
    const others = envelopes.filter((e) => e.event.type !== 'delta');
    let naiveBytes = others.reduce((n, e) => n + Buffer.byteLength(JSON.stringify(e)), 0);
    let seq = envelopes.length;
    for (let i = 0; i < ANSWER_CHARS; i++) {
      naiveBytes += Buffer.byteLength(
        JSON.stringify({ sessionId: session.id, runId, seq: ++seq, event: { type: 'delta', text: text[i] } }),
      );
    }
    report.figure('ipc answer streamed in', elapsed, 'ms');
    report.figure('ipc delta events (coalesced)', deltas.length, 'events');
    report.figure('ipc delta events (naive, one per delta)', ANSWER_CHARS, 'events');
    report.figure('ipc bytes sent (coalesced, whole run)', bytesSent, 'B');
    report.figure('ipc bytes sent (naive, whole run)', naiveBytes, 'B');
    report.figure('ipc bytes ratio coalesced / answer', bytesSent / answerBytes, '×', { max: 1.3 });
    report.figure('ipc bytes ratio naive / answer', naiveBytes / answerBytes, '×');

    // 5. Start-up and memory.
    await runStartup(report, root);
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}
