// Keyboard shortcuts of the whole window, and how often the conversation view re-renders.
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { emit, renderApp, settle, state } from './harness';
import { conversationRenders } from './stub-conversation';
import type userEvent from '@testing-library/user-event';

let fake: FakeApi;
let user: ReturnType<typeof userEvent.setup>;

beforeEach(async () => {
  fake = createFakeApi();
  fake.addSession({ id: 'a', name: 'Alpha', messages: [systemMessage(), userMessage('hi'), assistantMessage('The answer.')] });
  fake.addSession({ id: 'b', name: 'Beta' });
  ({ user } = await renderApp(fake));
  await act(() => state().openSession('a'));
});

describe('shortcuts', () => {
  it('Ctrl+N starts a new chat without creating anything', async () => {
    await user.keyboard('{Control>}n{/Control}');
    expect(screen.getByTestId('session-title').textContent).toBe('New chat');
    await user.keyboard('{Meta>}n{/Meta}');
    expect(fake.callsOf('createSession')).toEqual([]);
  });

  it('Ctrl+/ and the header button open the shortcut sheet; Escape closes it without stopping anything', async () => {
    await user.keyboard('{Control>}/{/Control}');
    const sheet = screen.getByTestId('shortcut-help');
    expect(sheet.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBe(sheet);
    expect(sheet.textContent).toContain('Search every chat');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('shortcut-help')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(screen.getByTestId('shortcut-help')).toBeTruthy();
  });

  it('Help › Keyboard shortcuts in the application menu opens the sheet, and leaves it open when it already is', async () => {
    expect(screen.queryByTestId('shortcut-help')).toBeNull();
    act(() => fake.menu('shortcuts'));
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBe(screen.getByTestId('shortcut-help'));
    act(() => fake.menu('shortcuts'));
    expect(screen.getAllByTestId('shortcut-help')).toHaveLength(1);
  });

  it('Ctrl+K opens search and Ctrl+F the find bar', async () => {
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.getByTestId('search-input')).toBe(document.activeElement);
    await user.keyboard('{Escape}');
    await user.keyboard('{Control>}f{/Control}');
    expect(screen.getByTestId('find-input')).toBe(document.activeElement);
  });

  it('Ctrl+, opens the settings', async () => {
    await user.keyboard('{Control>},{/Control}');
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
  });

  it('Escape stops the running answer from anywhere', async () => {
    await user.type(screen.getByTestId('composer-input'), 'go{Enter}');
    await settle();
    await user.click(screen.getByTestId('session-title'));
    await user.keyboard('{Escape}');
    await settle();
    expect(fake.callsOf('abort')).toEqual([{ sessionId: 'a' }]);
  });

  it('Ctrl+Shift+C copies the last answer', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.keyboard('{Control>}{Shift>}C{/Shift}{/Control}');
    await settle();
    expect(writeText).toHaveBeenCalledWith('The answer.');
    expect(screen.getByTestId('status-notice').textContent).toBe('Last answer copied to the clipboard.');
  });
});

describe('conversation view renders', () => {
  it('re-renders only when its messages change', async () => {
    const start = conversationRenders.count;
    await user.type(screen.getByTestId('composer-input'), 'typing here');
    emit(fake, 'b', { type: 'run_start', userText: 'elsewhere' });
    emit(fake, 'b', { type: 'delta', text: 'x' });
    expect(conversationRenders.count).toBe(start);

    await user.keyboard('{Enter}');
    await settle();
    expect(conversationRenders.count).toBe(start + 1);
    emit(fake, 'a', { type: 'run_start', userText: 'typing here' });
    emit(fake, 'a', { type: 'message_start', message: userMessage('typing here') });
    emit(fake, 'a', { type: 'queue', queue: { steering: [], followUp: [] } });
    expect(conversationRenders.count).toBe(start + 1);
  });
});
