// Backups as a person uses them, through the router of a real core: folder chosen in main's dialog, back up now,
// restore with the core closed and a new one opened, a damaged backup refused, an interrupted restore finished at start.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore, AppCoreOptions } from '../../src/main/app-core.js';
import { recoverRestore } from '../../src/main/backup/backup-recover.js';
import type { BackupSummary, BackupView, RestoreAnswer } from '../../src/shared/sync.js';
import { seedSession, seededId } from '../fixtures/seed-sessions.js';
import { openTestCore } from '../fixtures/test-core.js';

let root = '';
let dataDir = '';
let dest = '';
let core: AppCore | undefined;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-backup-app-'));
  dataDir = path.join(root, 'data');
  dest = path.join(root, 'chosen');
  await fs.mkdir(dataDir);
});
afterEach(async () => {
  await core?.dispose();
  core = undefined;
  await fs.rm(root, { recursive: true, force: true });
});

/** A core whose folder dialog answers `dest` and whose `reopen` closes it and opens a new one, like index.ts. */
async function start(): Promise<void> {
  const options: Partial<AppCoreOptions> = {
    dialogs: { chooseSavePath: async () => undefined, chooseOpenPath: async () => undefined, chooseFolder: async () => dest },
    reopen: async (between) => {
      await core!.dispose();
      try {
        await between();
      } finally {
        core = await openTestCore(dataDir, options);
      }
    },
  };
  core = await openTestCore(dataDir, options);
}
async function ask<T>(
  channel: string,
  payload?: unknown,
): Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }> {
  return (await core!.router.handle(channel, payload)) as never;
}
async function listedIds(expected: number): Promise<string[]> {
  core!.afterFirstPaint();
  let ids: string[] = [];
  for (let attempt = 0; attempt < 600 && ids.length !== expected; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = await ask<Array<{ id: string }>>('sessions:list');
    ids = answer.ok ? answer.value.map((s) => s.id).sort() : [];
  }
  return ids;
}

describe('backups in the app', () => {
  it('no folder yet: nothing listed and backing up is refused in words; the dialog sets the folder and turns backups on', async () => {
    await start();
    expect(await ask<BackupView>('backup:list')).toEqual({
      ok: true,
      value: { settings: { enabled: false, folder: null, keep: 7 }, backups: [] },
    });
    expect(await ask('backup:now')).toEqual({ ok: false, error: { code: 'invalid_input', message: 'Choose a folder for backups first.' } });
    expect(await ask<BackupView>('backup:chooseFolder')).toMatchObject({
      ok: true,
      value: { settings: { enabled: true, folder: dest, keep: 7 } },
    });
    expect(await ask('backup:settings', { keep: 0 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await ask('backup:settings', { keep: 3, folder: '/tmp' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await ask<BackupView>('backup:settings', { keep: 2 })).toMatchObject({ ok: true, value: { settings: { keep: 2 } } });
    const stored = JSON.parse(await fs.readFile(path.join(dataDir, 'settings.json'), 'utf8')) as { backup: unknown };
    expect(stored.backup).toEqual({ enabled: true, folder: dest, keep: 2 });
  });

  it('a hand-edited backup block that is wrong is set aside; the rest of the settings stay', async () => {
    await fs.writeFile(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({
        version: 2,
        providers: [],
        defaultModel: null,
        presets: null,
        systemPrompt: null,
        language: 'en',
        theme: 'dark',
        backup: { enabled: true, folder: 'relative/dir', keep: 7 },
      }),
    );
    await start();
    expect(await ask<BackupView>('backup:list')).toMatchObject({ ok: true, value: { settings: { enabled: false, folder: null } } });
    expect(await ask('settings:get')).toMatchObject({ ok: true, value: { theme: 'dark' } });
  });

  it('a daily backup after the first paint; back up, change the history, restore: the chats are as they were, the replaced state was backed up first', async () => {
    for (let i = 1; i <= 2; i++) seedSession(dataDir, { index: i, turns: 2 });
    await start();
    await ask('backup:chooseFolder');
    expect(await listedIds(2)).toEqual([seededId(1), seededId(2)]);
    const made = await ask<BackupSummary>('backup:now');
    expect(made).toMatchObject({ ok: true, value: { reason: 'manual' } });
    const name = made.ok ? made.value.name : '';
    expect(await ask('sessions:delete', { sessionId: seededId(1) })).toMatchObject({ ok: true });
    expect(await listedIds(1)).toEqual([seededId(2)]);

    const restored = await ask<RestoreAnswer>('backup:restore', { name });
    expect(restored).toMatchObject({ ok: true, value: { restored: name } });
    expect(await listedIds(2)).toEqual([seededId(1), seededId(2)]);
    const view = await ask<BackupView>('backup:list');
    // The daily one was made after the first paint (the folder was chosen before it), then the manual one, then the safety one.
    expect(view.ok && view.value.backups.map((b) => b.reason).sort()).toEqual(['before-restore', 'daily', 'manual']);
  });

  it('a damaged backup is refused before anything changes, in words naming the file', async () => {
    seedSession(dataDir, { index: 1, turns: 2 });
    await start();
    await ask('backup:chooseFolder');
    const made = await ask<BackupSummary>('backup:now');
    const name = made.ok ? made.value.name : '';
    await fs.appendFile(path.join(dest, name, 'files', 'sessions', `${seededId(1)}.jsonl`), 'x');
    const before = core;
    expect(await ask('backup:restore', { name })).toEqual({
      ok: false,
      error: {
        code: 'storage',
        message: `This backup is damaged: sessions/${seededId(1)}.jsonl was changed after it was written; nothing was changed.`,
      },
    });
    expect(core).toBe(before);
    expect(await ask('backup:restore', { name: '../elsewhere' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const view = await ask<BackupView>('backup:list');
    expect(view.ok && view.value.backups.length).toBe(1);
  });

  it('a restore that died after its copy was complete is finished at the next start; one that died while copying is undone', async () => {
    seedSession(dataDir, { index: 1, turns: 2 });
    const live = await fs.readFile(path.join(dataDir, 'sessions', `${seededId(1)}.jsonl`), 'utf8');
    // Died halfway through the renames: sessions moved aside, the staged copy not yet in place.
    await fs.mkdir(path.join(dataDir, '.restore-aa11', 'sessions'), { recursive: true });
    await fs.writeFile(path.join(dataDir, '.restore-aa11', 'sessions', 'restored.jsonl'), 'restored\n');
    await fs.mkdir(path.join(dataDir, '.restore-old-aa11'));
    await fs.rename(path.join(dataDir, 'sessions'), path.join(dataDir, '.restore-old-aa11', 'sessions'));
    // Died while copying: the live files were never touched.
    await fs.mkdir(path.join(dataDir, '.restore-bb22', 'sessions'), { recursive: true });
    expect(await recoverRestore(dataDir)).toEqual([
      { tag: 'aa11', done: 'finished' },
      { tag: 'bb22', done: 'undone' },
    ]);
    expect(await fs.readdir(path.join(dataDir, 'sessions'))).toEqual(['restored.jsonl']);
    expect((await fs.readdir(dataDir)).filter((n) => n.startsWith('.restore'))).toEqual([]);
    expect(live.length).toBeGreaterThan(0);
  });
});
