// Sync when things go wrong: a torn, tampered or newer-format file in the sync folder is skipped whole with a notice
// (never applied halfway); a location of a newer format or one that is gone stops the pass with words; a SIGKILL
// during a pass, on the sending side or the receiving one, loses and duplicates nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeSegment, chatSegmentPath } from '../../src/main/sync/segments.js';
import type { SyncView } from '../../src/shared/sync.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { seedSession, seededId } from '../fixtures/seed-sessions.js';
import { openSyncCore, type SyncCore } from '../fixtures/sync-cores.js';

const child = path.join(import.meta.dirname, '../fixtures/sync-kill-child.ts');
let server: FakeOpenAIServer;
let root = '';
let shared = '';
const open: SyncCore[] = [];

beforeAll(async () => {
  server = await startFakeOpenAI();
  server.setDefaultReply({ text: 'An answer' });
});
afterAll(() => server.close());
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-sync-faults-'));
  shared = path.join(root, 'shared');
  await fs.mkdir(shared);
});
afterEach(async () => {
  while (open.length) await open.pop()!.close();
  await fs.rm(root, { recursive: true, force: true });
});

async function computer(name: string): Promise<SyncCore> {
  const core = await openSyncCore(name, path.join(root, name), shared, server);
  open.push(core);
  return core;
}

/** A chat of another computer, `device`, as a segment: its header and one committed question and answer. */
function foreignChat(device: string, index: number): { path: string; bytes: Buffer; session: string } {
  const session = seededId(900 + index);
  const lines = [
    { type: 'session', version: 2, id: session, createdAt: 1_700_000_000_000, systemPrompt: 'S', model: 'm' },
    {
      type: 'message',
      id: `q${index}`,
      parentId: null,
      runId: `r${index}`,
      timestamp: 1,
      message: { role: 'user', content: 'Q', timestamp: 1 },
    },
    {
      type: 'message',
      id: `a${index}`,
      parentId: `q${index}`,
      runId: `r${index}`,
      timestamp: 1,
      message: { role: 'assistant', content: [{ type: 'text', text: 'A' }], timestamp: 1 },
    },
    { type: 'commit', runId: `r${index}`, count: 2, timestamp: 1_700_000_000_001 },
  ].map((line) => JSON.stringify(line));
  const bytes = Buffer.from(encodeSegment({ device, kind: 'chat', session, seq: 0 }, lines));
  return { path: chatSegmentPath(device, session, 0), bytes, session };
}

async function put(relative: string, bytes: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(path.join(shared, relative)), { recursive: true });
  await fs.writeFile(path.join(shared, relative), bytes);
}

async function segmentFiles(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith('.jsonl')) found.push(full);
    }
  };
  await walk(shared);
  return found;
}

describe('damaged files in the sync folder', () => {
  it('a torn, a tampered and a newer-format file are each skipped whole with a notice; the sound one is applied', async () => {
    const b = await computer('b');
    const sound = foreignChat('other-device-1', 1);
    const torn = foreignChat('other-device-1', 2);
    const tampered = foreignChat('other-device-1', 3);
    const newer = foreignChat('other-device-1', 4);
    await put(sound.path, sound.bytes);
    await put(torn.path, torn.bytes.subarray(0, torn.bytes.length - 40));
    const changed = Buffer.from(tampered.bytes);
    changed[changed.length - 20] = changed[changed.length - 20]! ^ 1;
    await put(tampered.path, changed);
    await put(newer.path, Buffer.from(newer.bytes.toString('utf8').replace('{"sync":1,', '{"sync":2,')));

    const view = await b.sync();
    expect(view.status.state).toBe('idle');
    expect(view.status.lastPass).toMatchObject({ receivedChats: 1, receivedMessages: 2 });
    const skipped = view.status.lastPass!.skipped.map((s) => [s.path, s.reason]).sort();
    expect(skipped).toEqual(
      [
        [newer.path, 'newer-format'],
        [tampered.path, 'tampered'],
        [torn.path, 'torn'],
      ].sort(),
    );
    expect(view.status.lastPass!.skipped.find((s) => s.reason === 'torn')!.message).toBe(
      `${torn.path} is incomplete (torn or still arriving); skipped whole.`,
    );
    // Only the sound chat exists; nothing of the others, not even their header.
    expect((await b.list()).map((s) => s.id)).toEqual([sound.session]);
    const files = (await fs.readdir(path.join(b.dataDir, 'sessions'))).filter((name) => name.endsWith('.jsonl'));
    expect(files).toEqual([`${sound.session}.jsonl`]);

    // Still skipped on the next pass (never marked applied); once the torn file arrives whole, it is applied.
    expect((await b.sync()).status.lastPass!.skipped).toHaveLength(3);
    await fs.rm(path.join(shared, torn.path));
    await put(torn.path, torn.bytes);
    const later = await b.sync();
    expect(later.status.lastPass).toMatchObject({ receivedChats: 1, receivedMessages: 2 });
    expect(later.status.lastPass!.skipped.map((s) => s.reason).sort()).toEqual(['newer-format', 'tampered']);
  });

  it('a file whose lines follow ones not here yet waits, and the status says so, until they come', async () => {
    const b = await computer('b');
    const first = foreignChat('other-device-2', 2);
    const { session } = first;
    // The chat's next run, in the device's next file, arrives before its first file.
    const next = [
      { type: 'message', id: 'q2b', parentId: 'a2', runId: 'r2b', timestamp: 2, message: { role: 'user', content: 'Q2', timestamp: 2 } },
      {
        type: 'message',
        id: 'a2b',
        parentId: 'q2b',
        runId: 'r2b',
        timestamp: 2,
        message: { role: 'assistant', content: [{ type: 'text', text: 'A2' }], timestamp: 2 },
      },
      { type: 'commit', runId: 'r2b', count: 2, timestamp: 1_700_000_000_002 },
    ].map((line) => JSON.stringify(line));
    await put(
      chatSegmentPath('other-device-2', session, 1),
      Buffer.from(encodeSegment({ device: 'other-device-2', kind: 'chat', session, seq: 1 }, next)),
    );
    for (let pass = 0; pass < 2; pass++) {
      const view = await b.sync();
      expect(view.status.lastPass).toMatchObject({ receivedChats: 0, waitingFiles: 1, skipped: [] });
      expect(await b.list()).toEqual([]);
    }
    await put(first.path, first.bytes);
    const arrived = await b.sync();
    expect(arrived.status.lastPass).toMatchObject({ receivedChats: 1, receivedMessages: 4 });
    expect(arrived.status.lastPass!.waitingFiles).toBeUndefined();
    expect((await b.messageLines(session)).map((m) => m.text)).toEqual(['Q', 'A', 'Q2', 'A2']);
    // Both files are applied now: the next pass reads neither again (only the location's format file).
    const after = (await b.sync()).status.lastPass!;
    expect(after).toMatchObject({ receivedChats: 0, receivedMessages: 0 });
    expect(after.waitingFiles).toBeUndefined();
    expect(after.readBytes).toBeLessThan(100);
  });

  it('a truncated segment of a real chat is skipped and nothing of that chat is half-applied', async () => {
    const a = await computer('a');
    const b = await computer('b');
    const chat = await a.ask('First');
    await a.sync();
    const [segment] = await segmentFiles();
    const bytes = await fs.readFile(segment!);
    await fs.writeFile(segment!, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const view = await b.sync();
    expect(view.status.lastPass!.skipped.map((s) => s.reason)).toEqual(['torn']);
    expect(await b.list()).toEqual([]);
    // a's own chat is untouched by any of this.
    expect((await a.messageLines(chat)).map((m) => m.text)).toEqual(['First', 'An answer']);
  });

  it('a sync folder of a newer format, or one that is gone, stops the pass with words and changes nothing', async () => {
    const b = await computer('b');
    const chat = await b.ask('Mine');
    await put('tiny-agent-sync/format.json', Buffer.from('{"app":"tiny-agent","format":7}\n'));
    const newer = await b.sync();
    expect(newer.status).toMatchObject({
      state: 'error',
      error: 'The sync location was set up by a newer Tiny Agent (format 7); update this one to sync.',
    });
    expect(await segmentFiles()).toEqual([]);

    await fs.rm(shared, { recursive: true });
    const gone = await b.sync();
    expect(gone.status.state).toBe('error');
    expect(gone.status.error).toMatch(/^The sync location cannot be reached \(.*\); nothing was changed, the next pass tries again\.$/);
    expect((await b.messageLines(chat)).map((m) => m.text)).toEqual(['Mine', 'An answer']);
  });

  it('pausing stops passes until resumed; the status says paused', async () => {
    const a = await computer('a');
    await a.ask('Hold on');
    const paused = await a.call<SyncView>('sync:settings', { paused: true });
    expect(paused.status.state).toBe('paused');
    expect((await a.sync()).status.state).toBe('paused');
    expect(await segmentFiles()).toEqual([]);
    await a.call('sync:settings', { paused: false });
    expect((await a.sync()).status.state).toBe('idle');
    expect(await segmentFiles()).toHaveLength(1);
  });
});

/** Starts the child on `dataDir`; resolves once it printed `ready`. */
async function startChild(dataDir: string) {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, dataDir, shared], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`sync child exited early (${code}): ${out}`)));
  });
  return {
    output: () => out,
    async killWhen(ready: () => Promise<boolean>) {
      while (!(await ready()) && !out.includes('done')) await new Promise((resolve) => setTimeout(resolve, 5));
      proc.kill('SIGKILL');
      await exited;
    },
  };
}

const CHATS = 120;
const TURNS = 3;

async function expectAllChats(core: SyncCore): Promise<void> {
  const list = await core.list();
  expect(list).toHaveLength(CHATS);
  for (let i = 1; i <= CHATS; i++) {
    const lines = await core.messageLines(seededId(i));
    expect(lines).toHaveLength(TURNS * 2);
    expect(new Set(lines.map((m) => m.id)).size).toBe(TURNS * 2);
  }
}

describe('SIGKILL during a pass', { timeout: 120_000 }, () => {
  it('killed while sending: the next pass sends the rest, the other computer gets every chat once', async () => {
    const aDir = path.join(root, 'a');
    for (let i = 1; i <= CHATS; i++) seedSession(aDir, { index: i, turns: TURNS, answerChars: 200 });
    const sender = await startChild(aDir);
    const sentChats = path.join(shared, 'tiny-agent-sync', 'devices', sender.output().split(' ')[1]!.trim(), 'chats');
    await sender.killWhen(async () => (await fs.readdir(sentChats).catch(() => [])).length >= 20);
    expect(sender.output()).not.toContain('done');
    const partly = (await segmentFiles()).length;
    expect(partly).toBeLessThan(CHATS);

    const a = await computer('a');
    const resumed = await a.sync();
    expect(resumed.status.state).toBe('idle');
    const b = await computer('b');
    const taken = await b.sync();
    expect(taken.status.lastPass).toMatchObject({ receivedChats: CHATS, receivedMessages: CHATS * TURNS * 2, skipped: [] });
    await expectAllChats(b);
    // a's own chats are as they were.
    await expectAllChats(a);
  });

  it('killed while receiving: nothing half-applied, and a normal pass then completes with nothing lost or doubled', async () => {
    const a = await computer('a');
    for (let i = 1; i <= CHATS; i++) seedSession(path.join(root, 'seed'), { index: i, turns: TURNS, answerChars: 200 });
    // a takes the seeded chats as its own (a restart finds them), then sends them all.
    await fs.cp(path.join(root, 'seed', 'sessions'), path.join(a.dataDir, 'sessions'), { recursive: true });
    open.splice(open.indexOf(a), 1);
    const a2 = await a.reopen();
    open.push(a2);
    expect((await a2.sync()).status.lastPass!.sentBytes).toBeGreaterThan(0);

    const bDir = path.join(root, 'b');
    const receiver = await startChild(bDir);
    await receiver.killWhen(async () => (await fs.readdir(path.join(bDir, 'sessions')).catch(() => [])).length >= 20);
    expect(receiver.output()).not.toContain('done');

    const b = await computer('b');
    const view = await b.sync();
    expect(view.status.state).toBe('idle');
    await expectAllChats(b);
    // One more pass on each side changes nothing.
    const quiet = [await b.sync(), await a2.sync()].map((v) => v.status.lastPass!.receivedMessages);
    expect(quiet).toEqual([0, 0]);
    await expectAllChats(a2);
  });
});
