// Chat folders through the IPC router over a real data folder: created, renamed, collapsed, moved into and out of,
// deleted (its chats go back to the list); kept across a restart; a folder's export imports elsewhere with its
// folder; and each move is one meta line older versions skip.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatFolder } from '../../src/shared/folders.js';
import type { IpcResult } from '../../src/shared/errors.js';
import type { SessionDetail, SessionSummary } from '../../src/shared/sessions.js';
import type { ExportResult, ImportResult } from '../../src/shared/transfer.js';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import type { FileDialogs } from '../../src/main/transfer/index.js';
import { parseSessionFile } from '../../src/main/sessions/store/session-file.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

let dir: string;
let out: string;
let core: AppCore;
let nextPath: Array<string | undefined>;

const dialogs: FileDialogs = {
  chooseSavePath: async () => nextPath.shift(),
  chooseOpenPath: async () => nextPath.shift(),
};

async function open(dataDir = dir): Promise<void> {
  core = await createAppCore({
    dataDir,
    env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'fake-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: () => undefined,
    openExternal: async () => undefined,
    writeLog: () => undefined,
    dialogs,
  });
  await core.sessions?.store.scanned();
}

function raw(channel: string, payload?: unknown): Promise<IpcResult<unknown>> {
  return core.router.handle(channel, payload);
}

async function call<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await raw(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

const list = () => call<SessionSummary[]>('sessions:list');
const folders = () => call<ChatFolder[]>('folders:list');
const folderOf = async (sessionId: string) => (await list()).find((s) => s.id === sessionId)?.folderId;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-folders-'));
  out = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-folders-out-'));
  nextPath = [];
  await open();
});

afterEach(async () => {
  await core.dispose();
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(out, { recursive: true, force: true });
});

describe('folders', () => {
  it('created, filled, collapsed and renamed; all of it is there after a restart', async () => {
    const a = await call<SessionDetail>('sessions:create', { name: 'Alpha' });
    const b = await call<SessionDetail>('sessions:create', { name: 'Beta' });
    const work = await call<ChatFolder>('folders:create', { name: '  Work  ' });
    expect(work).toMatchObject({ name: 'Work', collapsed: false });
    await call('folders:move', { sessionId: a.id, folderId: work.id });
    await call('folders:collapse', { folderId: work.id, collapsed: true });
    await call('folders:rename', { folderId: work.id, name: 'Job' });

    await core.dispose();
    await open();
    expect(await folders()).toEqual([{ id: work.id, name: 'Job', createdAt: work.createdAt, collapsed: true }]);
    expect(await folderOf(a.id)).toBe(work.id);
    expect(await folderOf(b.id)).toBeUndefined();

    // The chat's file says it by meta lines; the last one names the folder as it is called now.
    const lines = (await fs.readFile(path.join(dir, 'sessions', `${a.id}.jsonl`), 'utf8')).trim().split('\n');
    const metas = lines.map((l) => JSON.parse(l)).filter((l) => l.type === 'meta' && 'folder' in l);
    expect(metas.map((l) => l.folder)).toEqual([
      { id: work.id, name: 'Work' },
      { id: work.id, name: 'Job' },
    ]);
  });

  it('deleting a folder puts its chats back in the list and deletes none', async () => {
    const a = await call<SessionDetail>('sessions:create', { name: 'Alpha' });
    const b = await call<SessionDetail>('sessions:create', { name: 'Beta' });
    const f = await call<ChatFolder>('folders:create', { name: 'Trip' });
    await call('folders:move', { sessionId: a.id, folderId: f.id });
    await call('folders:move', { sessionId: b.id, folderId: f.id });
    expect(await call('folders:delete', { folderId: f.id })).toEqual({ deleted: true, released: 2 });
    expect(await folders()).toEqual([]);
    const after = await list();
    expect(after.map((s) => [s.name, s.folderId]).sort()).toEqual([
      ['Alpha', undefined],
      ['Beta', undefined],
    ]);
    await core.dispose();
    await open();
    expect(await folders()).toEqual([]);
    expect((await list()).length).toBe(2);
  });

  it('moving to a folder that does not exist is refused, in words; an empty name too', async () => {
    const a = await call<SessionDetail>('sessions:create', { name: 'Alpha' });
    const missing = await raw('folders:move', { sessionId: a.id, folderId: 'nope' });
    expect(missing).toEqual({ ok: false, error: { code: 'not_found', message: 'That folder no longer exists.' } });
    const blank = await raw('folders:create', { name: '   ' });
    expect(blank).toEqual({ ok: false, error: { code: 'invalid_input', message: 'A folder needs a name.' } });
    expect(await folderOf(a.id)).toBeUndefined();
  });

  it("a folder's export holds only its chats, and imported into an empty data folder they are in that folder again", async () => {
    const a = await call<SessionDetail>('sessions:create', { name: 'Alpha' });
    const b = await call<SessionDetail>('sessions:create', { name: 'Beta' });
    await call<SessionDetail>('sessions:create', { name: 'Gamma' });
    const f = await call<ChatFolder>('folders:create', { name: 'Research' });
    await call('folders:move', { sessionId: a.id, folderId: f.id });
    await call('folders:move', { sessionId: b.id, folderId: f.id });

    nextPath.push(path.join(out, 'research.zip'));
    expect(await call<ExportResult>('folders:export', { folderId: f.id })).toEqual({ saved: true, fileName: 'research.zip', count: 2 });
    const names = Object.keys(unzipSync(await fs.readFile(path.join(out, 'research.zip'))));
    expect(names.filter((n) => n !== 'manifest.json')).toHaveLength(2);

    await core.dispose();
    const fresh = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-folders-fresh-'));
    try {
      await open(fresh);
      nextPath.push(path.join(out, 'research.zip'));
      const result = await call<ImportResult>('transfer:import');
      expect(result).toMatchObject({ cancelled: false, total: 2 });
      const imported = await folders();
      expect(imported).toEqual([{ id: f.id, name: 'Research', createdAt: expect.any(Number), collapsed: false }]);
      const sessions = await list();
      expect(sessions.map((s) => [s.name, s.folderId]).sort()).toEqual([
        ['Alpha', f.id],
        ['Beta', f.id],
      ]);
    } finally {
      await core.dispose();
      await fs.rm(fresh, { recursive: true, force: true });
      await open();
    }
  });

  it('the folder line leaves the rest of the file as an older reader takes it (an unknown meta field)', async () => {
    const a = await call<SessionDetail>('sessions:create', { name: 'Alpha' });
    const f = await call<ChatFolder>('folders:create', { name: 'Keep' });
    await call('folders:move', { sessionId: a.id, folderId: f.id });
    const bytes = await fs.readFile(path.join(dir, 'sessions', `${a.id}.jsonl`));
    const parsed = parseSessionFile(new Uint8Array(bytes), a.id);
    expect(parsed.ok && parsed.session.folder).toEqual({ id: f.id, name: 'Keep' });
    expect(parsed.ok && parsed.session.header.name).toBe('Alpha');
    expect(strFromU8(new Uint8Array(bytes)).trim().split('\n').at(-1)).toMatch(/^\{"type":"meta","timestamp":\d+,"folder":\{/);
  });
});
