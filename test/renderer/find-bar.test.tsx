// The find bar over a chat loaded in pages: main counts the whole shown branch, so a word in message 3 counts while
// only the newest page is loaded, and stepping to it loads its page; a run still streaming is counted here.
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../src/shared/messages';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { emit, renderApp, settle, state } from './harness';
import type userEvent from '@testing-library/user-event';

let fake: FakeApi;
let user: ReturnType<typeof userEvent.setup>;

/** 400 messages (ids m1…m400): "Zephyr" once in message 3 (m3), twice in the last answer (m400). */
function chat(): Message[] {
  const messages: Message[] = [systemMessage()];
  for (let n = 1; n <= 200; n++) messages.push(userMessage(`q${n}`), assistantMessage(`a${n}`));
  messages[3] = userMessage('Where did the ZEPHYR go?');
  messages[400] = assistantMessage('A zephyr, then another ｚｅｐｈｙｒ.');
  return messages;
}

const count = () => screen.getByTestId('find-count').textContent;
const focusIndex = () => state().focus?.index;

beforeEach(async () => {
  fake = createFakeApi();
  fake.addSession({ id: 'long', name: 'Long', messages: chat() });
  ({ user } = await renderApp(fake));
  await act(() => state().openSession('long'));
  await user.keyboard('{Control>}f{/Control}');
});

describe('find in a chat loaded in pages', () => {
  it('counts the word in message 3 while only the newest page is loaded, and loads its page to show it', async () => {
    expect(state().currentSession.messages[2]).toBeUndefined();
    await user.type(screen.getByTestId('find-input'), 'zephyr');
    await settle();
    expect(fake.callsOf('findInSession').at(-1)).toEqual({ sessionId: 'long', query: 'zephyr' });
    expect(count()).toBe('1/3');
    // The first occurrence is in a page not loaded: the page around it comes, then the view goes there.
    expect(fake.callsOf('getMessages')).toContainEqual({ sessionId: 'long', around: 'm3' });
    expect(state().currentSession.messages[2]).toEqual(userMessage('Where did the ZEPHYR go?'));
    expect(state().focus).toMatchObject({ sessionId: 'long', index: 2, query: 'zephyr' });

    await user.keyboard('{Enter}');
    await settle();
    expect(count()).toBe('2/3');
    expect(focusIndex()).toBe(399);
    const nonce = state().focus?.nonce;
    await user.click(screen.getByTestId('find-next'));
    await settle();
    expect(count()).toBe('3/3');
    expect(focusIndex()).toBe(399);
    expect(state().focus?.nonce).toBeGreaterThan(nonce!);
    await user.keyboard('{Enter}');
    await settle();
    expect(count()).toBe('1/3');
    expect(focusIndex()).toBe(2);
    await user.click(screen.getByTestId('find-input'));
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await settle();
    expect(count()).toBe('3/3');
  });

  it('says nothing until main answers, then "No matches" when there are none', async () => {
    const release = fake.holdNext('findInSession');
    await user.click(screen.getByTestId('find-input'));
    await user.paste('quokka');
    await settle();
    expect(count()).toBe('');
    void release();
    await settle();
    expect(count()).toBe('No matches');
    expect(screen.getByTestId('find-next')).toHaveProperty('disabled', true);
  });

  it('counts a run still streaming here, after the stored matches, without asking main again', async () => {
    await user.type(screen.getByTestId('find-input'), 'zephyr');
    await settle();
    expect(count()).toBe('1/3');
    const asked = fake.callsOf('findInSession').length;
    await act(() => state().send('One more zephyr?'));
    await settle();
    expect(count()).toBe('1/4');
    emit(fake, 'long', { type: 'run_start', userText: 'One more zephyr?' });
    emit(fake, 'long', { type: 'message_start', message: userMessage('One more zephyr?', 50) });
    emit(fake, 'long', { type: 'message_start', message: assistantMessage('', 'pending') });
    emit(fake, 'long', { type: 'delta', text: 'Zephyr again.' });
    expect(count()).toBe('1/5');
    await user.click(screen.getByTestId('find-previous'));
    await settle();
    expect(count()).toBe('5/5');
    expect(focusIndex()).toBe(401);
    expect(fake.callsOf('findInSession')).toHaveLength(asked);
  });
});
