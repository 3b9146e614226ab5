// The data folder as the whole app core meets it: held by one core at a time (a second one refuses and says why, a
// crashed one's lock is taken over), and the app starts whatever state it is in — full disk, read-only folder,
// dangling session links, leftover temp files — showing what it can read and saying what is wrong.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/main/app-core.js';
import { mainStrings } from '../../src/main/i18n.js';
import { SessionStore } from '../../src/main/sessions/store/session-store.js';
import { LOCK_FILE } from '../../src/main/storage/data-lock.js';
import { emptyUsage } from '../../src/shared/messages.js';
import { mountSmallDisk, smallDiskUnavailable, type SmallDisk } from '../fixtures/small-disk.js';
import { openTestCore } from '../fixtures/test-core.js';

const EN = mainStrings('en');
const cores: AppCore[] = [];
let dataDir: string;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-data-'));
});
afterEach(async () => {
  while (cores.length) await cores.pop()!.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function openCore(dir = dataDir): Promise<AppCore> {
  const core = await openTestCore(dir, { env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'fake-model' } });
  cores.push(core);
  // What these tests check holds once the background check of the sessions folder is over.
  await core.sessions?.store.scanned();
  return core;
}

/** A pid no process has now (a process that already exited). */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)']).stdout.toString().trim());
}

/** One session with one answered question, written by the real store; then its index is made stale (removed). */
async function seedSession(dir: string): Promise<string> {
  const store = new SessionStore({ dir: path.join(dir, 'sessions'), log: { info: () => undefined, error: () => undefined } });
  await store.open();
  const id = randomUUID();
  const header = { type: 'session' as const, version: 1, id, createdAt: 1_000, systemPrompt: 'Be brief.', model: 'fake-model' };
  await store.create(header);
  const user = {
    type: 'message' as const,
    id: 'u1',
    parentId: null,
    runId: 'r1',
    timestamp: 1_001,
    message: { role: 'user' as const, content: 'kept question', timestamp: 1_001 },
  };
  const answer = {
    type: 'message' as const,
    id: 'a1',
    parentId: 'u1',
    runId: 'r1',
    timestamp: 1_002,
    message: {
      role: 'assistant' as const,
      content: [{ type: 'text' as const, text: 'kept answer' }],
      model: 'fake-model',
      usage: emptyUsage(),
      stopReason: 'stop' as const,
      timestamp: 1_002,
    },
  };
  await store.append(id, [user, answer, { type: 'commit', runId: 'r1', count: 2, timestamp: 1_003 }], (current) => ({
    ...current,
    messageCount: 3,
  }));
  await store.flush();
  await fs.rm(store.indexPath);
  return id;
}

async function call(core: AppCore, channel: string, payload?: unknown): Promise<unknown> {
  return core.router.handle(channel, payload);
}

describe('one app core per data folder', () => {
  it('a second app core on the same folder refuses: it lists nothing, changes nothing, and its window is told why', async () => {
    const first = await openCore();
    expect(
      await call(first, 'settings:saveProvider', { presetId: 'custom', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'sk-first' }),
    ).toMatchObject({ ok: true });
    const created = (await call(first, 'sessions:create', {})) as { ok: true; value: { id: string } };
    const settingsBefore = await fs.readFile(path.join(dataDir, 'settings.json'));

    const second = await openCore();
    expect(await call(second, 'app:status')).toEqual({ ok: true, value: { problems: ['locked'], notices: [] } });
    expect(await call(second, 'sessions:list')).toEqual({ ok: true, value: [] });
    expect(await call(second, 'settings:update', { theme: 'dark' })).toEqual({
      ok: false,
      error: { code: 'storage', message: EN.dataLocked() },
    });
    expect(await call(second, 'sessions:get', { sessionId: created.value.id })).toEqual({
      ok: false,
      error: { code: 'storage', message: EN.dataLocked() },
    });
    expect(await fs.readFile(path.join(dataDir, 'settings.json'))).toEqual(settingsBefore);
    // The first core works on, undisturbed.
    expect(await call(first, 'app:status')).toEqual({ ok: true, value: { problems: [], notices: [] } });

    // Once the first one is gone, the folder opens normally.
    await cores.shift()!.dispose();
    const third = await openCore();
    expect(await call(third, 'app:status')).toEqual({ ok: true, value: { problems: [], notices: [] } });
    expect(((await call(third, 'sessions:list')) as { value: unknown[] }).value).toHaveLength(1);
  });

  it('a lock left by a crashed process, or by a pid now reused by another process, is taken over', async () => {
    await fs.writeFile(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: deadPid(), start: '1', holder: 'crashed' }));
    const afterCrash = await openCore();
    expect(await call(afterCrash, 'app:status')).toEqual({ ok: true, value: { problems: [], notices: [] } });
    await cores.pop()!.dispose();
    await expect(fs.stat(path.join(dataDir, LOCK_FILE))).rejects.toMatchObject({ code: 'ENOENT' });

    // Our own pid, but a process that started at another time: the pid was reused after a crash.
    await fs.writeFile(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: process.pid, start: '1', holder: 'earlier' }));
    const reused = await openCore();
    expect(await call(reused, 'app:status')).toEqual({ ok: true, value: { problems: [], notices: [] } });
  });

  it('leftover temp files of a crashed writer (settings included) are removed at start', async () => {
    const pid = deadPid();
    await fs.writeFile(path.join(dataDir, `settings.json.${pid}-0badc0de.tmp`), '{"half":');
    await fs.mkdir(path.join(dataDir, 'sessions'));
    await fs.writeFile(path.join(dataDir, 'sessions', `index.json.${pid}-0badc0de.tmp`), '{"half":');
    await openCore();
    expect((await fs.readdir(dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect((await fs.readdir(path.join(dataDir, 'sessions'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('a dangling session link does not stop the start; every readable session is listed', async () => {
    const id = await seedSession(dataDir);
    await fs.symlink(path.join(dataDir, 'nowhere.jsonl'), path.join(dataDir, 'sessions', `${randomUUID()}.jsonl`));
    const core = await openCore();
    expect(((await call(core, 'sessions:list')) as { value: Array<{ id: string }> }).value.map((s) => s.id)).toEqual([id]);
  });
});

describe.skipIf(smallDiskUnavailable !== undefined)('starting on a damaged disk', () => {
  let disk: SmallDisk;
  beforeEach(async () => {
    disk = await mountSmallDisk(64);
  });
  afterEach(async () => {
    while (cores.length) await cores.pop()!.dispose();
    await disk.unmount();
  });

  it('a full disk with a stale index: the app starts, lists and opens the session, and says the disk is full', async () => {
    const id = await seedSession(disk.dir);
    await disk.fill();
    const core = await openCore(disk.dir);
    expect(((await call(core, 'sessions:list')) as { value: Array<{ id: string }> }).value.map((s) => s.id)).toEqual([id]);
    expect(await call(core, 'sessions:get', { sessionId: id })).toMatchObject({ ok: true, value: { messageCount: 3 } });
    expect(await call(core, 'app:status')).toEqual({ ok: true, value: { problems: ['diskFull'], notices: [] } });
    // A settings save names the cause instead of answering `internal`, and leaves no temp file to make it worse.
    expect(await call(core, 'settings:update', { theme: 'dark' })).toEqual({
      ok: false,
      error: { code: 'storage', message: EN.storage('disk_full') },
    });
    expect((await fs.readdir(disk.dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('a read-only data folder with a stale index: the app starts, shows the session, and says nothing can be saved', async () => {
    const id = await seedSession(disk.dir);
    disk.readOnly();
    const core = await openCore(disk.dir);
    expect(((await call(core, 'sessions:list')) as { value: Array<{ id: string }> }).value.map((s) => s.id)).toEqual([id]);
    expect(await call(core, 'sessions:get', { sessionId: id })).toMatchObject({ ok: true, value: { messageCount: 3 } });
    expect(await call(core, 'app:status')).toEqual({ ok: true, value: { problems: ['readOnly'], notices: [] } });
    expect(await call(core, 'settings:update', { theme: 'dark' })).toEqual({
      ok: false,
      error: { code: 'storage', message: EN.storage('read_only') },
    });
  });
});
