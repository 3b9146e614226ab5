// Sync as the window sees it: the first pass after the first paint, a pass a few seconds after a saved answer,
// sync_status events with progress, and a WebDAV password that is sealed on disk and never sent back.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SyncStatus, SyncView } from '../../src/shared/sync.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { seedSession } from '../fixtures/seed-sessions.js';
import { openSyncCore, type SyncCore } from '../fixtures/sync-cores.js';

let server: FakeOpenAIServer;
let root = '';
let shared = '';
const open: SyncCore[] = [];

beforeAll(async () => {
  server = await startFakeOpenAI();
  server.setDefaultReply({ text: 'Noted.' });
});
afterAll(() => server.close());
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-sync-schedule-'));
  shared = path.join(root, 'shared');
  await fs.mkdir(shared);
});
afterEach(async () => {
  while (open.length) await open.pop()!.close();
  await fs.rm(root, { recursive: true, force: true });
});

const statuses = (core: SyncCore): SyncStatus[] => core.events.flatMap((e) => (e.event.type === 'sync_status' ? [e.event.status] : []));

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('sync schedule and status', () => {
  it('runs its first pass after the first paint with progress, and another a few seconds after a saved answer', async () => {
    for (let i = 1; i <= 30; i++) seedSession(path.join(root, 'a'), { index: i, turns: 2 });
    const a = await openSyncCore('a', path.join(root, 'a'), shared, server);
    open.push(a);
    // Choosing the folder said 'idle' with no pass yet; nothing runs before the window painted.
    expect(statuses(a)).toEqual([{ state: 'idle' }]);
    await a.call('app:painted');
    await until(() => statuses(a).some((s) => s.state === 'idle' && s.lastPass !== undefined));
    const seen = statuses(a).slice(1);
    expect(seen[0]).toMatchObject({ state: 'syncing', progress: { done: 0, total: 0 } });
    expect(seen.some((s) => s.state === 'syncing' && s.progress?.total === 30)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ state: 'idle', lastPass: { skipped: [] } });
    expect(seen.at(-1)!.progress).toBeUndefined();
    expect(seen.at(-1)!.lastPass!.sentBytes).toBeGreaterThan(0);

    const before = statuses(a).length;
    await a.ask('One more thing', (await a.list())[0]!.id);
    await until(() =>
      statuses(a)
        .slice(before)
        .some((s) => s.state === 'idle'),
    );
    const after = statuses(a).slice(before).at(-1)!;
    expect(after.lastPass!.sentBytes).toBeGreaterThan(0);
    expect(after.lastPass!.sentBytes).toBeLessThan(2_000);
  });

  it('a WebDAV password is sealed in sync.json and never comes back; a server that is down says so', async () => {
    const a = await openSyncCore('a', path.join(root, 'a'), shared, server);
    open.push(a);
    const view = await a.call<SyncView>('sync:settings', {
      // Port 1 on this computer: nothing listens there.
      webdav: { url: 'http://127.0.0.1:1/sync', username: 'me', password: 'hunter2-secret' },
    });
    expect(view.settings.target).toEqual({ kind: 'webdav', url: 'http://127.0.0.1:1/sync', username: 'me', hasPassword: true });
    expect(JSON.stringify(view)).not.toContain('hunter2-secret');
    expect(await fs.readFile(path.join(a.dataDir, 'sync.json'), 'utf8')).not.toContain('hunter2');
    const failed = await a.sync();
    expect(failed.status.state).toBe('error');
    expect(failed.status.error).toMatch(/^The sync location cannot be reached \(.+\); nothing was changed, the next pass tries again\.$/);

    // Another origin does not keep the password; a restart reads the sealed one back.
    open.splice(open.indexOf(a), 1);
    const again = await a.reopen();
    open.push(again);
    expect((await again.call<SyncView>('sync:get')).settings.target).toMatchObject({ hasPassword: true });
    const moved = await again.call<SyncView>('sync:settings', { webdav: { url: 'https://other.example/', username: 'me' } });
    expect(moved.settings.target).toMatchObject({ hasPassword: false });
    const cleared = await again.call<SyncView>('sync:settings', { clearTarget: true });
    expect(cleared).toMatchObject({ settings: { target: null }, status: { state: 'off' } });
    await expect(again.sync()).rejects.toThrow('Choose a sync folder or a WebDAV server first.');
  });
});
