// Search through the whole app core: messages sent through the IPC router become findable, deletes and branches are
// followed, and a restart answers from the saved index without reading a single session file.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import type { SearchResponse } from '../../src/shared/search.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import { DATABASE_FILE } from '../../src/main/derived/database.js';
import { SEARCH_FILE } from '../../src/main/search/index.js';
import { SessionStore } from '../../src/main/sessions/store/session-store.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { seedSession } from '../fixtures/seed-sessions.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

let dir: string;
let server: FakeOpenAIServer;
let core: AppCore;
let events: SessionEventEnvelope[];

async function open(): Promise<AppCore> {
  events = [];
  core = await createAppCore({
    dataDir: dir,
    // Every model request here is scripted: no model-written title after a first answer.
    env: { TINY_AGENT_AUTO_TITLE: '0', OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'fake-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => events.push(envelope),
    openExternal: async () => undefined,
    writeLog: () => undefined,
  });
  return core;
}

async function call<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await core.router.handle(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

async function ask(sessionId: string, text: string, answer: string): Promise<void> {
  server.enqueue({ text: answer });
  const { runId } = await call<{ runId: string }>('chat:send', { sessionId, text });
  await expect.poll(() => events.some((e) => e.runId === runId && e.event.type === 'run_end')).toBe(true);
  await core.search!.whenIdle();
}

const found = (response: SearchResponse) => response.hits.map((hit) => [hit.sessionName, hit.role, hit.snippet]);

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-search-'));
  server = await startFakeOpenAI();
  await open();
});

afterEach(async () => {
  await core.dispose();
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('search through the app core', () => {
  it('a committed answer is findable in Chinese and English; a deleted session is not', async () => {
    const zh = await call<SessionDetail>('sessions:create', { name: '学习笔记' });
    const en = await call<SessionDetail>('sessions:create', { name: 'Cooking' });
    await ask(zh.id, '什么是闭包？', '闭包是函数和它定义时的作用域。');
    await ask(en.id, 'How long to boil an EGG?', 'About nine minutes.');

    expect(found(await call('search:query', { query: '闭包' }))).toEqual([
      ['学习笔记', 'user', '什么是闭包？'],
      ['学习笔记', 'assistant', '闭包是函数和它定义时的作用域。'],
    ]);
    expect(found(await call('search:query', { query: 'ｅｇｇ' }))).toEqual([['Cooking', 'user', 'How long to boil an EGG?']]);

    await call('sessions:delete', { sessionId: en.id });
    await core.search!.whenIdle();
    expect((await call<SearchResponse>('search:query', { query: 'egg' })).hits).toEqual([]);
  });

  it('a regenerated answer replaces the old one in the results', async () => {
    const session = await call<SessionDetail>('sessions:create', {});
    await ask(session.id, 'Name a colour', 'Crimson');
    server.enqueue({ text: 'Turquoise' });
    const { runId } = await call<{ runId: string }>('chat:regenerate', { sessionId: session.id });
    await expect.poll(() => events.some((e) => e.runId === runId && e.event.type === 'run_end')).toBe(true);
    await core.search!.whenIdle();
    expect((await call<SearchResponse>('search:query', { query: 'crimson' })).hits).toEqual([]);
    expect(found(await call('search:query', { query: 'turquoise' }))).toEqual([['Name a colour', 'assistant', 'Turquoise']]);
  });

  it('choosing an older version makes it the one found, also when the index is rebuilt from the files', async () => {
    const session = await call<SessionDetail>('sessions:create', {});
    await ask(session.id, 'Name a colour', 'Crimson');
    server.enqueue({ text: 'Turquoise' });
    const { runId } = await call<{ runId: string }>('chat:regenerate', { sessionId: session.id });
    await expect.poll(() => events.some((e) => e.runId === runId && e.event.type === 'run_end')).toBe(true);
    const shown = await call<SessionDetail>('sessions:get', { sessionId: session.id });
    await call<SessionDetail>('chat:switchBranch', { sessionId: session.id, messageId: shown.refs[1]!.id, version: 1 });
    await core.search!.whenIdle();
    expect(found(await call('search:query', { query: 'crimson' }))).toEqual([['Name a colour', 'assistant', 'Crimson']]);
    expect((await call<SearchResponse>('search:query', { query: 'turquoise' })).hits).toEqual([]);

    await core.dispose();
    for (const suffix of ['', '-wal', '-shm']) await fs.rm(path.join(dir, DATABASE_FILE + suffix), { force: true });
    await open();
    core.afterFirstPaint();
    await core.search!.whenIdle();
    expect(found(await call('search:query', { query: 'crimson' }))).toEqual([['Name a colour', 'assistant', 'Crimson']]);
    expect((await call<SearchResponse>('search:query', { query: 'turquoise' })).hits).toEqual([]);
  });

  it('a restart answers from the saved database and reads no session file; a file added while closed alone is read', async () => {
    const session = await call<SessionDetail>('sessions:create', { name: 'Kept' });
    await ask(session.id, 'remember the word zanzibar', 'Noted: zanzibar.');
    const other = await call<SessionDetail>('sessions:create', { name: 'Other' });
    await ask(other.id, 'and the word quokka', 'Noted: quokka.');
    await core.dispose();
    await expect(fs.stat(path.join(dir, DATABASE_FILE))).resolves.toBeTruthy();

    const loads: string[] = [];
    const realLoad = SessionStore.prototype.load;
    SessionStore.prototype.load = function (this: SessionStore, id: string) {
      loads.push(id);
      return realLoad.call(this, id);
    };
    try {
      await open();
      expect((await call<SearchResponse>('search:query', { query: 'zanzibar' })).hits).toHaveLength(2);
      await core.search!.whenIdle();
      expect(loads).toEqual([]);
      // Main's folder check stat-ed the files; the worker took its word for them instead of statting them again.
      expect(await core.search!.work()).toMatchObject({ sessionFilesRead: 0, sessionFilesStatted: 0, messagesTokenized: 0 });

      // A session written while the app was closed (a backup restore, an import by hand) is read; no other is.
      await core.dispose();
      seedSession(dir, { index: 7, turns: 1, name: 'Seeded' });
      await open();
      core.afterFirstPaint();
      await core.search!.whenIdle();
      expect(await core.search!.work()).toMatchObject({ sessionFilesRead: 1, sessionFilesStatted: 0, messagesTokenized: 2 });
      expect(loads).toEqual([]);
      expect(found(await call('search:query', { query: 'question 1 session 7' }))).toEqual([['Seeded', 'user', 'Question 1 of session 7']]);
    } finally {
      SessionStore.prototype.load = realLoad;
    }
  });

  it('before the window paints, a query answers from the database and says it is still indexing', async () => {
    const session = await call<SessionDetail>('sessions:create', { name: 'Kept' });
    await ask(session.id, 'remember the word zanzibar', 'Noted: zanzibar.');
    await core.dispose();

    await open();
    const early = await call<SearchResponse>('search:query', { query: 'zanzibar' });
    expect(early.hits).toHaveLength(2);
    expect(early.indexing).toBe(true);
    core.afterFirstPaint();
    await core.search!.whenIdle();
    expect(await call<SearchResponse>('search:query', { query: 'zanzibar' })).toMatchObject({ indexing: false });
    expect(await core.search!.work()).toMatchObject({ sessionFilesRead: 0 });
  });

  it('the search index of earlier versions is deleted once the database holds the index', async () => {
    const session = await call<SessionDetail>('sessions:create', { name: 'Kept' });
    await ask(session.id, 'the word is marmalade', 'Marmalade it is.');
    await core.dispose();
    await fs.writeFile(path.join(dir, SEARCH_FILE), '{"version":1,"sizes":{}, "index": {}}');
    await open();
    core.afterFirstPaint();
    await core.search!.whenIdle();
    await expect(fs.stat(path.join(dir, SEARCH_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await call<SearchResponse>('search:query', { query: 'marmalade' })).hits).toHaveLength(2);
  });

  it("a chat's name is found by its words, before its messages", async () => {
    const session = await call<SessionDetail>('sessions:create', { name: 'Rust borrow checker questions' });
    await ask(session.id, 'why does this not compile', 'The value moved.');
    const response = await call<SearchResponse>('search:query', { query: 'borrow checker' });
    expect(response.titles.map((t) => [t.sessionId, t.sessionName])).toEqual([[session.id, 'Rust borrow checker questions']]);
    expect(response.hits).toEqual([]);
    await call('sessions:rename', { sessionId: session.id, name: 'Lifetimes' });
    await core.search!.whenIdle();
    expect((await call<SearchResponse>('search:query', { query: 'borrow checker' })).titles).toEqual([]);
    expect((await call<SearchResponse>('search:query', { query: 'lifetimes' })).titles).toHaveLength(1);
  });

  it('bad queries get a clear error; an empty one finds nothing', async () => {
    const long = await core.router.handle('search:query', { query: 'x'.repeat(501) });
    expect(long).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const extra = await core.router.handle('search:query', { query: 'a', path: '/etc' });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call('search:query', { query: ' ?! ' })).toMatchObject({ hits: [], titles: [] });
  });

  it('a search narrowed to a folder finds only the chats in it; an unknown folder is refused', async () => {
    const inside = await call<SessionDetail>('sessions:create', { name: 'Trip plan' });
    const outside = await call<SessionDetail>('sessions:create', { name: 'Trip notes' });
    const other = await call<SessionDetail>('sessions:create', { name: 'Other' });
    await ask(inside.id, 'Pack the tent for the trip', 'Packed.');
    await ask(outside.id, 'Book the tent site', 'Site booked.');
    await ask(other.id, 'Nothing here', 'Fine.');
    const folder = await call<{ id: string }>('folders:create', { name: 'Travel' });
    const empty = await call<{ id: string }>('folders:create', { name: 'Empty' });
    await call('folders:move', { sessionId: inside.id, folderId: folder.id });

    const everywhere = await call<SearchResponse>('search:query', { query: 'tent' });
    expect(
      found(everywhere)
        .map(([name]) => name)
        .sort(),
    ).toEqual(['Trip notes', 'Trip plan']);

    const narrowed = await call<SearchResponse>('search:query', { query: 'tent', folderId: folder.id });
    expect(found(narrowed)).toEqual([['Trip plan', 'user', 'Pack the tent for the trip']]);
    expect((await call<SearchResponse>('search:query', { query: 'trip', folderId: folder.id })).titles.map((t) => t.sessionName)).toEqual([
      'Trip plan',
    ]);
    expect(await call<SearchResponse>('search:query', { query: 'tent', folderId: empty.id })).toMatchObject({ hits: [], titles: [] });

    const unknown = await core.router.handle('search:query', { query: 'tent', folderId: 'no-such-folder' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
