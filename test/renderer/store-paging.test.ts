// The store holds a long chat by position and loads it a page at a time: what it asks main for as rows come near,
// that it asks once per gap, that a page of a branch no longer shown is dropped, and that a search result or a
// version switch deep in the chat opens with the page around it.
import { beforeEach, describe, expect, it } from 'vitest';
import { messageText, type Message } from '../../src/shared/messages';
import type { MessageRef } from '../../src/shared/sessions';
import type { SearchHit } from '../../src/shared/search';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { startStore, state } from './harness';

let fake: FakeApi;

/** A chat of `turns` exchanges: `q<n>` / `a<n>`, ids `m1`, `m2`, … in order. */
function chat(turns: number): Message[] {
  const messages: Message[] = [systemMessage()];
  for (let n = 1; n <= turns; n++) messages.push(userMessage(`q${n}`), assistantMessage(`a${n}`));
  return messages;
}

const view = () => state().currentSession.messages;
const loaded = () => view().flatMap((m, i) => (m ? [i] : []));
const textAt = (i: number) => {
  const message = view()[i];
  return message ? messageText(message) : undefined;
};

const hit = (sessionId: string, position: number): SearchHit => ({
  sessionId,
  sessionName: 'Long',
  messageId: `m${position + 1}`,
  messageIndex: position + 1,
  role: position % 2 ? 'assistant' : 'user',
  field: 'text',
  timestamp: 1,
  snippet: '',
  highlights: [],
});

beforeEach(async () => {
  fake = createFakeApi();
  fake.addSession({ id: 'long', name: 'Long', messages: chat(200) });
  fake.addSession({ id: 'other', name: 'Other', messages: chat(1) });
  await startStore(fake);
});

describe('opening a long chat', () => {
  it('holds all 400 positions with the newest 50 loaded, from one getSession', async () => {
    await state().openSession('long');
    expect(fake.callsOf('getSession')).toEqual([{ sessionId: 'long' }]);
    expect(view()).toHaveLength(400);
    expect(loaded()).toEqual(Array.from({ length: 50 }, (_, i) => 350 + i));
    expect(textAt(399)).toBe('a200');
    expect(state().currentSession.refs[350]).toEqual({ id: 'm351', version: 1, versions: 1 });
    expect(fake.callsOf('getMessages')).toEqual([]);
  });
});

describe('loading rows', () => {
  beforeEach(async () => {
    await state().openSession('long');
  });

  it('rows coming near from above load the page that ends where the loaded rows begin; loaded rows ask nothing', async () => {
    await state().loadRows(330, 360);
    expect(fake.callsOf('getMessages')).toEqual([{ sessionId: 'long', before: 350 }]);
    expect(loaded()[0]).toBe(300);
    expect(textAt(300)).toBe('q151');
    await state().loadRows(310, 399);
    expect(fake.callsOf('getMessages')).toHaveLength(1);
  });

  it('rows in the middle of a gap (a jump, a dragged scrollbar) load from the first one missing', async () => {
    await state().loadRows(100, 130);
    expect(fake.callsOf('getMessages')).toEqual([{ sessionId: 'long', from: 100 }]);
    expect(textAt(100)).toBe('q51');
    expect(textAt(149)).toBe('a75');
    expect(textAt(150)).toBeUndefined();
  });

  it('asks once for a gap while its page is on the way', async () => {
    const release = fake.holdNext('getMessages');
    const first = state().loadRows(330, 360);
    const second = state().loadRows(320, 360);
    await release();
    await Promise.all([first, second]);
    expect(fake.callsOf('getMessages')).toEqual([{ sessionId: 'long', before: 350 }]);
  });

  it('a page cut from a branch no longer shown (a run saved meanwhile) is dropped, and the gap can be asked again', async () => {
    const release = fake.holdNext('getMessages');
    const pending = state().loadRows(330, 360);
    // A run commits two messages meanwhile: the branch now ends elsewhere.
    fake.emit('long', { type: 'run_start', userText: 'q201' });
    fake.emit('long', { type: 'message_start', message: userMessage('q201', 9) });
    fake.emit('long', { type: 'message_start', message: { ...assistantMessage('', 'pending'), content: [] } });
    fake.emit('long', { type: 'delta', text: 'a201' });
    fake.emit('long', { type: 'assistant_end', stopReason: 'stop', usage: assistantMessage('').usage, toolCalls: [] });
    const refs: MessageRef[] = [
      { id: 'm401', version: 1, versions: 1 },
      { id: 'm402', version: 1, versions: 1 },
    ];
    fake.emit('long', { type: 'saved', stopped: false, summary: { ...fake.sessions.get('long')!, isStreaming: false }, refs });
    fake.emit('long', { type: 'run_end', committed: true });
    await release();
    await pending;
    expect(view()).toHaveLength(402);
    expect(textAt(401)).toBe('a201');
    expect(textAt(300)).toBeUndefined();
    // Main's session now has the new run too; asked again, the page lands.
    const detail = fake.sessions.get('long')!;
    detail.messages = [...detail.messages, userMessage('q201'), assistantMessage('a201')];
    detail.refs = [...detail.refs, ...refs];
    await state().loadRows(330, 360);
    expect(fake.callsOf('getMessages')).toEqual([
      { sessionId: 'long', before: 350 },
      { sessionId: 'long', before: 350 },
    ]);
    expect(textAt(300)).toBe('q151');
  });

  it('a page that fails is shown on the banner and not asked again for that chat', async () => {
    fake.failNext('getMessages', 'storage', 'The disk said no.');
    await state().loadRows(330, 360);
    expect(state().errors.long).toMatchObject({ code: 'storage', message: 'The disk said no.' });
    await state().loadRows(330, 360);
    expect(fake.callsOf('getMessages')).toHaveLength(1);
  });
});

describe('jumping into rows not loaded', () => {
  it('a search result in another chat opens it with the page around the message, marked', async () => {
    await state().openSession('other');
    await state().openSearchHit(hit('long', 20), 'q11');
    expect(fake.callsOf('getSession').at(-1)).toEqual({ sessionId: 'long', around: 'm21' });
    expect(textAt(20)).toBe('q11');
    expect(state().focus).toMatchObject({ sessionId: 'long', index: 20, query: 'q11' });
    expect(textAt(399)).toBe('a200');
    expect(fake.callsOf('getMessages')).toEqual([]);
  });

  it('a search result in the open chat loads the page around it', async () => {
    await state().openSession('long');
    await state().openSearchHit(hit('long', 20), 'q11');
    expect(fake.callsOf('getSession')).toHaveLength(1);
    expect(fake.callsOf('getMessages')).toEqual([{ sessionId: 'long', around: 'm21' }]);
    expect(state().focus).toMatchObject({ sessionId: 'long', index: 20 });
    expect(textAt(20)).toBe('q11');
  });

  it('a version switch deep in the chat shows the page around the new version; rows before it keep their objects', async () => {
    await state().openSearchHit(hit('long', 21), 'a11');
    const before = view()[20];
    expect(textAt(21)).toBe('a11');
    // Main shows version 2 of answer 11 (position 21), with 30 more exchanges under it.
    const detail = fake.sessions.get('long')!;
    const other: Message[] = [assistantMessage('a11 v2')];
    for (let n = 12; n <= 41; n++) other.push(userMessage(`q${n} v2`), assistantMessage(`a${n} v2`));
    const otherRefs = other.map((_, i) => ({ id: `v2-${i}`, version: i === 0 ? 2 : 1, versions: i === 0 ? 2 : 1 }));
    detail.messages = [...detail.messages.slice(0, 22), ...other];
    detail.refs = [...detail.refs.slice(0, 21), ...otherRefs];
    fake.switchedTo = 'v2-0';
    await state().switchBranch('m22', 2);
    expect(fake.callsOf('switchBranch')).toEqual([{ sessionId: 'long', messageId: 'm22', version: 2 }]);
    expect(view()).toHaveLength(82);
    expect(textAt(21)).toBe('a11 v2');
    expect(textAt(81)).toBe('a41 v2');
    expect(view()[20]).toBe(before);
    expect(state().currentSession.refs[21]).toEqual({ id: 'v2-0', version: 2, versions: 2 });
  });
});
