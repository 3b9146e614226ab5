// How the store applies session events: deltas touch only the streaming message, failures give the text back,
// saves re-sort the sidebar, background sessions only touch the sidebar, seq and snapshots line up.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../src/shared/messages';
import { emptyUsage, messageText } from '../../src/shared/messages';
import { activeRun, assistantMessage, createFakeApi, summaryOf, systemMessage, userMessage, type FakeApi } from './fake-api';
import { startStore, state } from './harness';
import { unsavedFrom } from '../../src/renderer/src/store/openSession';

let fake: FakeApi;
const committed: Message[] = [systemMessage(), userMessage('hi'), assistantMessage('hello')];

beforeEach(async () => {
  fake = createFakeApi();
  fake.addSession({ id: 'a', name: 'Alpha', messages: committed, messageCount: 3 });
  fake.addSession({ id: 'b', name: 'Beta' });
  await startStore(fake);
  await state().openSession('a');
});

function shell(): Message {
  return { ...assistantMessage('', 'pending'), content: [] };
}

describe('a run in the open session', () => {
  it('a new chat takes its name from the first message as soon as the run starts, not only once saved', async () => {
    state().newChat();
    await state().send('Plan a trip to Kyoto');
    const id = state().currentSession.id!;
    expect(state().currentSession.name).not.toBe('Plan a trip to Kyoto');
    fake.emit(id, {
      type: 'run_start',
      userText: 'Plan a trip to Kyoto',
      summary: { ...summaryOf(fake.sessions.get(id)!), name: 'Plan a trip to Kyoto', isStreaming: true },
    });
    expect(state().currentSession.name).toBe('Plan a trip to Kyoto');
  });

  it('appends deltas to the streaming message only and keeps every other object', async () => {
    const before = state().currentSession.messages;
    await state().send('next');
    const optimistic = state().currentSession.messages;
    expect(optimistic.map((m) => m?.role)).toEqual(['user', 'assistant', 'user']);
    expect(optimistic[0]).toBe(before[0]);
    expect(optimistic[1]).toBe(before[1]);

    fake.emit('a', { type: 'run_start', userText: 'next' });
    fake.emit('a', { type: 'message_start', message: userMessage('next', 50) });
    expect(state().currentSession.messages).toBe(optimistic); // the echo of the shown user message changes nothing

    fake.emit('a', { type: 'message_start', message: shell() });
    fake.emit('a', { type: 'delta', thinking: 'hmm' });
    const afterThinking = state().currentSession.messages;
    fake.emit('a', { type: 'delta', text: 'Hel' });
    fake.emit('a', { type: 'delta', text: 'lo' });
    const streaming = state().currentSession.messages;

    expect(state().currentSession.streamingIndex).toBe(3);
    expect(streaming).not.toBe(afterThinking);
    expect(streaming.slice(0, 3)).toEqual(optimistic);
    streaming.slice(0, 3).forEach((message, i) => expect(message).toBe(optimistic[i]));
    expect(streaming[3]).not.toBe(afterThinking[3]);
    expect(streaming[3]).toMatchObject({
      content: [
        { type: 'thinking', thinking: 'hmm' },
        { type: 'text', text: 'Hello' },
      ],
    });

    fake.emit('a', { type: 'queue', queue: { steering: ['left'], followUp: [] } });
    expect(state().currentSession.messages).toBe(streaming);
    expect(state().queue).toEqual({ steering: ['left'], followUp: [] });

    fake.emit('a', { type: 'assistant_end', stopReason: 'stop', usage: emptyUsage(), toolCalls: [] });
    expect(state().currentSession.streamingIndex).toBe(-1);
    const ended = state().currentSession.messages;

    const summary = { ...summaryOf(fake.sessions.get('a')!), name: 'Greetings', updatedAt: 5_000, messageCount: 5, isStreaming: true };
    fake.emit('a', { type: 'saved', stopped: false, summary });
    expect(state().currentSession.messages).toBe(ended); // committed now, same objects: the same array
    expect(state().currentSession.name).toBe('Greetings');
    expect(state().isTyping).toBe(true);

    fake.emit('a', { type: 'run_end', committed: true });
    expect(state().isTyping).toBe(false);
    expect(state().queue).toEqual({ steering: [], followUp: [] });
    expect(state().sessions[0]).toMatchObject({ id: 'a', name: 'Greetings', isStreaming: false });
  });

  it('keeps a broken-off run’s text where it stopped, its question waiting there (not in the composer) until set aside', async () => {
    await state().send('question');
    fake.emit('a', { type: 'run_start', userText: 'question' });
    fake.emit('a', { type: 'message_start', message: shell() });
    fake.emit('a', { type: 'delta', text: 'par' });
    state().setComposerText('a', 'typed meanwhile');

    fake.emit('a', { type: 'error', code: 'rate_limited', message: '429 Too Many Requests', unsentText: 'question', kept: true });
    fake.emit('a', { type: 'run_end', committed: false });

    const shown = state().currentSession;
    expect(shown.messages.map((m) => messageText(m!))).toEqual(['hi', 'hello', 'question', 'par']);
    expect(unsavedFrom(shown)).toBe(2);
    expect(shown.committed).toEqual(committed);
    // Not sendable twice: the question is on screen with Retry, and the composer holds only what was typed.
    expect(state().composerText.a).toBe('typed meanwhile');
    expect(state().errors.a).toEqual({
      code: 'rate_limited',
      message: '429 Too Many Requests',
      unsentText: 'question',
      retry: 'send',
      inline: true,
    });
    expect(state().isTyping).toBe(false);

    // Set aside ("Edit question"): main forgets it, and the question goes back in front of the newer draft.
    state().dismissError();
    expect(state().currentSession.messages).toEqual([committed[1], committed[2]]);
    expect(unsavedFrom(state().currentSession)).toBe(-1);
    expect(state().composerText.a).toBe('question\n\ntyped meanwhile');
    expect(fake.callsOf('dismissFailure')).toEqual([{ sessionId: 'a' }]);
  });

  it('a run that broke off in the background is shown where it stopped when its chat is opened, and retried once', async () => {
    fake.emit('b', { type: 'run_start', userText: 'far away' });
    fake.emit('b', { type: 'error', code: 'interrupted', message: 'dropped', unsentText: 'far away', kept: true });
    fake.emit('b', { type: 'run_end', committed: false, summary: { ...summaryOf(fake.sessions.get('b')!), failed: true } });
    expect(state().sessions.find((s) => s.id === 'b')?.failed).toBe(true);
    expect(state().composerText.b).toBeUndefined();
    Object.assign(fake.sessions.get('b')!, {
      failed: true,
      failedRun: {
        runId: 'run-b',
        origin: { kind: 'send' },
        base: fake.sessions.get('b')!.total,
        messages: [userMessage('far away', 9), assistantMessage('half of it', 'error')],
        code: 'interrupted',
        message: 'dropped',
        unsentText: 'far away',
      },
    });
    await state().openSession('b');
    const shown = state().currentSession;
    expect(shown.messages.slice(-2).map((m) => messageText(m!))).toEqual(['far away', 'half of it']);
    expect(unsavedFrom(shown)).toBe(shown.messages.length - 2);
    expect(state().isTyping).toBe(false);
    expect(state().errors.b).toMatchObject({ code: 'interrupted', retry: 'send', inline: true, unsentText: 'far away' });
    await Promise.all([state().retry(), state().retry()]);
    expect(fake.callsOf('send')).toEqual([{ sessionId: 'b', text: 'far away' }]);
  });

  it('a new chat whose first send never reached a model becomes the draft again: no row, its text, banner and model kept', async () => {
    state().newChat();
    await state().setChatModel({ providerId: 'p-openai', model: 'gpt-4.1' });
    await state().send('Plan a trip to Kyoto');
    const id = state().currentSession.id!;
    expect(fake.callsOf('createSession')).toEqual([{ model: { providerId: 'p-openai', model: 'gpt-4.1' } }]);
    fake.emit(id, { type: 'run_start', userText: 'Plan a trip to Kyoto' });
    fake.emit(id, { type: 'error', code: 'unreachable', message: 'Could not connect', unsentText: 'Plan a trip to Kyoto' });
    fake.emit(id, { type: 'run_end', committed: false, discarded: true });

    expect(state().sessions.map((s) => s.id)).toEqual(['b', 'a']);
    expect(state().currentSession.id).toBeNull();
    expect(state().isTyping).toBe(false);
    expect(state().composerText).toEqual({ draft: 'Plan a trip to Kyoto' });
    expect(state().errors).toEqual({
      draft: { code: 'unreachable', message: 'Could not connect', unsentText: 'Plan a trip to Kyoto', retry: 'send' },
    });
    expect(state().newChatSettings).toEqual({ model: { providerId: 'p-openai', model: 'gpt-4.1' } });

    // Retry creates the chat again, with the same model.
    await state().retry();
    expect(fake.callsOf('createSession')).toHaveLength(2);
    expect(fake.callsOf('createSession')[1]).toEqual({ model: { providerId: 'p-openai', model: 'gpt-4.1' } });
    expect(state().currentSession.id).not.toBeNull();
    expect(state().errors).toEqual({});
  });

  it('a discarded first send of a chat no longer open goes to the new-chat composer, in front of what is typed there', async () => {
    state().newChat();
    await state().send('first question');
    const id = state().currentSession.id!;
    await state().openSession('a');
    state().newChat();
    state().setComposerText('draft', 'something else');
    fake.emit(id, { type: 'error', code: 'unreachable', message: 'Could not connect', unsentText: 'first question' });
    fake.emit(id, { type: 'run_end', committed: false, discarded: true });

    expect(state().sessions.map((s) => s.id)).toEqual(['b', 'a']);
    expect(state().composerText.draft).toBe('first question\n\nsomething else');
    expect(state().errors.draft).toMatchObject({ code: 'unreachable', retry: 'send' });
    expect(state().composerText).not.toHaveProperty(id);
  });

  it('a failed run that showed nothing leaves nothing on screen', async () => {
    await state().send('question');
    fake.emit('a', { type: 'run_start', userText: 'question' });
    fake.emit('a', { type: 'error', code: 'auth', message: '401', unsentText: 'question' });
    fake.emit('a', { type: 'run_end', committed: false });
    expect(state().currentSession.messages).toEqual([committed[1], committed[2]]);
  });

  it('sending again replaces the failed run kept on screen', async () => {
    await state().send('question');
    fake.emit('a', { type: 'run_start', userText: 'question' });
    fake.emit('a', { type: 'message_start', message: shell() });
    fake.emit('a', { type: 'delta', text: 'par' });
    fake.emit('a', { type: 'error', code: 'interrupted', message: 'dropped', unsentText: 'question' });
    fake.emit('a', { type: 'run_end', committed: false });
    await state().retry();
    expect(state().currentSession.messages.map((m) => messageText(m!))).toEqual(['hi', 'hello', 'question']);
    expect(unsavedFrom(state().currentSession)).toBe(-1);
  });

  it('retry sends the unsent text again and empties the composer that held it', async () => {
    await state().send('question');
    fake.emit('a', { type: 'error', code: 'timeout', message: 'no first token in 60 s', unsentText: 'question' });
    fake.emit('a', { type: 'run_end', committed: false });
    expect(state().composerText.a).toBe('question');

    await state().retry();

    expect(fake.callsOf('send')).toEqual([
      { sessionId: 'a', text: 'question' },
      { sessionId: 'a', text: 'question' },
    ]);
    expect(state().composerText.a).toBeUndefined();
    expect(state().errors.a).toBeUndefined();
  });

  it('gives the text back when main refuses to start the run', async () => {
    fake.failNext('send', 'busy', 'still running');
    await state().send('too soon');
    expect(state().currentSession.messages).toEqual([committed[1], committed[2]]);
    expect(state().composerText.a).toBe('too soon');
    expect(state().errors.a).toMatchObject({ code: 'busy', message: 'still running', retry: 'send' });
    expect(state().isTyping).toBe(false);
    expect(state().sessions.find((s) => s.id === 'a')?.isStreaming).toBe(false);
  });

  it('regenerate hides the old answer while the new one streams, and brings it back if that fails', async () => {
    await state().regenerate();
    expect(state().currentSession.messages).toEqual([committed[1]]);
    fake.emit('a', { type: 'run_start', userText: 'hi' });
    fake.emit('a', { type: 'message_start', message: shell() });
    fake.emit('a', { type: 'delta', text: 'Hey' });
    expect(state().currentSession.messages.map((m) => m?.role)).toEqual(['user', 'assistant']);

    // Main offers back only what the person typed during the regenerate (nothing here); the re-run message stays put.
    fake.emit('a', { type: 'error', code: 'server_error', message: '502', unsentText: '', kept: true });
    fake.emit('a', { type: 'run_end', committed: false });
    // The new answer's start stays readable, not saved, until the error goes; then the old answer is back.
    expect(state().currentSession.messages.map((m) => messageText(m!))).toEqual(['hi', 'Hey']);
    expect(state().composerText.a).toBeUndefined();
    expect(state().errors.a?.retry).toBe('regenerate');
    state().dismissError();
    expect(state().currentSession.messages).toEqual([committed[1], committed[2]]);
  });

  it('a regenerated answer replaces the old one once saved', async () => {
    await state().regenerate();
    fake.emit('a', { type: 'run_start', userText: 'hi' });
    fake.emit('a', { type: 'message_start', message: shell() });
    fake.emit('a', { type: 'delta', text: 'Hey there' });
    fake.emit('a', { type: 'assistant_end', stopReason: 'stop', usage: emptyUsage(), toolCalls: [] });
    fake.emit('a', { type: 'saved', stopped: false, summary: { ...summaryOf(fake.sessions.get('a')!), updatedAt: 7_000 } });
    fake.emit('a', { type: 'run_end', committed: true });
    const messages = state().currentSession.messages;
    expect(messages).toHaveLength(2);
    expect(messages[0]).toBe(committed[1]);
    expect(messages[1]).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'Hey there' }] });
  });

  it('shows a run main starts on its own (input queued as the last one ended)', () => {
    fake.emit('a', { type: 'run_start', userText: 'queued late' }, { runId: 'r2' });
    fake.emit('a', { type: 'message_start', message: userMessage('queued late') }, { runId: 'r2' });
    expect(state().isTyping).toBe(true);
    expect(state().currentSession.messages.map((m) => m?.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('steering and follow-ups go to main, leave the composer and show in the queue', async () => {
    await state().send('long task');
    state().setComposerText('a', 'go left');
    await state().steer('go left');
    expect(fake.callsOf('steer')).toEqual([{ sessionId: 'a', text: 'go left' }]);
    expect(state().composerText.a).toBeUndefined();
    expect(state().queue.steering).toEqual(['go left']);

    await state().followUp('then summarize');
    expect(fake.callsOf('followUp')).toEqual([{ sessionId: 'a', text: 'then summarize' }]);
    expect(state().queue.followUp).toEqual(['then summarize']);
  });
});

describe('the sidebar', () => {
  it('moves a saved session to the top with its new name', () => {
    expect(state().sessions.map((s) => s.id)).toEqual(['b', 'a']);
    const summary = { ...summaryOf(fake.sessions.get('a')!), name: 'Auto named', updatedAt: 9_000 };
    fake.emit('a', { type: 'saved', stopped: false, summary });
    expect(state().sessions.map((s) => [s.id, s.name])).toEqual([
      ['a', 'Auto named'],
      ['b', 'Beta'],
    ]);
  });

  it('shows a background session streaming without touching the open view, and keeps its failed text', () => {
    const open = state().currentSession;
    fake.emit('b', { type: 'run_start', userText: 'bg' }, { runId: 'rb' });
    fake.emit('b', { type: 'message_start', message: shell() }, { runId: 'rb' });
    fake.emit('b', { type: 'delta', text: 'x' }, { runId: 'rb' });
    expect(state().sessions.find((s) => s.id === 'b')?.isStreaming).toBe(true);
    expect(state().currentSession).toBe(open);
    expect(state().isTyping).toBe(false);

    fake.emit('b', { type: 'error', code: 'interrupted', message: 'socket hang up', unsentText: 'bg' }, { runId: 'rb' });
    fake.emit('b', { type: 'run_end', committed: false }, { runId: 'rb' });
    expect(state().sessions.find((s) => s.id === 'b')?.isStreaming).toBe(false);
    expect(state().currentSession).toBe(open);
    expect(state().composerText.b).toBe('bg');
    expect(state().errors.b?.code).toBe('interrupted');
    expect(state().errors.a).toBeUndefined();
  });
});

describe('opening a session that is streaming', () => {
  const partial = (text: string): Message => ({ ...assistantMessage(text, 'pending') });

  beforeEach(() => {
    const b = fake.sessions.get('b')!;
    b.isStreaming = true;
    b.activeRun = activeRun('rb', 5, [userMessage('q'), partial('Hel')], { steering: [], followUp: ['later'] });
  });

  it('starts from the snapshot and applies only later events', async () => {
    await state().openSession('b');
    expect(state().isTyping).toBe(true);
    expect(state().queue.followUp).toEqual(['later']);
    expect(state().currentSession.streamingIndex).toBe(1);

    fake.emit('b', { type: 'delta', text: 'Hel' }, { runId: 'rb', seq: 5 });
    fake.emit('b', { type: 'delta', text: 'lo' }, { runId: 'rb', seq: 6 });
    fake.emit('b', { type: 'delta', text: 'lo' }, { runId: 'rb', seq: 6 });
    expect(state().currentSession.messages[1]).toMatchObject({ content: [{ type: 'text', text: 'Hello' }] });
  });

  it('replays events that arrived while the snapshot was being fetched', async () => {
    const release = fake.holdNext('getSession');
    const opening = state().openSession('b');
    expect(state().isSessionLoading).toBe(true);
    fake.emit('b', { type: 'delta', text: 'Hel' }, { runId: 'rb', seq: 5 });
    fake.emit('b', { type: 'delta', text: 'lo' }, { runId: 'rb', seq: 6 });
    await release();
    await opening;
    expect(state().isSessionLoading).toBe(false);
    expect(state().currentSession.messages[1]).toMatchObject({ content: [{ type: 'text', text: 'Hello' }] });
  });
});

describe('the draft new chat', () => {
  it('creates nothing until the first send, however often it is asked for', async () => {
    state().newChat();
    const draft = state().currentSession;
    state().newChat();
    state().newChat();
    expect(state().currentSession).toBe(draft);
    expect(draft.id).toBeNull();
    expect(fake.callsOf('createSession')).toEqual([]);

    await state().send('first words');
    expect(fake.calls.filter((c) => c.method === 'createSession' || c.method === 'send').map((c) => c.method)).toEqual([
      'createSession',
      'send',
    ]);
    const id = state().currentSession.id!;
    expect(fake.callsOf('send')).toEqual([{ sessionId: id, text: 'first words' }]);
    expect(state().sessions[0]?.id).toBe(id);
    expect(state().currentSession.messages).toMatchObject([{ role: 'user', content: 'first words' }]);
  });

  it('keeps the text in the new chat when creating the session fails', async () => {
    state().newChat();
    state().setComposerText('draft', 'first words');
    fake.failNext('createSession', 'storage', 'disk full');
    await state().send('first words');
    expect(state().currentSession.id).toBeNull();
    expect(state().composerText.draft).toBe('first words');
    expect(state().errors.draft).toMatchObject({ code: 'storage', message: 'disk full' });
    expect(fake.callsOf('send')).toEqual([]);
  });
});

describe('session operations lock each other out', () => {
  it('ignores open, new chat and send while an open is in flight', async () => {
    const release = fake.holdNext('getSession');
    const opening = state().openSession('b');
    expect(state().isSessionLoading).toBe(true);
    await state().openSession('a');
    state().newChat();
    await state().send('nope');
    await release();
    await opening;
    expect(fake.callsOf('getSession')).toEqual([{ sessionId: 'a' }, { sessionId: 'b' }]);
    expect(fake.callsOf('send')).toEqual([]);
    expect(state().currentSession.id).toBe('b');
    expect(state().isSessionLoading).toBe(false);
  });

  it('renames and deletes through main and updates the list', async () => {
    expect(await state().renameSession('a', '   ')).toBe(false);
    expect(await state().renameSession('a', ' Renamed ')).toBe(true);
    expect(fake.callsOf('renameSession')).toEqual([{ sessionId: 'a', name: 'Renamed' }]);
    expect(state().currentSession.name).toBe('Renamed');

    expect(await state().deleteSession('a')).toBe(true);
    expect(state().sessions.map((s) => s.id)).toEqual(['b']);
    expect(state().currentSession.id).toBeNull();
  });
});

describe('queued text is never lost', () => {
  it('steering typed during a regenerate that fails goes back into the composer', async () => {
    await state().regenerate();
    fake.emit('a', { type: 'run_start', userText: '' });
    fake.emit('a', { type: 'queue', queue: { steering: ['shorter please'], followUp: [] } });
    fake.emit('a', { type: 'error', code: 'server_error', message: '502', unsentText: 'shorter please' });
    expect(state().composerText.a).toBe('shorter please');
    expect(state().errors.a?.retry).toBe('regenerate');
  });

  it('a follow-up still queued when the person stops comes back with the saved run', async () => {
    await state().send('long story');
    fake.emit('a', { type: 'run_start', userText: 'long story' });
    fake.emit('a', { type: 'queue', queue: { steering: [], followUp: ['and a summary'] } });
    fake.emit('a', {
      type: 'saved',
      stopped: true,
      summary: { ...summaryOf(fake.sessions.get('a')!), updatedAt: 8_000 },
      unsentText: 'and a summary',
    });
    fake.emit('a', { type: 'run_end', committed: true });
    expect(state().composerText.a).toBe('and a summary');
  });
});
