// The sidebar's chat list by keyboard: an ARIA grid with a single Tab stop; arrows walk rows (over headings) and
// along a row to its actions; Enter opens; F2 renames and Delete deletes; focus lands somewhere sensible after each.
import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFakeApi, type FakeApi } from './fake-api';
import { renderApp, settle } from './harness';

/** Sessions named in order, the last one newest (so the list shows them reversed). */
function withSessions(...names: string[]): FakeApi {
  const fake = createFakeApi();
  names.forEach((name, i) => fake.addSession({ id: `s${i + 1}`, name }));
  return fake;
}

/** happy-dom does no layout: the session list scrolls over its sizer's height and fires `scroll` like a browser. */
beforeAll(() => {
  const isList = (el: Element) => (el as HTMLElement).dataset?.testid === 'session-list';
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? Number.parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '0') || 0 : 0;
    },
  });
  const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')!;
  Object.defineProperty(Element.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return scrollTop.get!.call(this) as number;
    },
    set(this: Element, value: number) {
      scrollTop.set!.call(this, value);
      if (isList(this)) requestAnimationFrame(() => this.dispatchEvent(new Event('scroll')));
    },
  });
});

const grid = () => screen.getByRole('grid', { name: 'Chats' });
const item = (id: string) => screen.getAllByTestId('session-item').find((el) => el.dataset.sessionId === id)!;
const title = (id: string) => within(item(id)).getByTitle(item(id).textContent ?? '');
const focusedLabel = () => {
  const el = document.activeElement as HTMLElement | null;
  return el?.getAttribute('aria-label') ?? el?.textContent ?? '';
};
const tabStops = () => [...grid().querySelectorAll<HTMLElement>('button, input')].filter((el) => el.tabIndex === 0);

describe('sidebar keyboard', () => {
  it('is one Tab stop: Tab enters the list on a chat title and the next Tab leaves it', async () => {
    const { user } = await renderApp(withSessions('Older', 'Middle', 'Newer'));
    expect(grid().getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(grid().getAttribute('aria-describedby')!)?.textContent).toContain('F2 renames');
    expect(tabStops()).toEqual([title('s3')]);
    await user.click(screen.getByTestId('session-filter'));
    await user.tab();
    expect(document.activeElement).toBe(title('s3'));
    await user.tab();
    expect(grid().contains(document.activeElement)).toBe(false);
  });

  it('the open chat holds the Tab stop until the arrows move it', async () => {
    const { user } = await renderApp(withSessions('Older', 'Middle', 'Newer'));
    await user.click(within(item('s1')).getByText('Older'));
    await settle();
    expect(tabStops()).toEqual([title('s1')]);
  });

  it('walks chats with Up, Down, Home and End, passing over section headings', async () => {
    const fake = createFakeApi();
    fake.addSession({ id: 'old', name: 'Old', updatedAt: new Date(2024, 2, 10).getTime() });
    fake.addSession({ id: 'new', name: 'New', updatedAt: Date.now() });
    fake.addSession({ id: 'kept', name: 'Kept', updatedAt: new Date(2023, 0, 5).getTime(), pinned: true });
    const { user } = await renderApp(fake);
    expect(screen.getAllByTestId('session-group').length).toBe(3);
    title('kept').focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(title('new'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(title('old'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(title('old'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(title('kept'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(title('old'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(title('new'));
    expect(tabStops()).toEqual([title('new')]);
  });

  it('Right reaches pin, rename, delete and move in turn, Left goes back; Enter on a title opens the chat', async () => {
    const { user, fake } = await renderApp(withSessions('Older', 'Newer'));
    title('s2').focus();
    await user.keyboard('{ArrowRight}');
    expect(focusedLabel()).toBe('Pin “Newer”');
    await user.keyboard('{ArrowRight}');
    expect(focusedLabel()).toBe('Rename “Newer”');
    await user.keyboard('{ArrowRight}');
    expect(focusedLabel()).toBe('Delete “Newer”');
    await user.keyboard('{ArrowRight}');
    expect(focusedLabel()).toBe('Move “Newer” to a folder');
    await user.keyboard('{ArrowRight}');
    expect(focusedLabel()).toBe('Move “Newer” to a folder');
    expect(tabStops()).toEqual([within(item('s2')).getByTestId('session-move')]);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(title('s2'));
    await user.keyboard('{ArrowDown}{Enter}');
    await settle();
    expect(fake.callsOf('getSession')).toEqual([{ sessionId: 's1' }]);
    expect(item('s1').getAttribute('aria-current')).toBe('true');
  });

  it('F2 renames the chat in focus; after Enter or Escape focus is back on its title', async () => {
    const { user, fake } = await renderApp(withSessions('Older', 'Newer'));
    title('s1').focus();
    await user.keyboard('{F2}');
    const input = screen.getByTestId('session-rename-input');
    expect(document.activeElement).toBe(input);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(input);
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(title('s1'));
    await user.keyboard('{F2}');
    await user.keyboard('{Control>}a{/Control}Renamed{Enter}');
    await settle();
    expect(fake.callsOf('renameSession')).toEqual([{ sessionId: 's1', name: 'Renamed' }]);
    expect(document.activeElement).toBe(title('s1'));
  });

  it('Delete asks first; once deleted, focus moves to the chat that took its place', async () => {
    const { user, fake } = await renderApp(withSessions('Oldest', 'Middle', 'Newest'));
    title('s2').focus();
    await user.keyboard('{Delete}');
    const dialog = screen.getByTestId('delete-dialog');
    await user.click(within(dialog).getByTestId('confirm-delete'));
    await settle();
    expect(fake.callsOf('deleteSession')).toEqual([{ sessionId: 's2' }]);
    expect(document.activeElement).toBe(title('s1'));

    await user.keyboard('{Delete}');
    await user.keyboard('{Escape}');
    await settle();
    expect(fake.callsOf('deleteSession')).toHaveLength(1);
    expect(document.activeElement).toBe(title('s1'));
  });

  it('reaches the last of 10,000 chats with End, rendering only what is in view', async () => {
    const fake = createFakeApi();
    for (let i = 0; i < 10_000; i++) fake.addSession({ id: `s${i}`, name: `Chat ${i}` });
    const { user } = await renderApp(fake);
    title('s9999').focus();
    await user.keyboard('{End}');
    await act(async () => {
      for (let i = 0; i < 4; i++) await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    });
    expect(document.activeElement?.textContent).toBe('Chat 0');
    expect(screen.getAllByTestId('session-item').length).toBeLessThan(30);
  });
});
