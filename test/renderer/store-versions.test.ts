// The store's edit, regenerate-any-answer and version switch: what it asks main, what it shows meanwhile, which
// message objects it keeps, and what a failure offers.
import { beforeEach, describe, expect, it } from 'vitest';
import { messageText, type Message } from '../../src/shared/messages';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { startStore, state } from './harness';

let fake: FakeApi;
const committed: Message[] = [systemMessage(), userMessage('q1'), assistantMessage('a1'), userMessage('q2'), assistantMessage('a2')];
const refs = [
  { id: 'q1', version: 1, versions: 1 },
  { id: 'a1', version: 1, versions: 1 },
  { id: 'q2', version: 1, versions: 1 },
  { id: 'a2', version: 1, versions: 1 },
];
const texts = () => state().currentSession.messages.map((m) => messageText(m!));

beforeEach(async () => {
  fake = createFakeApi();
  fake.addSession({ id: 'a', name: 'Alpha', messages: committed, refs, messageCount: 5 });
  await startStore(fake);
  await state().openSession('a');
});

describe('edit', () => {
  it('shows the edited question in place of the old one, hides what followed, and takes the saved refs', async () => {
    await state().editMessage('q1', ' q1 edited ');
    expect(fake.callsOf('editMessage')).toEqual([{ sessionId: 'a', messageId: 'q1', text: 'q1 edited' }]);
    expect(texts()).toEqual(['q1 edited']);
    fake.emit('a', { type: 'run_start', userText: 'q1 edited' });
    fake.emit('a', { type: 'message_start', message: userMessage('q1 edited', 9) });
    fake.emit('a', { type: 'message_start', message: { ...assistantMessage('', 'pending'), content: [] } });
    fake.emit('a', { type: 'delta', text: 'new a1' });
    expect(texts()).toEqual(['q1 edited', 'new a1']);
    fake.emit('a', {
      type: 'saved',
      stopped: false,
      summary: { ...fake.sessions.get('a')!, messageCount: 3, isStreaming: false },
      refs: [
        { id: 'q1b', version: 2, versions: 2 },
        { id: 'a1b', version: 1, versions: 1 },
      ],
    });
    fake.emit('a', { type: 'run_end', committed: true });
    expect(state().currentSession.refs).toEqual([
      { id: 'q1b', version: 2, versions: 2 },
      { id: 'a1b', version: 1, versions: 1 },
    ]);
    expect(state().isTyping).toBe(false);
  });

  it('a failed edit keeps what streamed as not saved, with its text, and retries the edit', async () => {
    await state().editMessage('q2', 'q2 edited');
    fake.emit('a', { type: 'run_start', userText: 'q2 edited' });
    fake.emit('a', { type: 'message_start', message: { ...assistantMessage('', 'pending'), content: [] } });
    fake.emit('a', { type: 'delta', text: 'partial' });
    fake.emit('a', { type: 'error', code: 'interrupted', message: 'dropped', unsentText: 'q2 edited', kept: true });
    fake.emit('a', { type: 'run_end', committed: false });
    expect(texts()).toEqual(['q1', 'a1', 'q2 edited', 'partial']);
    expect(state().composerText.a).toBeUndefined();
    expect(state().errors.a).toMatchObject({ retry: 'edit', messageId: 'q2', unsentText: 'q2 edited', inline: true });

    await state().retry();
    expect(fake.callsOf('editMessage').at(-1)).toEqual({ sessionId: 'a', messageId: 'q2', text: 'q2 edited' });
    expect(state().composerText.a).toBeUndefined();
    expect(texts()).toEqual(['q1', 'a1', 'q2 edited']);
  });

  it('does nothing while a run streams or for a message not shown', async () => {
    await state().editMessage('nope', 'x');
    await state().send('q3');
    await state().editMessage('q1', 'x');
    expect(fake.callsOf('editMessage')).toEqual([]);
  });
});

describe('regenerate and switch', () => {
  it('regenerating a middle answer re-runs its question and hides what followed', async () => {
    await state().regenerate('a1');
    expect(fake.callsOf('regenerate')).toEqual([{ sessionId: 'a', messageId: 'a1' }]);
    expect(texts()).toEqual(['q1']);
    fake.emit('a', { type: 'run_start', userText: 'q1' });
    fake.emit('a', { type: 'message_start', message: { ...assistantMessage('', 'pending'), content: [] } });
    fake.emit('a', { type: 'delta', text: 'a1 again' });
    const summary = { ...fake.sessions.get('a')!, messageCount: 3, isStreaming: false };
    fake.emit('a', { type: 'saved', stopped: false, summary, refs: [{ id: 'a1b', version: 2, versions: 2 }] });
    fake.emit('a', { type: 'run_end', committed: true });
    // The re-run question keeps its ref; the new answer is version 2 of 2.
    expect(texts()).toEqual(['q1', 'a1 again']);
    expect(state().currentSession.refs).toEqual([refs[0], { id: 'a1b', version: 2, versions: 2 }]);
  });

  it('a switch shows main’s branch and keeps the objects of the messages both branches share', async () => {
    const before = state().currentSession.messages;
    const detail = fake.sessions.get('a')!;
    detail.messages = [systemMessage(), userMessage('q1'), assistantMessage('a1'), userMessage('q2 old'), assistantMessage('a2 old')];
    detail.refs = [refs[0]!, refs[1]!, { id: 'q2old', version: 1, versions: 2 }, { id: 'a2old', version: 1, versions: 1 }];
    await state().switchBranch('q2', 1);
    expect(fake.callsOf('switchBranch')).toEqual([{ sessionId: 'a', messageId: 'q2', version: 1 }]);
    const after = state().currentSession.messages;
    expect(after.map((m) => messageText(m!))).toEqual(['q1', 'a1', 'q2 old', 'a2 old']);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(state().currentSession.refs[2]).toEqual({ id: 'q2old', version: 1, versions: 2 });
    expect(state().isSessionLoading).toBe(false);
  });

  it('a refused switch shows why and changes nothing', async () => {
    fake.failNext('switchBranch', 'invalid_input', 'That message has no such version.');
    const before = state().currentSession;
    await state().switchBranch('q2', 2);
    expect(state().currentSession).toBe(before);
    expect(state().errors.a).toMatchObject({ code: 'invalid_input', retry: null });
  });
});
