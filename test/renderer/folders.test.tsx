// Folders in the sidebar: a new folder by name, rename in place, delete (its chats go back to the list, none is
// deleted), collapse kept by main, a chat row dropped on a folder; the move menu by keyboard (arrows, Enter, Escape
// giving focus back to the chat's row); and the folder list's race with a folder made while it loads.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatFolder } from '../../src/shared/folders';
import { SESSION_DRAG_TYPE } from '../../src/renderer/src/components/folders/dragTypes';
import { createFakeApi, type FakeApi } from './fake-api';
import { renderApp, settle, startStore, state } from './harness';

const folder = (id: string, name: string, collapsed = false): ChatFolder => ({ id, name, createdAt: 1, collapsed });
const folderOf = (id: string) => document.querySelector<HTMLElement>(`[data-testid="folder"][data-folder-id="${id}"]`)!;
const chatsIn = (id: string) =>
  within(folderOf(id))
    .queryAllByTestId('session-item')
    .map((row) => row.dataset.sessionId);

function withChats(): FakeApi {
  const fake = createFakeApi();
  fake.addSession({ id: 'a', name: 'Alpha', folderId: 'f-work' });
  fake.addSession({ id: 'b', name: 'Bravo' });
  fake.folders = [folder('f-work', 'Work'), folder('f-home', 'Home')];
  return fake;
}

describe('folder tree', () => {
  it('New folder: typed name and Enter create it; Escape creates nothing', async () => {
    const { fake, user } = await renderApp(withChats());
    await user.click(screen.getByTestId('folder-new'));
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('folder-name-input')).toBeNull();
    await user.click(screen.getByTestId('folder-new'));
    await user.type(screen.getByTestId('folder-name-input'), 'Trips{Enter}');
    await settle();
    expect(fake.callsOf('createFolder')).toEqual([{ name: 'Trips' }]);
    expect(screen.getAllByTestId('folder').map((f) => f.getAttribute('aria-label'))).toEqual(['Work', 'Home', 'Trips']);
  });

  it('rename in place sends the new name; the same name sends nothing', async () => {
    const { fake, user } = await renderApp(withChats());
    await user.click(within(folderOf('f-home')).getByTestId('folder-rename'));
    const input = screen.getByTestId('folder-name-input') as HTMLInputElement;
    expect(input.value).toBe('Home');
    await user.keyboard('{Enter}');
    await user.click(within(folderOf('f-home')).getByTestId('folder-rename'));
    await user.clear(screen.getByTestId('folder-name-input'));
    await user.type(screen.getByTestId('folder-name-input'), 'House{Enter}');
    await settle();
    expect(fake.callsOf('renameFolder')).toEqual([{ folderId: 'f-home', name: 'House' }]);
    expect(folderOf('f-home').getAttribute('aria-label')).toBe('House');
  });

  it('delete takes the folder away and its chat back to the list; no chat is deleted', async () => {
    const { fake, user } = await renderApp(withChats());
    expect(chatsIn('f-work')).toEqual(['a']);
    await user.click(within(folderOf('f-work')).getByTestId('folder-delete'));
    await settle();
    expect(fake.callsOf('deleteFolder')).toEqual([{ folderId: 'f-work' }]);
    expect(fake.callsOf('deleteSession')).toEqual([]);
    expect(folderOf('f-work')).toBeNull();
    expect(
      state()
        .sessions.map((s) => [s.id, s.folderId])
        .sort(),
    ).toEqual([
      ['a', undefined],
      ['b', undefined],
    ]);
    expect(
      within(screen.getByTestId('session-list'))
        .getAllByTestId('session-item')
        .map((r) => r.dataset.sessionId)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('collapse hides the chats at once and asks main to keep it; open again shows them', async () => {
    const { fake, user } = await renderApp(withChats());
    const toggle = within(folderOf('f-work')).getByRole('button', { name: 'Show or hide the chats of “Work”' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    await settle();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(chatsIn('f-work')).toEqual([]);
    await user.click(toggle);
    await settle();
    expect(chatsIn('f-work')).toEqual(['a']);
    expect(fake.callsOf('setFolderCollapsed')).toEqual([
      { folderId: 'f-work', collapsed: true },
      { folderId: 'f-work', collapsed: false },
    ]);
    expect(fake.folders.find((f) => f.id === 'f-work')?.collapsed).toBe(false);
  });

  it('a chat row dropped on a folder moves there; a drag of something else is not taken', async () => {
    const { fake } = await renderApp(withChats());
    const target = folderOf('f-home');
    const files = { types: ['Files'], getData: () => '', dropEffect: 'none' };
    fireEvent.dragOver(target, { dataTransfer: files });
    expect(target.className).not.toContain('drop-over');
    const chat = { types: [SESSION_DRAG_TYPE], getData: (type: string) => (type === SESSION_DRAG_TYPE ? 'b' : ''), dropEffect: 'none' };
    fireEvent.dragOver(target, { dataTransfer: chat });
    expect(target.className).toContain('drop-over');
    fireEvent.drop(target, { dataTransfer: chat });
    await settle();
    expect(fake.callsOf('moveSessionToFolder')).toEqual([{ sessionId: 'b', folderId: 'f-home' }]);
    expect(chatsIn('f-home')).toEqual(['b']);
    expect(target.className).not.toContain('drop-over');
  });
});

describe('move menu', () => {
  it('opens on the current folder; arrows move, Enter moves the chat, Escape closes and gives focus back', async () => {
    const { fake, user } = await renderApp(withChats());
    const row = () => document.querySelector<HTMLElement>('[data-testid="session-list"] [data-session-id="b"]')!;
    const moveButton = () => within(row()).getByTestId('session-move');
    await user.click(moveButton());
    const options = () => screen.getAllByTestId('folder-option');
    expect(options().map((o) => [o.textContent, o.getAttribute('aria-checked')])).toEqual([
      ['No folder', 'true'],
      ['Work', 'false'],
      ['Home', 'false'],
    ]);
    expect(document.activeElement).toBe(options()[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(options()[2]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(options()[1]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(moveButton());
    expect(fake.callsOf('moveSessionToFolder')).toEqual([]);

    await user.click(moveButton());
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await settle();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(fake.callsOf('moveSessionToFolder')).toEqual([{ sessionId: 'b', folderId: 'f-home' }]);
    expect(chatsIn('f-home')).toEqual(['b']);
  });

  it('choosing the folder the chat is in sends nothing; No folder takes it out', async () => {
    const { fake, user } = await renderApp(withChats());
    const moveButton = () =>
      within(document.querySelector<HTMLElement>('[data-testid="folder"] [data-session-id="a"]')!).getByTestId('session-move');
    await user.click(moveButton());
    expect(document.activeElement?.textContent).toBe('Work');
    await user.keyboard('{Enter}');
    await settle();
    expect(fake.callsOf('moveSessionToFolder')).toEqual([]);
    await user.click(moveButton());
    await user.click(screen.getByRole('menuitemradio', { name: 'No folder' }));
    await settle();
    expect(fake.callsOf('moveSessionToFolder')).toEqual([{ sessionId: 'a', folderId: null }]);
    expect(chatsIn('f-work')).toEqual([]);
  });
});

describe('folders in the store', () => {
  it('a folder made while the list is loading is listed once, whichever answer comes first', async () => {
    const fake = createFakeApi();
    await startStore(fake);
    for (const listFirst of [true, false]) {
      fake.folders = [];
      const restore = deferFolderAnswers();
      const created = state().createFolder('Made while loading');
      const loaded = state().loadFolders();
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Main made the folder before it answered the list, so the list holds it too.
      if (listFirst) {
        release.list();
        await loaded;
        release.create();
      } else {
        release.create();
        await created;
        release.list();
      }
      await Promise.all([created, loaded]);
      restore();
      expect(state().folders?.map((f) => f.name)).toEqual(['Made while loading']);
    }
  });

  it('a sync pass that took folder changes from another computer reads the list again; one that took none does not', async () => {
    const fake = withChats();
    await startStore(fake);
    await state().loadFolders();
    const report = {
      at: '2026-12-03T10:00:00.000Z',
      receivedChats: 0,
      receivedMessages: 0,
      deletedChats: 0,
      sentBytes: 0,
      readBytes: 0,
      skipped: [],
    };
    const lists = () => fake.callsOf('listFolders').length;
    const before = lists();
    fake.emit('', { type: 'sync_status', status: { state: 'syncing', progress: { done: 0, total: 1 } } });
    fake.emit('', { type: 'sync_status', status: { state: 'idle', lastPass: report } });
    await settle();
    expect(lists()).toBe(before);

    fake.folders = [folder('f-work', 'Work (renamed there)'), folder('f-home', 'Home'), folder('f-new', 'Made there')];
    fake.emit('', { type: 'sync_status', status: { state: 'idle', lastPass: { ...report, receivedFolders: 2 } } });
    await settle();
    expect(lists()).toBe(before + 1);
    expect(state().folders?.map((f) => f.name)).toEqual(['Work (renamed there)', 'Home', 'Made there']);
  });
});

/** Holds back the answers of createFolder and listFolders until `release` lets each go; returns the undo. */
const release = { list: () => {}, create: () => {} };
function deferFolderAnswers(): () => void {
  const api = window.api;
  const realCreate = api.createFolder;
  const realList = api.listFolders;
  // The folder is made at once (as main makes it); only its answer waits.
  api.createFolder = async (request) => {
    const answer = await realCreate(request);
    await new Promise<void>((resolve) => (release.create = resolve));
    return answer;
  };
  // The list is read once it is let go: by then it holds the folder just made.
  api.listFolders = async () => {
    await new Promise<void>((resolve) => (release.list = resolve));
    return realList();
  };
  return () => {
    api.createFolder = realCreate;
    api.listFolders = realList;
  };
}
