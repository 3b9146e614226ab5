// The sidebar: rows, opening, virtualization, filter, inline rename, delete with confirmation, background
// indicator, locks, collapse.
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeApi } from './fake-api';
import { emit, renderApp, settle, state } from './harness';

function withSessions(...names: string[]): FakeApi {
  const fake = createFakeApi();
  names.forEach((name, i) => fake.addSession({ id: `s${i + 1}`, name }));
  return fake;
}

/** happy-dom's own window API, to make the viewport narrow. */
const viewport = (width: number) =>
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({
    width,
    height: 800,
  });

const item = (id: string) => screen.getAllByTestId('session-item').find((el) => el.dataset.sessionId === id)!;

describe('session list', () => {
  it('lists sessions newest first and marks the open one', async () => {
    const { user } = await renderApp(withSessions('Older', 'Newer'));
    const nav = screen.getByRole('navigation', { name: 'Chats' });
    expect(
      within(nav)
        .getAllByTestId('session-item')
        .map((el) => el.textContent),
    ).toEqual(['Newer', 'Older']);

    await user.click(within(item('s1')).getByText('Older'));
    await settle();
    expect(item('s1').getAttribute('aria-current')).toBe('true');
    expect(item('s2').hasAttribute('aria-current')).toBe(false);
    expect(screen.getByTestId('session-title').textContent).toBe('Older');
  });

  it('heads its rows with sections: pinned first, then today, yesterday, the previous 7 and 30 days, then months', async () => {
    const fake = createFakeApi();
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const midnight = new Date(now).setHours(0, 0, 0, 0);
    const at = (name: string, updatedAt: number, pinned = false) => fake.addSession({ id: name, name, updatedAt, pinned });
    at('Older month', new Date(2024, 2, 10).getTime());
    at('Last month', midnight - 20 * day);
    at('This week', midnight - 3 * day);
    at('Yesterday', midnight - day / 2);
    at('Today', now);
    at('Kept', new Date(2023, 0, 5).getTime(), true);
    await renderApp(fake);
    const nav = screen.getByRole('navigation', { name: 'Chats' });
    const rows = within(nav)
      .getAllByRole('row')
      .map((el) => (el.dataset.testid === 'session-group' ? `# ${el.textContent}` : el.textContent));
    expect(rows).toEqual([
      '# Pinned',
      'Kept',
      '# Today',
      'Today',
      '# Yesterday',
      'Yesterday',
      '# Previous 7 days',
      'This week',
      '# Previous 30 days',
      'Last month',
      '# March 2024',
      'Older month',
    ]);
  });

  it('pins a session to the top and unpins it back into its section', async () => {
    const { user, fake } = await renderApp(withSessions('Older', 'Newer'));
    await user.click(within(item('s1')).getByRole('button', { name: 'Pin “Older”' }));
    await settle();
    expect(screen.getAllByTestId('session-item').map((el) => el.textContent)).toEqual(['Older', 'Newer']);
    expect(screen.getAllByTestId('session-group').map((el) => el.dataset.group)).toEqual(['pinned', '1970-01']);
    expect(within(item('s1')).getByTestId('session-pin').getAttribute('aria-pressed')).toBe('true');
    expect(fake.callsOf('pinSession')).toEqual([{ sessionId: 's1', pinned: true }]);

    await user.click(within(item('s1')).getByRole('button', { name: 'Unpin “Older”' }));
    await settle();
    expect(screen.getAllByTestId('session-item').map((el) => el.textContent)).toEqual(['Newer', 'Older']);
    expect(screen.getAllByTestId('session-group').map((el) => el.dataset.group)).toEqual(['1970-01']);
  });

  it('renders only the rows in view of 10,000 sessions', async () => {
    const fake = createFakeApi();
    for (let i = 0; i < 10_000; i++) fake.addSession({ id: `s${i}`, name: `Chat ${i}` });
    await renderApp(fake);
    const rows = screen.getAllByTestId('session-item');
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]?.textContent).toBe('Chat 9999');
    // Only the rendered rows are in the DOM: the grid says how many there are, and each row where it sits.
    expect(screen.getByRole('grid', { name: 'Chats' }).getAttribute('aria-rowcount')).toBe('10001');
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2');
  });

  it('filters by title, case-insensitively', async () => {
    const { user } = await renderApp(withSessions('Rust lifetimes', 'Dinner ideas', 'rusty bike'));
    await user.type(screen.getByRole('searchbox', { name: 'Filter chats by title' }), 'RUST');
    expect(screen.getAllByTestId('session-item').map((el) => el.textContent)).toEqual(['rusty bike', 'Rust lifetimes']);
    await user.clear(screen.getByTestId('session-filter'));
    await user.type(screen.getByTestId('session-filter'), 'zzz');
    expect(screen.queryAllByTestId('session-item')).toEqual([]);
    expect(screen.getByText('No title contains “zzz”.')).toBeTruthy();
  });

  it('shows a streaming dot on a session answering in the background', async () => {
    const { fake } = await renderApp(withSessions('Quiet', 'Busy'));
    expect(screen.queryByTestId('session-streaming')).toBeNull();
    emit(fake, 's2', { type: 'run_start', userText: 'go' });
    expect(within(item('s2')).getByRole('img', { name: 'Answering in the background' })).toBeTruthy();
    emit(fake, 's2', { type: 'run_end', committed: true });
    expect(screen.queryByTestId('session-streaming')).toBeNull();
  });
});

describe('rename', () => {
  it('saves with Enter', async () => {
    const { fake, user } = await renderApp(withSessions('Old name'));
    await user.click(screen.getByRole('button', { name: 'Rename “Old name”' }));
    const input = screen.getByTestId('session-rename-input');
    expect(document.activeElement).toBe(input);
    await user.clear(input);
    await user.type(input, 'New name{Enter}');
    await settle();
    expect(fake.callsOf('renameSession')).toEqual([{ sessionId: 's1', name: 'New name' }]);
    expect(screen.queryByTestId('session-rename-input')).toBeNull();
    expect(item('s1').textContent).toBe('New name');
  });

  it('cancels with Escape', async () => {
    const { fake, user } = await renderApp(withSessions('Keep me'));
    await user.click(screen.getByTestId('session-rename'));
    await user.type(screen.getByTestId('session-rename-input'), ' changed{Escape}');
    expect(screen.queryByTestId('session-rename-input')).toBeNull();
    expect(fake.callsOf('renameSession')).toEqual([]);
    expect(item('s1').textContent).toBe('Keep me');
  });

  it('refuses an empty name and stays in the box', async () => {
    const { fake, user } = await renderApp(withSessions('Named'));
    await user.click(screen.getByTestId('session-rename'));
    const input = screen.getByTestId('session-rename-input');
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(screen.getByTestId('session-rename-input')).toBe(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('The name cannot be empty.');
    expect(fake.callsOf('renameSession')).toEqual([]);
  });
});

describe('delete', () => {
  it('asks first, and deletes on confirm', async () => {
    const { fake, user } = await renderApp(withSessions('Doomed', 'Stays'));
    await user.click(screen.getByRole('button', { name: 'Delete “Doomed”' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this chat?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(fake.callsOf('deleteSession')).toEqual([]);

    await user.click(within(dialog).getByTestId('confirm-delete'));
    await settle();
    expect(fake.callsOf('deleteSession')).toEqual([{ sessionId: 's1' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByTestId('session-item').map((el) => el.dataset.sessionId)).toEqual(['s2']);
  });

  it('keeps the session when cancelled or dismissed with Escape', async () => {
    const { fake, user } = await renderApp(withSessions('Safe'));
    await user.click(screen.getByTestId('session-delete'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByTestId('session-delete'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsOf('deleteSession')).toEqual([]);
  });

  it('warns that a streaming session will be stopped', async () => {
    const { fake, user } = await renderApp(withSessions('Running'));
    emit(fake, 's1', { type: 'run_start', userText: 'x' });
    await user.click(screen.getByTestId('session-delete'));
    expect(screen.getByText('The answer it is writing now will be stopped.')).toBeTruthy();
  });
});

describe('locks and layout', () => {
  it('locks sidebar and composer while a session opens', async () => {
    const { fake, user } = await renderApp(withSessions('One', 'Two'));
    const release = fake.holdNext('getSession');
    await user.click(within(item('s1')).getByText('One'));
    expect(state().isSessionLoading).toBe(true);
    expect((screen.getByTestId('new-session') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('composer-input') as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getAllByTestId('session-rename').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getByRole('navigation').getAttribute('aria-busy')).toBe('true');

    await act(release);
    await settle();
    expect((screen.getByTestId('new-session') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('composer-input') as HTMLTextAreaElement).disabled).toBe(false);
    expect(fake.callsOf('getSession')).toEqual([{ sessionId: 's1' }]);
  });

  it('collapses and restores the sidebar with the toggle', async () => {
    const { user } = await renderApp(withSessions('One'));
    const toggle = screen.getByTestId('sidebar-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(toggle.getAttribute('aria-label')).toBe('Show chats');
    await user.click(toggle);
    expect(screen.getByRole('navigation')).toBeTruthy();
  });

  it('is a drawer on narrow windows that closes once a session is picked', async () => {
    const innerWidth = window.innerWidth;
    viewport(500);
    try {
      const { user } = await renderApp(withSessions('One'));
      expect(screen.queryByRole('navigation')).toBeNull();
      await user.click(screen.getByTestId('sidebar-toggle'));
      expect(screen.getByRole('navigation').className).toContain('drawer');
      await user.click(within(item('s1')).getByText('One'));
      await settle();
      expect(screen.queryByRole('navigation')).toBeNull();
      expect(screen.getByTestId('session-title').textContent).toBe('One');
    } finally {
      viewport(innerWidth);
    }
  });
});
