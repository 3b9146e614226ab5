// Two and three real app cores on their own data folders, syncing through one temporary folder: what each wrote while
// "offline" is on both afterwards — as versions where they diverged — after a restart too; deletes, renames, pins and
// folders follow the latest activity.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatFolder } from '../../src/shared/folders.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import { startFakeOpenAI, type FakeOpenAIServer, type FakeRequest } from '../fixtures/fake-openai.js';
import { makePng } from '../fixtures/images.js';
import { openSyncCore, type SyncCore } from '../fixtures/sync-cores.js';
import type { AddAttachmentResult, AttachmentBytes } from '../../src/shared/attachments.js';

let server: FakeOpenAIServer;
let root = '';
let shared = '';
const open: SyncCore[] = [];

beforeAll(async () => {
  server = await startFakeOpenAI();
  // Each answer names its question, so a test can tell which computer's run it is.
  server.setDefaultReply((request: FakeRequest) => {
    const users = (request.body.messages as { role: string; content: unknown }[]).filter((m) => m.role === 'user');
    const last = users[users.length - 1]?.content;
    return { text: `Answer to ${typeof last === 'string' ? last : JSON.stringify(last)}` };
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-sync-'));
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

async function restart(core: SyncCore): Promise<SyncCore> {
  open.splice(open.indexOf(core), 1);
  const again = await core.reopen();
  open.push(again);
  return again;
}

const texts = async (core: SyncCore, id: string) => (await core.messageLines(id)).map((m) => `${m.role}: ${m.text}`).sort();
const ids = async (core: SyncCore, id: string) => (await core.messageLines(id)).map((m) => m.id).sort();
const later = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('sync through a shared folder', () => {
  it('a question asked on each computer offline in the same chat is on both afterwards, as two versions of that point', async () => {
    const a = await computer('a');
    const b = await computer('b');
    const chat = await a.ask('Where is Lisbon?');
    await a.sync();
    const first = await b.sync();
    expect(first.status).toMatchObject({ state: 'idle', lastPass: { receivedChats: 1, receivedMessages: 2, skipped: [] } });
    expect(await texts(b, chat)).toEqual(['assistant: Answer to Where is Lisbon?', 'user: Where is Lisbon?']);

    // Offline: each asks its own follow-up.
    await a.ask('And Porto?', chat);
    await b.ask('And Faro?', chat);
    await a.sync();
    await b.sync();
    await a.sync();

    const expected = [
      'assistant: Answer to And Faro?',
      'assistant: Answer to And Porto?',
      'assistant: Answer to Where is Lisbon?',
      'user: And Faro?',
      'user: And Porto?',
      'user: Where is Lisbon?',
    ];
    expect(await texts(a, chat)).toEqual(expected);
    expect(await texts(b, chat)).toEqual(expected);
    expect(await ids(a, chat)).toEqual(await ids(b, chat));
    // Both follow-ups hang from the first answer: two versions of the same point, on both computers.
    for (const core of [a, b]) {
      const lines = await core.messageLines(chat);
      const answer = lines.find((m) => m.text === 'Answer to Where is Lisbon?')!;
      expect(
        lines
          .filter((m) => m.parentId === answer.id)
          .map((m) => m.text)
          .sort(),
      ).toEqual(['And Faro?', 'And Porto?']);
      const detail = await core.call<SessionDetail>('sessions:get', { sessionId: chat });
      expect(detail.refs[2]).toMatchObject({ versions: 2 });
    }
    // The version shown is the one asked last (on b), on both.
    const shownA = await a.call<SessionDetail>('sessions:get', { sessionId: chat });
    const shownB = await b.call<SessionDetail>('sessions:get', { sessionId: chat });
    expect(shownA.refs.map((r) => r.id)).toEqual(shownB.refs.map((r) => r.id));

    // After a restart of both: nothing new to send or take, nothing duplicated.
    const a2 = await restart(a);
    const b2 = await restart(b);
    const again = [await a2.sync(), await b2.sync()].map((v) => v.status.lastPass);
    expect(again.map((p) => [p?.sentBytes, p?.receivedMessages])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(await texts(a2, chat)).toEqual(expected);
    expect(await texts(b2, chat)).toEqual(expected);
    expect(new Set(await ids(b2, chat)).size).toBe(6);
  });

  it('three computers each ask in the same chat offline; after two rounds every one has all three versions', async () => {
    const [a, b, c] = [await computer('a'), await computer('b'), await computer('c')];
    const chat = await a.ask('Name a river');
    await a.sync();
    await b.sync();
    await c.sync();
    await a.ask('In Spain?', chat);
    await b.ask('In France?', chat);
    await c.ask('In Italy?', chat);
    for (let round = 0; round < 2; round++) for (const core of [a, b, c]) await core.sync();
    const all = await texts(a, chat);
    expect(all.filter((t) => t.startsWith('user:'))).toEqual([
      'user: In France?',
      'user: In Italy?',
      'user: In Spain?',
      'user: Name a river',
    ]);
    expect(await texts(b, chat)).toEqual(all);
    expect(await texts(c, chat)).toEqual(all);
    const detail = await c.call<SessionDetail>('sessions:get', { sessionId: chat });
    expect(detail.refs[2]).toMatchObject({ versions: 3 });
  });

  it('a chat deleted on one computer is deleted on the other, and stays deleted', async () => {
    const a = await computer('a');
    const b = await computer('b');
    const kept = await a.ask('Keep me');
    const doomed = await a.ask('Delete me');
    await a.sync();
    await b.sync();
    expect((await b.list()).map((s) => s.id).sort()).toEqual([kept, doomed].sort());

    await b.call('sessions:delete', { sessionId: doomed });
    const sent = await b.sync();
    expect(sent.status.lastPass?.sentBytes).toBeGreaterThan(0);
    const taken = await a.sync();
    expect(taken.status.lastPass).toMatchObject({ deletedChats: 1 });
    expect((await a.list()).map((s) => s.id)).toEqual([kept]);
    // Another pass on either side brings nothing back.
    await b.sync();
    await a.sync();
    expect((await a.list()).map((s) => s.id)).toEqual([kept]);
    expect((await b.list()).map((s) => s.id)).toEqual([kept]);
    await expect(fs.stat(path.join(a.dataDir, 'sessions', `${doomed}.jsonl`))).rejects.toThrow();

    // A chat file gone behind the app's back (a restored backup that lacks it) is not a delete: nothing is told.
    const b2 = await restart(b);
    await fs.rm(path.join(b2.dataDir, 'sessions', `${kept}.jsonl`));
    const b3 = await restart(b2);
    expect((await b3.sync()).status.lastPass).toMatchObject({ deletedChats: 0 });
    expect((await a.sync()).status.lastPass).toMatchObject({ deletedChats: 0 });
    expect((await a.list()).map((s) => s.id)).toEqual([kept]);
  });

  it('a chat deleted on one computer while another answered in it later comes back on all, with that answer', async () => {
    const a = await computer('a');
    const b = await computer('b');
    const c = await computer('c');
    const chat = await a.ask('Plan the garden');
    for (const core of [a, b, c]) await core.sync();

    // Offline: b deletes the chat; a little later, a asks again in it.
    await b.call('sessions:delete', { sessionId: chat });
    await later();
    await a.ask('Which flowers in spring?', chat);
    await b.sync(); // the delete goes out
    await c.sync(); // c takes it: c did nothing after it
    expect(await c.list()).toEqual([]);
    const kept = (await a.sync()).status.lastPass!; // a answered after it: a keeps the chat and brings it back
    expect(kept.deletedChats).toBe(0);
    await b.sync();
    await c.sync();
    const all = [
      'assistant: Answer to Plan the garden',
      'assistant: Answer to Which flowers in spring?',
      'user: Plan the garden',
      'user: Which flowers in spring?',
    ];
    for (const core of [a, b, c]) {
      expect((await core.list()).map((s) => s.id)).toEqual([chat]);
      expect(await texts(core, chat)).toEqual(all);
    }
    // And it stays: more passes, and a restart, change nothing.
    const b2 = await restart(b);
    for (const core of [a, b2, c]) await core.sync();
    for (const core of [a, b2, c]) expect(await texts(core, chat)).toEqual(all);

    // A delete after the last answer is a delete again, everywhere.
    await later();
    await c.call('sessions:delete', { sessionId: chat });
    await c.sync();
    expect((await a.sync()).status.lastPass).toMatchObject({ deletedChats: 1 });
    expect((await b2.sync()).status.lastPass).toMatchObject({ deletedChats: 1 });
    for (const core of [a, b2, c]) expect(await core.list()).toEqual([]);
  });

  it('a rename on both keeps the later one; a pin and a folder follow the latest change', async () => {
    const a = await computer('a');
    const b = await computer('b');
    const chat = await a.ask('Plan the trip');
    await a.sync();
    await b.sync();

    await a.call('sessions:rename', { sessionId: chat, name: 'Trip (a)' });
    await a.call('sessions:pin', { sessionId: chat, pinned: true });
    await later();
    await b.call('sessions:rename', { sessionId: chat, name: 'Trip (b, later)' });
    const folder = await b.call<ChatFolder>('folders:create', { name: 'Travel' });
    await b.call('folders:move', { sessionId: chat, folderId: folder.id });
    await later();
    await a.call('sessions:pin', { sessionId: chat, pinned: false });

    await a.sync();
    await b.sync();
    await a.sync();
    for (const core of [a, b]) {
      const [summary] = await core.list();
      expect(summary).toMatchObject({ id: chat, name: 'Trip (b, later)', folderId: folder.id });
      expect(summary!.pinned ?? false).toBe(false);
    }
    const folders = await a.call<ChatFolder[]>('folders:list');
    expect(folders.map((f) => [f.id, f.name])).toEqual([[folder.id, 'Travel']]);

    // The earlier rename was not applied on b, yet it is still in a's file and in the sync folder (nothing overwritten).
    const bFile = await fs.readFile(path.join(b.dataDir, 'sessions', `${chat}.jsonl`), 'utf8');
    expect(bFile).not.toContain('Trip (a)');
    const aFile = await fs.readFile(path.join(a.dataDir, 'sessions', `${chat}.jsonl`), 'utf8');
    expect(aFile).toContain('Trip (a)');
  });

  it('folders sync on their own: an empty one arrives, the later rename wins on both, a delete goes to both', async () => {
    const a = await computer('a');
    const b = await computer('b');
    const names = async (core: SyncCore) => (await core.call<ChatFolder[]>('folders:list')).map((f) => f.name).sort();
    // Made before sync ever ran here: told on the first pass all the same.
    const ideas = await a.call<ChatFolder>('folders:create', { name: 'Ideas' });
    const work = await a.call<ChatFolder>('folders:create', { name: 'Work' });
    await a.sync();
    const first = (await b.sync()).status.lastPass;
    expect(first).toMatchObject({ receivedFolders: 2, receivedChats: 0 });
    expect(await names(b)).toEqual(['Ideas', 'Work']);

    // Offline, both rename Ideas; b's rename is the later one. a deletes Work.
    await a.call('folders:rename', { folderId: ideas.id, name: 'Ideas (a)' });
    await a.call('folders:delete', { folderId: work.id });
    await later();
    await b.call('folders:rename', { folderId: ideas.id, name: 'Ideas (b, later)' });
    await a.sync();
    await b.sync();
    await a.sync();
    expect(await names(a)).toEqual(['Ideas (b, later)']);
    expect(await names(b)).toEqual(['Ideas (b, later)']);
    // Nothing more to tell: a pass after takes no folder change.
    expect((await b.sync()).status.lastPass?.receivedFolders).toBeUndefined();

    // After a restart the folder's clock is remembered: an old change read again is not applied.
    const b2 = await restart(b);
    expect((await b2.sync()).status.lastPass?.receivedFolders).toBeUndefined();
    expect(await names(b2)).toEqual(['Ideas (b, later)']);
  });

  it('a picture attached on one computer arrives with its chat, once, by its hash', async () => {
    const a = await computer('a');
    const b = await computer('b');
    const png = makePng(40, 30);
    const added = await a.call<AddAttachmentResult>('attachments:add', { name: 'map.png', bytes: png });
    if (!('attachment' in added)) throw new Error('refused');
    const chat = (await a.call<SessionDetail>('sessions:create', {})).id;
    const { runId } = await a.call<{ runId: string }>('chat:send', {
      sessionId: chat,
      text: 'What is this?',
      attachments: [added.attachment.sha256],
    });
    while (!a.events.some((e) => e.runId === runId && e.event.type === 'run_end')) await later();
    await a.sync();
    const files = await fs.readdir(path.join(shared, 'tiny-agent-sync', 'devices'), { recursive: true });
    expect(files.filter((f) => f.includes('attachments/'))).toEqual([expect.stringContaining(`attachments/${added.attachment.sha256}`)]);
    await b.sync();
    const read = await b.call<AttachmentBytes>('attachments:read', { sha256: added.attachment.sha256 });
    expect(Buffer.from(read.bytes).equals(png)).toBe(true);
    // The next answer in that chat does not send the picture again.
    await a.ask('Thanks', chat);
    await a.sync();
    expect(
      (await fs.readdir(path.join(shared, 'tiny-agent-sync', 'devices'), { recursive: true })).filter((f) => f.includes('attachments/')),
    ).toHaveLength(1);
  });

  it('an incremental pass after one answer sends about that answer, not the history', async () => {
    const a = await computer('a');
    const b = await computer('b');
    const chat = await a.ask('Start');
    for (let i = 0; i < 20; i++) await a.ask(`Question ${i} ${'x'.repeat(400)}`, chat);
    const first = await a.sync();
    await b.sync();
    const history = (await fs.stat(path.join(a.dataDir, 'sessions', `${chat}.jsonl`))).size;
    expect(first.status.lastPass!.sentBytes).toBeGreaterThan(history);

    const before = (await fs.stat(path.join(a.dataDir, 'sessions', `${chat}.jsonl`))).size;
    await a.ask(`One more ${'y'.repeat(500)}`, chat);
    const added = (await fs.stat(path.join(a.dataDir, 'sessions', `${chat}.jsonl`))).size - before;
    const pass = (await a.sync()).status.lastPass!;
    // The new lines plus one segment header (under 400 bytes): not the 20 turns before.
    expect(pass.sentBytes).toBeGreaterThanOrEqual(added);
    expect(pass.sentBytes).toBeLessThan(added + 400);
    const taken = (await b.sync()).status.lastPass!;
    expect(taken).toMatchObject({ receivedMessages: 2, sentBytes: 0 });
    expect(taken.readBytes).toBeLessThan(added + 400 + 200);
    expect(history).toBeGreaterThan(10 * added);

    // What b remembers of applied files does not grow with the answers it took: one number for a's files of the chat.
    const appliedOf = async () =>
      (JSON.parse(await fs.readFile(path.join(b.dataDir, 'sync-state.json'), 'utf8')) as { applied: Record<string, number[]> }).applied;
    const stateBytes = (await fs.stat(path.join(b.dataDir, 'sync-state.json'))).size;
    for (let i = 0; i < 5; i++) {
      await a.ask(`Later ${i}`, chat);
      await a.sync();
      await b.sync();
    }
    const applied = await appliedOf();
    expect(Object.keys(applied)).toHaveLength(1);
    expect(Object.values(applied)[0]).toEqual([6]);
    // Only the report's numbers and the chat's cursor change size, by a few digits.
    expect(Math.abs((await fs.stat(path.join(b.dataDir, 'sync-state.json'))).size - stateBytes)).toBeLessThan(40);
  });
});
