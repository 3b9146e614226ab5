// A chat picked while another is still opening is not dropped: the sidebar marks it on its way, and it opens as
// soon as the first open is done (the last pick wins; New chat asked for meanwhile drops it). A chat reopened by the
// app at start never queues.
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeApi, type FakeApi } from './fake-api';
import { startStore, state } from './harness';

let fake: FakeApi;

beforeEach(async () => {
  fake = createFakeApi();
  for (const [id, name] of [
    ['a', 'Alpha'],
    ['b', 'Beta'],
    ['c', 'Gamma'],
  ] as const)
    fake.addSession({ id, name });
  await startStore(fake);
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('picking a chat while another is opening', () => {
  it('opens the chat picked during the load once the load is done', async () => {
    const release = fake.holdNext('getSession');
    const first = state().openSession('a', { restoring: true });
    expect(state().isSessionLoading).toBe(true);
    await state().openSession('b');
    expect(state().pendingOpen).toEqual({ id: 'b' });
    await release();
    await first;
    await settle();
    expect(state().currentSession.id).toBe('b');
    expect([state().isSessionLoading, state().pendingOpen]).toEqual([false, null]);
    expect(fake.callsOf('getSession').map((call) => call.sessionId)).toEqual(['a', 'b']);
  });

  it('the last pick wins, and a reopen by the app during a load is not queued', async () => {
    const release = fake.holdNext('getSession');
    const first = state().openSession('a');
    await state().openSession('b');
    await state().openSession('c');
    await state().openSession('b', { restoring: true });
    expect(state().pendingOpen).toEqual({ id: 'c' });
    await release();
    await first;
    await settle();
    expect(state().currentSession.id).toBe('c');
    expect(fake.callsOf('getSession').map((call) => call.sessionId)).toEqual(['a', 'c']);
  });

  it('New chat asked for during the load drops the waiting pick: the chat on screen stays', async () => {
    const release = fake.holdNext('getSession');
    const first = state().openSession('a');
    await state().openSession('b');
    state().newChat();
    expect(state().pendingOpen).toBeNull();
    await release();
    await first;
    await settle();
    expect(state().currentSession.id).toBe('a');
    expect(fake.callsOf('getSession').map((call) => call.sessionId)).toEqual(['a']);
  });
});
