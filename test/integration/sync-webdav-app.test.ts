// Two real app cores syncing through a real WebDAV server on 127.0.0.1, end-to-end encrypted: a chat asked on one is on
// the other after a pass, the server holds only ciphertext, and a third computer with the wrong passphrase stops
// before it reads or writes anything, saying why.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { SyncView } from '../../src/shared/sync.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { openSyncCore, type SyncCore } from '../fixtures/sync-cores.js';
import { startWebdavFixture, type WebdavFixture } from '../fixtures/webdav-server.js';

let server: FakeOpenAIServer;
let dav: WebdavFixture;
let root = '';
const open: SyncCore[] = [];

beforeAll(async () => {
  server = await startFakeOpenAI();
  server.setDefaultReply({ text: 'Lisbon is on the Tagus.' });
});
afterAll(() => server.close());
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-sync-dav-'));
  dav = await startWebdavFixture();
});
afterEach(async () => {
  while (open.length) await open.pop()!.close();
  await dav.close();
  await fs.rm(root, { recursive: true, force: true });
});

/** A computer whose sync goes to the WebDAV server, sealed with `passphrase`. */
async function computer(name: string, passphrase: string): Promise<SyncCore> {
  const core = await openSyncCore(name, path.join(root, name), path.join(root, 'unused'), server);
  open.push(core);
  await core.call<SyncView>('sync:settings', {
    enabled: true,
    webdav: { url: dav.url, username: dav.username, password: dav.password },
    passphrase,
  });
  return core;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

it('a chat asked on one computer reaches the other through WebDAV; the server holds only ciphertext', async () => {
  const a = await computer('a', 'correct horse battery');
  const b = await computer('b', 'correct horse battery');
  const view = await a.call<SyncView>('sync:get');
  expect(view.settings).toMatchObject({
    target: { kind: 'webdav', url: dav.url.replace(/\/$/, ''), username: dav.username, hasPassword: true },
    encrypted: true,
  });
  expect(JSON.stringify(view)).not.toContain(dav.password);

  const chat = await a.ask('Where is Lisbon?');
  expect((await a.sync()).status).toMatchObject({ state: 'idle', lastPass: { skipped: [] } });
  const received = await b.sync();
  expect(received.status).toMatchObject({ state: 'idle', lastPass: { receivedChats: 1, receivedMessages: 2, skipped: [] } });
  expect((await b.messageLines(chat)).map((m) => `${m.role}: ${m.text}`)).toEqual([
    'user: Where is Lisbon?',
    'assistant: Lisbon is on the Tagus.',
  ]);

  // Every file the server keeps is sealed: neither the question nor the answer is readable there.
  const stored = await filesUnder(path.join(dav.root, 'sync'));
  expect(stored.length).toBeGreaterThan(2);
  for (const file of stored) {
    const bytes = await fs.readFile(file, 'latin1');
    expect(bytes).not.toContain('Lisbon');
    expect(bytes).not.toContain('Tagus');
  }
});

it('a computer with the wrong passphrase stops before reading or writing anything, and says why', async () => {
  const a = await computer('a', 'correct horse battery');
  await a.ask('Where is Lisbon?');
  await a.sync();
  const before = await filesUnder(path.join(dav.root, 'sync'));

  const c = await computer('c', 'wrong horse battery');
  const mine = await c.ask('A chat of my own');
  const view = await c.sync();
  expect(view.status.state).toBe('error');
  expect(view.status.error).toBe(
    'The passphrase does not match the one this sync location is encrypted with. Nothing was read or written.',
  );
  expect((await c.list()).map((s) => s.id)).toEqual([mine]);
  expect(await filesUnder(path.join(dav.root, 'sync'))).toEqual(before);
});

it('passes after the first reuse its key: the keycheck is read once until the passphrase changes', async () => {
  const a = await computer('a', 'correct horse battery');
  const keycheckReads = () => dav.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/keycheck.json')).length;
  await a.ask('Where is Lisbon?');
  await a.sync();
  // The first pass looks for a keycheck, finds none and makes one.
  const first = keycheckReads();
  expect(first).toBe(2);
  await a.ask('And Porto?');
  expect((await a.sync()).status).toMatchObject({ state: 'idle', lastPass: { skipped: [] } });
  await a.sync();
  expect(keycheckReads()).toBe(first);

  // A new passphrase opens the location anew: the keycheck is read again, and this one does not open it.
  await a.call<SyncView>('sync:settings', { passphrase: 'another horse' });
  const view = await a.sync();
  expect(view.status.state).toBe('error');
  expect(keycheckReads()).toBe(first + 1);
});
