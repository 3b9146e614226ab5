// The composer, the queue strip and the error banner, driven like a person would.
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { emit, renderApp, settle, state } from './harness';
import type userEvent from '@testing-library/user-event';

let fake: FakeApi;
let user: ReturnType<typeof userEvent.setup>;
const input = () => screen.getByTestId('composer-input') as HTMLTextAreaElement;

beforeEach(async () => {
  fake = createFakeApi();
  fake.addSession({ id: 'a', name: 'Alpha', messages: [systemMessage(), userMessage('hi'), assistantMessage('hello')] });
  ({ user } = await renderApp(fake));
  await act(() => state().openSession('a'));
});

/** Starts a run in the open session the way a person does, and lets main announce it. */
async function startAnswer(): Promise<void> {
  await user.type(input(), 'write a poem{Enter}');
  await settle();
  emit(fake, 'a', { type: 'run_start', userText: 'write a poem' });
}

describe('idle', () => {
  it('Enter sends and empties the box; Shift+Enter adds a line', async () => {
    await user.type(input(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input().value).toBe('line one\nline two');
    expect(fake.callsOf('send')).toEqual([]);

    await user.keyboard('{Enter}');
    await settle();
    expect(fake.callsOf('send')).toEqual([{ sessionId: 'a', text: 'line one\nline two' }]);
    expect(input().value).toBe('');
    expect(screen.getAllByTestId('message').at(-1)?.textContent).toBe('line one\nline two');
  });

  it('never sends while an input method is composing', async () => {
    await user.type(input(), 'nihao');
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(input(), { key: 'Enter', keyCode: 229 });
    fireEvent.compositionStart(input());
    fireEvent.keyDown(input(), { key: 'Enter' });
    await settle();
    expect(fake.callsOf('send')).toEqual([]);

    fireEvent.compositionEnd(input());
    fireEvent.keyDown(input(), { key: 'Enter' });
    await settle();
    expect(fake.callsOf('send')).toEqual([{ sessionId: 'a', text: 'nihao' }]);
  });

  it('does not send blank text; the send button follows the text', async () => {
    const send = screen.getByTestId('send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(input(), '   {Enter}');
    expect(fake.callsOf('send')).toEqual([]);
    await user.type(input(), 'x');
    expect(send.disabled).toBe(false);
    await user.click(send);
    await settle();
    expect(fake.callsOf('send')).toEqual([{ sessionId: 'a', text: 'x' }]);
  });

  it('keeps a separate draft per session', async () => {
    await user.type(input(), 'for alpha');
    await user.click(screen.getByTestId('new-session'));
    expect(input().value).toBe('');
    await user.type(input(), 'for the new chat');
    await act(() => state().openSession('a'));
    expect(input().value).toBe('for alpha');
  });
});

describe('while the answer streams', () => {
  beforeEach(startAnswer);

  it('shows stop instead of send, and Escape stops', async () => {
    expect(screen.queryByTestId('send')).toBeNull();
    await user.keyboard('{Escape}');
    await settle();
    expect(fake.callsOf('abort')).toEqual([{ sessionId: 'a' }]);
    await user.click(screen.getByTestId('stop'));
    expect(fake.callsOf('abort')).toHaveLength(2);
  });

  it('Enter steers, Alt+Enter queues a follow-up, and the queue can be cleared', async () => {
    await user.type(input(), 'shorter please{Enter}');
    await settle();
    expect(fake.callsOf('steer')).toEqual([{ sessionId: 'a', text: 'shorter please' }]);
    expect(fake.callsOf('send')).toHaveLength(1);
    expect(input().value).toBe('');

    await user.type(input(), 'then translate it{Alt>}{Enter}{/Alt}');
    await settle();
    expect(fake.callsOf('followUp')).toEqual([{ sessionId: 'a', text: 'then translate it' }]);

    emit(fake, 'a', { type: 'queue', queue: { steering: ['shorter please'], followUp: ['then translate it'] } });
    expect(screen.getByTestId('queue-list').textContent).toBe('Steeringshorter pleaseFollow-upthen translate it');
    await user.click(screen.getByTestId('queue-clear'));
    await settle();
    expect(fake.callsOf('clearQueue')).toEqual([{ sessionId: 'a', which: 'all' }]);
    expect(screen.queryByTestId('queue-list')).toBeNull();
  });

  it('removes one queued message, or takes it back into the input box to change it; the others stay queued', async () => {
    emit(fake, 'a', { type: 'queue', queue: { steering: ['shorter please'], followUp: ['then translate it', 'and sum up'] } });
    const rows = () => screen.getAllByTestId('queue-item').map((row) => row.textContent);
    expect(rows()).toEqual(['Steeringshorter please', 'Follow-upthen translate it', 'Follow-upand sum up']);
    await user.click(screen.getAllByTestId('queue-remove')[1]!);
    await settle();
    expect(fake.callsOf('removeQueued')).toEqual([{ sessionId: 'a', which: 'followUp', index: 0, text: 'then translate it' }]);
    expect(rows()).toEqual(['Steeringshorter please', 'Follow-upand sum up']);
    expect(input().value).toBe('');

    await user.click(screen.getAllByTestId('queue-edit')[0]!);
    await settle();
    expect(fake.callsOf('removeQueued').at(-1)).toEqual({ sessionId: 'a', which: 'steering', index: 0, text: 'shorter please' });
    expect(rows()).toEqual(['Follow-upand sum up']);
    expect(input().value).toBe('shorter please');
    // One message left: its own × clears it; no separate "Clear queue".
    expect(screen.queryByTestId('queue-clear')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove “and sum up”' })).toBeTruthy();
  });

  it('does not put back a queued message the model took before the edit arrived', async () => {
    emit(fake, 'a', { type: 'queue', queue: { steering: [], followUp: ['then translate it'] } });
    // Main has delivered it meanwhile: nothing is removed, and its queue is empty.
    fake.api.removeQueued = async () => ({ ok: true, value: { queue: { steering: [], followUp: [] }, removed: false } });
    await user.click(screen.getByTestId('queue-edit'));
    await settle();
    expect(input().value).toBe('');
    expect(screen.queryByTestId('queue-list')).toBeNull();
  });

  it('goes back to send when the run ends', async () => {
    emit(fake, 'a', { type: 'run_end', committed: true });
    expect(screen.getByTestId('send')).toBeTruthy();
    expect(screen.queryByTestId('stop')).toBeNull();
  });
});

describe('error banner', () => {
  it('names the cause, gives the text back, retries and dismisses', async () => {
    await startAnswer();
    emit(fake, 'a', { type: 'error', code: 'auth', message: '401 Incorrect API key provided', unsentText: 'write a poem' });
    emit(fake, 'a', { type: 'run_end', committed: false });

    const banner = screen.getByRole('alert');
    expect(banner.dataset.testid).toBe('error-banner');
    expect(banner.textContent).toContain('The API key was rejected. Check it in Settings.');
    expect(screen.getByTestId('error-detail').textContent).toBe('401 Incorrect API key provided');
    expect(input().value).toBe('write a poem');

    await user.click(screen.getByTestId('error-retry'));
    await settle();
    expect(fake.callsOf('send')).toEqual([
      { sessionId: 'a', text: 'write a poem' },
      { sessionId: 'a', text: 'write a poem' },
    ]);
    expect(screen.queryByTestId('error-banner')).toBeNull();
    expect(input().value).toBe('');

    emit(fake, 'a', { type: 'error', code: 'empty_reply', message: '', unsentText: 'write a poem' });
    await user.click(screen.getByTestId('error-dismiss'));
    expect(screen.queryByTestId('error-banner')).toBeNull();
    expect(input().value).toBe('write a poem');
  });
});
