// A large ChatGPT export imported through the real core and the real import worker: the file is parsed and converted
// off main's thread, main takes small batches and stores one chat per turn of its event loop, a chat streams start to
// finish meanwhile, Cancel leaves only whole chats, and progress reaches the window as events. Work is counted, never
// timed. (The 20,000-conversation, 174 MB export is the benchmark's: at 2,000 the shape is the same.)
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcResult } from '../../src/shared/errors.js';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import type { SessionDetail, SessionSummary } from '../../src/shared/sessions.js';
import type { ImportProgress, ImportResult } from '../../src/shared/transfer.js';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import { parseSessionFile } from '../../src/main/sessions/store/session-file.js';
import { importJobWork } from '../../src/main/transfer/import-job.js';
import { IMPORT_BATCH } from '../../src/main/transfer/import-protocol.js';
import { importWork } from '../../src/main/transfer/import-runner.js';
import { chatgptConversation, writeChatgptExport } from '../fixtures/chatgpt-export.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

const COUNT = 2_000;
let out: string;
let exportFile: string;
let exportBytes: number;
let server: FakeOpenAIServer;
let dir: string;
let core: AppCore;
let events: SessionEventEnvelope[];
let nextPath: string[];

beforeAll(async () => {
  out = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-import-large-out-'));
  exportFile = path.join(out, 'conversations.json');
  exportBytes = await writeChatgptExport(exportFile, COUNT);
  server = await startFakeOpenAI();
});

afterAll(async () => {
  await server.close();
  await fs.rm(out, { recursive: true, force: true });
});

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-import-large-'));
  events = [];
  nextPath = [];
  core = await createAppCore({
    dataDir: dir,
    env: { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'fake-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => events.push(envelope),
    openExternal: async () => undefined,
    writeLog: () => undefined,
    dialogs: { chooseOpenPath: async () => nextPath.shift(), chooseSavePath: async () => undefined },
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await core.dispose();
  await fs.rm(dir, { recursive: true, force: true });
});

async function call<T>(channel: string, payload?: unknown): Promise<T> {
  const result: IpcResult<unknown> = await core.router.handle(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

const progressEvents = () => events.flatMap((envelope) => (envelope.event.type === 'import_progress' ? [envelope.event.progress] : []));

/** Resolves with the first progress event `test` accepts. */
function progressWhere(test: (progress: ImportProgress) => boolean): Promise<ImportProgress> {
  return vi.waitFor(
    () => {
      const found = progressEvents().find(test);
      if (!found) throw new Error('not yet');
      return found;
    },
    { timeout: 60_000, interval: 5 },
  );
}

/** The session files of the data folder, each checked to be whole (parsed to its last byte). */
function wholeSessionFiles(): string[] {
  const sessions = path.join(dir, 'sessions');
  const names = readdirSync(sessions);
  expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
  const files = names.filter((name) => name.endsWith('.jsonl'));
  for (const name of files) {
    const bytes = readFileSync(path.join(sessions, name));
    const parsed = parseSessionFile(bytes, name.slice(0, -'.jsonl'.length));
    expect(parsed.ok && parsed.session.validLength === bytes.length).toBe(true);
  }
  return files;
}

describe('a 2,000-conversation ChatGPT export', () => {
  it('imports completely while a chat streams every delta; main never parses the export and stores one chat per turn', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const before = { ...importWork, batches: importJobWork.batches, bytesParsed: importJobWork.worker.bytesParsed };
    importWork.mostChatsPerTurn = 0;
    importJobWork.largestBatchBytes = 0;
    importJobWork.largestBatchChats = 0;

    // A chat answers while the import writes: it starts once chats are being stored, and streams 60 frames.
    const words = Array.from({ length: 60 }, (_, i) => `word${i} `).join('');
    server.enqueue({ text: words, delayMs: 15 });
    const chat = await call<SessionDetail>('sessions:create', {});
    nextPath.push(exportFile);
    const importing = call<ImportResult>('transfer:import');
    await progressWhere((progress) => progress.imported > 0);
    const { runId } = await call<{ runId: string }>('chat:send', { sessionId: chat.id, text: 'Count to sixty.' });

    const result = await importing;
    expect(result).toMatchObject({ cancelled: false, fileName: 'conversations.json', total: COUNT, failed: [] });
    if (result.cancelled) return;
    expect(result.imported).toHaveLength(COUNT);
    expect(result.stopped).toBeUndefined();
    expect(result.imported.slice(0, 3).map((one) => one.name)).toEqual([0, 1, 2].map((i) => chatgptConversation(i).title));

    // Every delta of the answer arrived, and the whole run happened between two of the import's progress events.
    await vi.waitFor(() => expect(events.some((e) => e.runId === runId && e.event.type === 'run_end')).toBe(true), { timeout: 20_000 });
    const run = events.filter((envelope) => envelope.runId === runId);
    const text = run.map((envelope) => (envelope.event.type === 'delta' ? (envelope.event.text ?? '') : '')).join('');
    expect(text).toBe(words);
    // (The chat's model names it afterwards: a `titled` event of the same run.)
    expect(run.map((envelope) => envelope.event.type).filter((type) => type !== 'delta' && type !== 'titled')).toEqual([
      'run_start',
      'message_start',
      'message_start',
      'assistant_end',
      'saved',
      'run_end',
    ]);
    const at = (test: (e: SessionEventEnvelope) => boolean) => events.findIndex(test);
    const firstStored = at((e) => e.event.type === 'import_progress' && e.event.progress.imported > 0);
    const lastProgress = events.findLastIndex((e) => e.event.type === 'import_progress');
    const runStart = at((e) => e.runId === runId);
    const runEnd = at((e) => e.runId === runId && e.event.type === 'run_end');
    expect(firstStored < runStart && runEnd < lastProgress).toBe(true);

    // The export was parsed in the worker, never on main: no JSON.parse on main saw a conversation of it.
    expect(importJobWork.worker.bytesParsed - before.bytesParsed).toBe(exportBytes);
    const onMain = parse.mock.calls.filter(([textArg]) => typeof textArg === 'string' && textArg.includes('"mapping"'));
    expect(onMain).toHaveLength(0);
    // Main's units of work: batches of at most IMPORT_BATCH, one chat begun per turn of the event loop.
    expect(importJobWork.largestBatchBytes).toBeLessThanOrEqual(IMPORT_BATCH.maxBytes);
    expect(importJobWork.largestBatchChats).toBeLessThanOrEqual(IMPORT_BATCH.maxChats);
    expect(importJobWork.batches - before.batches).toBeGreaterThanOrEqual(COUNT / IMPORT_BATCH.maxChats);
    expect(importWork.chatsWritten - before.chatsWritten).toBe(COUNT);
    expect(importWork.mostChatsPerTurn).toBe(1);

    // Progress: reading, then importing with the count, done only going up, ending at the total.
    const progress = progressEvents();
    expect(progress[0]).toEqual({
      importId: expect.any(String),
      fileName: 'conversations.json',
      phase: 'reading',
      total: 0,
      done: 0,
      imported: 0,
    });
    expect(progress[1]).toMatchObject({ phase: 'importing', total: COUNT, done: 0 });
    expect(progress.every((p, i) => i === 0 || p.done >= progress[i - 1]!.done)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ phase: 'importing', total: COUNT, done: COUNT, imported: COUNT });
    expect(new Set(progress.map((p) => p.importId)).size).toBe(1);

    expect(wholeSessionFiles()).toHaveLength(COUNT + 1);
    expect(await call<SessionSummary[]>('sessions:list')).toHaveLength(COUNT + 1);
    expect(importJobWork.workersAlive).toBe(0);
  }, 180_000);

  it('Cancel stops the worker: the chats stored stay, each whole, and nothing else is written', async () => {
    nextPath.push(exportFile);
    const importing = call<ImportResult>('transfer:import');
    const started = await progressWhere((progress) => progress.imported >= 12);
    expect(await call('transfer:cancelImport', { importId: started.importId })).toEqual({ cancelled: true });
    const result = await importing;
    if (result.cancelled) throw new Error('the dialog was not cancelled');
    expect(result).toMatchObject({ stopped: 'cancelled', total: COUNT, failed: [] });
    expect(result.imported.length).toBeGreaterThanOrEqual(12);
    expect(result.imported.length).toBeLessThan(COUNT);

    // Only whole chats, exactly those reported; the worker is gone, and a second cancel finds nothing to stop.
    const files = wholeSessionFiles();
    expect(files.sort()).toEqual(result.imported.map((chat) => `${chat.id}.jsonl`).sort());
    expect(importJobWork.workersAlive).toBe(0);
    expect(await call('transfer:cancelImport', { importId: started.importId })).toEqual({ cancelled: false });
    const listed = (await call<SessionSummary[]>('sessions:list')).length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readdirSync(path.join(dir, 'sessions')).filter((name) => name.endsWith('.jsonl'))).toHaveLength(listed);
  }, 120_000);

  it('one import at a time; cancelImport is validated and names the import it stops', async () => {
    expect(await core.router.handle('transfer:cancelImport', { importId: 'not-an-id' })).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('importId must be an import id') },
    });
    expect(await core.router.handle('transfer:cancelImport', {})).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    nextPath.push(exportFile);
    const importing = call<ImportResult>('transfer:import');
    const started = await progressWhere((progress) => progress.phase === 'importing');
    expect(await core.router.handle('transfer:import', undefined)).toEqual({
      ok: false,
      error: { code: 'busy', message: 'Another import is still under way. Wait for it to finish, or cancel it.' },
    });
    expect(await call('transfer:cancelImport', { importId: '00000000-0000-4000-8000-000000000000' })).toEqual({ cancelled: false });
    expect(await call('transfer:cancelImport', { importId: started.importId })).toEqual({ cancelled: true });
    expect(await importing).toMatchObject({ stopped: 'cancelled' });
  }, 120_000);

  it('quitting during an import stops it after the chat being written; every file left is whole', async () => {
    nextPath.push(exportFile);
    const importing = core.router.handle('transfer:import', undefined);
    await progressWhere((progress) => progress.imported >= 5);
    await core.dispose();
    expect(await importing).toMatchObject({ ok: true, value: { stopped: 'cancelled' } });
    expect(wholeSessionFiles().length).toBeGreaterThanOrEqual(5);
    expect(importJobWork.workersAlive).toBe(0);
  }, 120_000);
});
