// A backup before a format migration: an old (version-1) chat changed in a way only the current format can hold is
// migrated after a checked backup of the data folder as it was; once per run; with no backup folder chosen the
// migration still runs. And once an update is downloaded, a backup before it can be installed.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/main/app-core.js';
import { listBackups, readManifest } from '../../src/main/backup/index.js';
import { createUpdateController, type UpdaterPort } from '../../src/main/updates/updater.js';
import { seedSession } from '../fixtures/seed-sessions.js';
import { openTestCore } from '../fixtures/test-core.js';

let root = '';
let dataDir = '';
let dest = '';
let core: AppCore | undefined;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-backup-migration-'));
  dataDir = path.join(root, 'data');
  dest = path.join(root, 'backups');
  await fs.mkdir(dataDir);
});
afterEach(async () => {
  await core?.dispose();
  core = undefined;
  await fs.rm(root, { recursive: true, force: true });
});

/** A core whose folder dialog answers `dest`, once it has found the chats written to its folder before it started. */
async function start(chats: number): Promise<AppCore> {
  core = await openTestCore(dataDir, {
    dialogs: { chooseSavePath: async () => undefined, chooseOpenPath: async () => undefined, chooseFolder: async () => dest },
  });
  core.afterFirstPaint();
  for (let attempt = 0; attempt < 600; attempt++) {
    const listed = (await core.router.handle('sessions:list', undefined)) as { ok: boolean; value?: unknown[] };
    if (listed.value?.length === chats) return core;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the core did not list ${chats} chats`);
}
const ask = (channel: string, payload?: unknown) => core!.router.handle(channel, payload) as Promise<{ ok: boolean }>;
const sessionFile = (id: string) => path.join(dataDir, 'sessions', `${id}.jsonl`);
const headerOf = async (file: string) => JSON.parse((await fs.readFile(file, 'utf8')).split('\n')[0]!) as { version: number };

describe('a backup before a format migration', () => {
  it('pinning a version-1 chat backs the data folder up first (checked, holding the old bytes), then migrates it; once per run', async () => {
    const old = seedSession(dataDir, { index: 1, turns: 2, name: 'Old chat' });
    const older = seedSession(dataDir, { index: 2, turns: 2, name: 'Older chat' });
    const oldBytes = await fs.readFile(sessionFile(old));
    await start(2);
    expect(await ask('backup:chooseFolder')).toMatchObject({ ok: true });
    expect(await listBackups(dest)).toEqual([]);

    expect(await ask('sessions:pin', { sessionId: old, pinned: true })).toMatchObject({ ok: true });
    const made = await listBackups(dest);
    expect(made.map((b) => [b.reason, b.files])).toEqual([['before-migration', 3]]);
    const check = await readManifest(path.join(dest, made[0]!.name), { verify: true });
    expect(check.ok && check.manifest.files.map((f) => f.path)).toEqual([
      `sessions/${old}.jsonl`,
      `sessions/${older}.jsonl`,
      'settings.json',
    ]);
    // The backup holds the chat as it was before the migration; the data folder has it in the current format.
    expect(await fs.readFile(path.join(dest, made[0]!.name, 'files', 'sessions', `${old}.jsonl`))).toEqual(oldBytes);
    expect((await headerOf(sessionFile(old))).version).toBe(2);

    // A second migration in the same run needs no second backup.
    expect(await ask('sessions:pin', { sessionId: older, pinned: true })).toMatchObject({ ok: true });
    expect((await headerOf(sessionFile(older))).version).toBe(2);
    expect((await listBackups(dest)).map((b) => b.reason)).toEqual(['before-migration']);
  });

  it('with no backup folder chosen the migration still runs (its own .v1.bak copy kept), and no backup is written anywhere', async () => {
    const old = seedSession(dataDir, { index: 1, turns: 2, name: 'Old chat' });
    const oldBytes = await fs.readFile(sessionFile(old));
    await start(1);
    expect(await ask('sessions:pin', { sessionId: old, pinned: true })).toMatchObject({ ok: true });
    expect((await headerOf(sessionFile(old))).version).toBe(2);
    expect(await fs.readFile(`${sessionFile(old)}.v1.bak`)).toEqual(oldBytes);
    expect(await fs.readdir(root)).toEqual(['data']);
  });

  it('a backup folder that cannot be written does not stop the migration', async () => {
    const old = seedSession(dataDir, { index: 1, turns: 2, name: 'Old chat' });
    await start(1);
    expect(await ask('backup:chooseFolder')).toMatchObject({ ok: true });
    await fs.writeFile(dest, 'a file where the backup folder should be');
    expect(await ask('sessions:pin', { sessionId: old, pinned: true })).toMatchObject({ ok: true });
    expect((await headerOf(sessionFile(old))).version).toBe(2);
    expect(await fs.readFile(dest, 'utf8')).toBe('a file where the backup folder should be');
  });
});

describe('a backup before an update is installed', () => {
  /** An updater that finds and downloads 0.2.0 at once, and records installs. */
  function downloadingUpdater(installs: string[]): UpdaterPort {
    const listeners = new Map<string, (info: never) => void>();
    return {
      autoDownload: false,
      autoInstallOnAppQuit: false,
      allowPrerelease: false,
      allowDowngrade: false,
      channel: null,
      on(event: string, listener: (info: never) => void) {
        listeners.set(event, listener);
        return this;
      },
      async checkForUpdates() {
        listeners.get('update-available')?.({ version: '0.2.0' } as never);
        listeners.get('update-downloaded')?.({ version: '0.2.0' } as never);
        return null;
      },
      quitAndInstall: () => void installs.push('installed'),
    } as UpdaterPort;
  }

  it('once 0.2.0 is downloaded a checked backup is made; "Restart to update" installs only after it', async () => {
    seedSession(dataDir, { index: 1, turns: 2 });
    await start(1);
    expect(await ask('backup:chooseFolder')).toMatchObject({ ok: true });
    const installs: string[] = [];
    const order: string[] = [];
    const controller = createUpdateController({
      createUpdater: () => downloadingUpdater(installs),
      prefs: { enabled: true, channel: 'stable' },
      now: () => 1_000_000,
      setTimer: () => ({ cancel: () => undefined }),
      onState: () => undefined,
      describeError: (error) => error.message,
      beforeInstall: async () => {
        const made = await core!.backups!.beforeUpdate();
        order.push(`backup ${made?.reason}`);
      },
    });
    await controller.checkNow();
    expect(controller.state().status).toMatchObject({ kind: 'ready', version: '0.2.0' });
    expect(await controller.restartToUpdate()).toBe(true);
    order.push(...installs);
    expect(order).toEqual(['backup before-migration', 'installed']);
    const made = await listBackups(dest);
    expect(made.map((b) => b.reason)).toEqual(['before-migration']);
    expect((await readManifest(path.join(dest, made[0]!.name), { verify: true })).ok).toBe(true);
    controller.dispose();
  });
});
