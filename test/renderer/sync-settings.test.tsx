// The Sync section and the status line: each state in words (off, idle with what came in and what was skipped,
// syncing with "120 / 1,000 chats", paused, error), the pause switch, the sidebar's compact line, and secrets that go
// to main once and are never shown again (a saved password reads only "saved").
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SyncPassReport, SyncStatus } from '../../src/shared/sync';
import { LocaleContext } from '../../src/renderer/src/i18n';
import { SyncSettings } from '../../src/renderer/src/sync/SyncSettings';
import { createFakeApi, type FakeApi } from './fake-api';
import { renderApp, settle, startStore } from './harness';

const MINUTE = 60_000;
const pass = (fields: Partial<SyncPassReport> = {}): SyncPassReport => ({
  at: new Date(Date.now() - 3 * MINUTE - 5_000).toISOString(),
  receivedChats: 12,
  receivedMessages: 40,
  deletedChats: 0,
  sentBytes: 2048,
  readBytes: 4096,
  skipped: [],
  ...fields,
});
const status = () => screen.getByTestId('sync-status');
const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
/** main's `sync_status` event, on the envelope of events about no session. */
const push = (fake: FakeApi, next: SyncStatus) =>
  act(() => {
    fake.emit('', { type: 'sync_status', status: next }, { runId: '', seq: 0 });
  });

let fake: FakeApi;
beforeEach(async () => {
  fake = createFakeApi();
});

/** A folder target, sync on, as after the person set it up. */
function syncingToFolder(status: SyncStatus): void {
  fake.sync = {
    settings: { enabled: true, paused: false, target: { kind: 'folder', path: '/home/me/Sync' }, encrypted: false, intervalMinutes: 5 },
    status,
  };
}

describe('the sync status in Settings', () => {
  it('off: nothing chosen, so nothing can be switched on or run; a chosen folder turns it on, the switch off again', async () => {
    await startStore(fake);
    render(<SyncSettings locale="en" />);
    await settle();
    expect(status().dataset.state).toBe('off');
    expect(status().textContent).toBe('Sync is off');
    expect(input('sync-enabled').disabled).toBe(true);
    expect(input('sync-pause').disabled).toBe(true);
    expect(button('sync-now').disabled).toBe(true);
    expect(screen.getByTestId('sync-folder').textContent).toBe('No folder chosen yet');

    fake.syncFolderChoice = '/home/me/Sync';
    fireEvent.click(screen.getByTestId('sync-choose-folder'));
    await settle();
    expect(screen.getByTestId('sync-folder').textContent).toBe('/home/me/Sync');
    expect(input('sync-enabled').checked).toBe(true);
    expect(status().dataset.state).toBe('idle');
    expect(status().textContent).toBe('Synced · not synced yet');
    expect(button('sync-now').disabled).toBe(false);
    fireEvent.click(screen.getByTestId('sync-enabled'));
    await settle();
    expect(fake.callsOf('updateSyncSettings')).toEqual([{ enabled: false }]);
    expect(status().dataset.state).toBe('off');
  });

  it('idle: when the last sync ran, how many chats came in, and each skipped file with its reason', async () => {
    syncingToFolder({
      state: 'idle',
      lastPass: pass({
        skipped: [
          { path: 'devices/laptop/2026-12-02.jsonl', reason: 'torn' },
          { path: 'devices/desk/0001.tasync', reason: 'wrong-passphrase' },
        ],
      }),
    });
    await startStore(fake);
    render(<SyncSettings locale="en" />);
    await settle();
    expect(status().dataset.state).toBe('idle');
    expect(status().querySelector('.sync-status-line')?.textContent).toBe(
      'Synced · last sync 3 min ago · 12 chats came in · 2 files skipped',
    );
    const skipped = within(screen.getByTestId('sync-skipped'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(skipped).toEqual([
      'devices/laptop/2026-12-02.jsonl — still being written or cut off; read again next time',
      'devices/desk/0001.tasync — encrypted with another passphrase',
    ]);
  });

  it('syncing: the first sync of 1,000 chats shows how far it has got, then what came in', async () => {
    syncingToFolder({ state: 'idle' });
    await startStore(fake);
    render(<SyncSettings locale="en" />);
    await settle();
    const answer = fake.holdNext('syncNow');
    fireEvent.click(screen.getByTestId('sync-now'));
    expect(button('sync-now').disabled).toBe(true);
    expect(button('sync-now').textContent).toBe('Working…');
    push(fake, { state: 'syncing', progress: { done: 0, total: 0 } });
    expect(status().textContent).toBe('Syncing…');
    push(fake, { state: 'syncing', progress: { done: 120, total: 1000 } });
    expect(status().dataset.state).toBe('syncing');
    expect(status().textContent).toBe('Syncing… · 120 / 1,000 chats');
    const bar = screen.getByTestId('sync-progress') as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([120, 1000]);
    push(fake, { state: 'syncing', progress: { done: 1000, total: 1000 } });
    expect(status().textContent).toBe('Syncing… · 1,000 / 1,000 chats');
    push(fake, { state: 'idle', lastPass: pass({ at: new Date().toISOString(), receivedChats: 1000, receivedMessages: 9000 }) });
    await act(answer);
    await settle();
    expect(button('sync-now').disabled).toBe(false);
    expect(status().textContent).toBe('Synced · last sync just now · 1,000 chats came in');
    expect(screen.queryByTestId('sync-progress')).toBeNull();
    expect(fake.callsOf('syncNow')).toHaveLength(1);
  });

  it('the pause switch: paused stops Sync now and says so; resumed, it syncs again', async () => {
    syncingToFolder({ state: 'idle', lastPass: pass({ receivedChats: 1 }) });
    await startStore(fake);
    render(<SyncSettings locale="en" />);
    await settle();
    const pause = input('sync-pause');
    expect(pause.getAttribute('role')).toBe('switch');
    expect(pause.checked).toBe(false);
    fireEvent.click(pause);
    await settle();
    expect(fake.callsOf('updateSyncSettings')).toEqual([{ paused: true }]);
    expect(input('sync-pause').checked).toBe(true);
    expect(status().dataset.state).toBe('paused');
    expect(status().textContent).toBe('Sync paused · last sync 3 min ago · 1 chat came in');
    push(fake, { state: 'paused', lastPass: pass({ receivedChats: 0, receivedFolders: 1, waitingFiles: 3 }) });
    expect(status().textContent).toBe('Sync paused · last sync 3 min ago · 1 folder change · 3 files wait for the lines they follow');
    push(fake, { state: 'paused', lastPass: pass({ receivedChats: 0 }) });
    expect(status().textContent).toBe('Sync paused · last sync 3 min ago · nothing new');
    expect(button('sync-now').disabled).toBe(true);
    expect(screen.getByText('While paused nothing is sent or read; what is on this computer stays as it is.')).toBeTruthy();
    fireEvent.click(input('sync-pause'));
    await settle();
    expect(fake.callsOf('updateSyncSettings')).toEqual([{ paused: true }, { paused: false }]);
    expect(status().dataset.state).toBe('idle');
    expect(button('sync-now').disabled).toBe(false);
  });

  it('a pass that failed says what and why; the last good sync stays named', async () => {
    syncingToFolder({
      state: 'error',
      error: 'The sync folder /home/me/Sync cannot be written: the disk is full.',
      lastPass: pass({ at: new Date(Date.now() - 2 * 60 * MINUTE).toISOString() }),
    });
    await startStore(fake);
    render(<SyncSettings locale="en" />);
    await settle();
    expect(status().dataset.state).toBe('error');
    expect(status().textContent).toBe(
      'Sync failed · The sync folder /home/me/Sync cannot be written: the disk is full. · last sync 2 h ago',
    );
    expect(status().querySelector('.sync-error')?.textContent).toBe(
      ' · The sync folder /home/me/Sync cannot be written: the disk is full.',
    );
  });

  it('a refused change shows main’s words, and in Chinese the states read in Chinese', async () => {
    syncingToFolder({
      state: 'idle',
      lastPass: pass({ skipped: [{ path: 'devices/x/1.tasync', reason: 'newer-format' }], receivedFolders: 2, waitingFiles: 1 }),
    });
    await startStore(fake);
    render(
      <LocaleContext.Provider value="zh-CN">
        <SyncSettings locale="zh-CN" />
      </LocaleContext.Provider>,
    );
    await settle();
    expect(status().querySelector('.sync-status-line')?.textContent).toBe(
      '已同步 · 上次同步：3 分钟前 · 收到 12 个对话 · 文件夹变更 2 处 · 1 个文件在等待其前面的内容 · 跳过 1 个文件',
    );
    expect(screen.getByTestId('sync-skipped').textContent).toBe('devices/x/1.tasync — 由更新版本的 Tiny Agent 写入；请更新后再读');
    fake.failNext('updateSyncSettings', 'storage', '无法保存同步设置：磁盘已满。');
    fireEvent.click(input('sync-pause'));
    await settle();
    expect(screen.getByTestId('sync-result').textContent).toBe('失败：无法保存同步设置：磁盘已满。');
    expect(input('sync-pause').checked).toBe(false);
  });
});

describe('secrets in the Sync section', () => {
  it('a WebDAV password goes to main once; afterwards the field is empty and reads only “saved”', async () => {
    await startStore(fake);
    const view = render(<SyncSettings locale="en" />);
    await settle();
    fireEvent.click(screen.getAllByTestId('sync-target-kind').find((radio) => (radio as HTMLInputElement).value === 'webdav')!);
    fireEvent.change(input('sync-webdav-url'), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByTestId('sync-webdav-save'));
    await settle();
    expect(screen.getByText(/^Type an address starting with https:\/\//)).toBeTruthy();
    expect(fake.callsOf('updateSyncSettings')).toEqual([]);

    fireEvent.change(input('sync-webdav-url'), { target: { value: 'https://dav.example.com/ta/' } });
    fireEvent.change(input('sync-webdav-username'), { target: { value: 'me' } });
    fireEvent.change(input('sync-webdav-password'), { target: { value: 'hunter2-dav' } });
    fireEvent.click(screen.getByTestId('sync-webdav-save'));
    await settle();
    expect(fake.callsOf('updateSyncSettings')).toEqual([
      { webdav: { url: 'https://dav.example.com/ta/', username: 'me', password: 'hunter2-dav' } },
    ]);
    expect(fake.syncSecrets.password).toBe('hunter2-dav');
    expect(input('sync-webdav-password').value).toBe('');
    expect(input('sync-webdav-password').placeholder).toBe('saved');

    // Opened again later: the address and name come back, the password never does; saving without one keeps it.
    view.unmount();
    render(<SyncSettings locale="en" />);
    await settle();
    expect(input('sync-webdav-url').value).toBe('https://dav.example.com/ta/');
    expect(input('sync-webdav-password').value).toBe('');
    expect(input('sync-webdav-password').placeholder).toBe('saved');
    expect(document.body.innerHTML).not.toContain('hunter2-dav');
    fireEvent.click(screen.getByTestId('sync-webdav-save'));
    await settle();
    expect(fake.callsOf('updateSyncSettings')[1]).toEqual({ webdav: { url: 'https://dav.example.com/ta/', username: 'me' } });
    expect(fake.syncSecrets.password).toBe('hunter2-dav');
  });

  it('the passphrase: warned that it cannot be recovered, checked before it goes, never shown back; turned off on request', async () => {
    syncingToFolder({ state: 'idle' });
    await startStore(fake);
    render(<SyncSettings locale="en" />);
    await settle();
    expect(screen.getByTestId('sync-passphrase-warning').textContent).toBe(
      'If this passphrase is forgotten, the synced chats cannot be read again: it cannot be recovered or reset. ' +
        'Use the same passphrase on every computer.',
    );
    expect(screen.getByTestId('sync-encryption').textContent).toBe('Off: anyone who can open the sync location can read your chats.');
    fireEvent.change(input('sync-passphrase'), { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('sync-passphrase-save'));
    expect(screen.getByRole('alert').textContent).toBe('The passphrase needs at least 8 characters.');
    fireEvent.change(input('sync-passphrase'), { target: { value: 'correct horse battery' } });
    fireEvent.change(input('sync-passphrase-repeat'), { target: { value: 'correct horse batterY' } });
    fireEvent.click(screen.getByTestId('sync-passphrase-save'));
    expect(screen.getByRole('alert').textContent).toBe('The two passphrases differ.');
    expect(fake.callsOf('updateSyncSettings')).toEqual([]);

    fireEvent.change(input('sync-passphrase-repeat'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByTestId('sync-passphrase-save'));
    await settle();
    expect(fake.callsOf('updateSyncSettings')).toEqual([{ passphrase: 'correct horse battery' }]);
    expect([input('sync-passphrase').value, input('sync-passphrase-repeat').value]).toEqual(['', '']);
    expect(screen.getByTestId('sync-encryption').textContent).toBe('On: the sync location holds only encrypted files.');
    expect(button('sync-passphrase-save').textContent).toBe('Change passphrase');
    expect(document.body.innerHTML).not.toContain('correct horse');

    fireEvent.click(screen.getByTestId('sync-encryption-off'));
    await settle();
    expect(fake.callsOf('updateSyncSettings')[1]).toEqual({ passphrase: null });
    expect(screen.getByTestId('sync-encryption').dataset.encrypted).toBe('false');
    expect(fake.syncSecrets.passphrase).toBeUndefined();
  });
});

describe('the compact status in the sidebar', () => {
  it('shows nothing while sync is off', async () => {
    await renderApp(fake);
    expect(screen.queryByTestId('sync-status')).toBeNull();
  });

  it('once on it says the state as main reports it, and opens Settings, where the one status line then is', async () => {
    syncingToFolder({ state: 'syncing', progress: { done: 120, total: 1000 } });
    const { user } = await renderApp(fake);
    const compact = within(screen.getByRole('navigation')).getByTestId('sync-status');
    expect(compact.dataset.state).toBe('syncing');
    expect(compact.textContent).toBe('Syncing… · 120 / 1,000 chats');
    push(fake, { state: 'error', error: 'The WebDAV server answered 401: the username or password is wrong.' });
    expect(compact.textContent).toBe('Sync failed · The WebDAV server answered 401: the username or password is wrong. · not synced yet');
    push(fake, { state: 'idle', lastPass: pass({ receivedChats: 12 }) });
    expect(compact.textContent).toBe('Synced 3 min ago · 12 chats came in');
    await user.click(compact);
    await settle();
    expect(screen.getAllByTestId('sync-status')).toHaveLength(1);
    expect(within(screen.getByTestId('settings-sync')).getByTestId('sync-status').dataset.state).toBe('idle');
  });
});
