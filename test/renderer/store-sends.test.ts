// Every way the person sends counts as a send (the conversation view goes to the end on each: MessageList `sent`):
// a message, a steer, a follow-up, a regenerate, a retry. Nothing sent counts nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { startStore, state } from './harness';

let fake: FakeApi;

beforeEach(async () => {
  fake = createFakeApi();
  fake.addSession({ id: 'a', name: 'Alpha', messages: [systemMessage(), userMessage('hi'), assistantMessage('hello')], messageCount: 3 });
  await startStore(fake);
  await state().openSession('a');
});

describe('sends', () => {
  it('a message, a steer and a follow-up while it runs each count once; empty text counts nothing', async () => {
    const before = state().sends;
    await state().send('   ');
    expect(state().sends).toBe(before);
    await state().send('question');
    expect(state().sends).toBe(before + 1);
    await state().steer('shorter, please');
    await state().followUp('and then?');
    expect(state().sends).toBe(before + 3);
    await state().steer('  ');
    expect(state().sends).toBe(before + 3);
  });

  it('a regenerate and a retry count as sends', async () => {
    const before = state().sends;
    await state().regenerate();
    expect(state().sends).toBe(before + 1);
    fake.emit('a', { type: 'error', code: 'timeout', message: 'no first token in 60 s', unsentText: '' });
    fake.emit('a', { type: 'run_end', committed: false });
    await state().send('question');
    fake.emit('a', { type: 'error', code: 'timeout', message: 'no first token in 60 s', unsentText: 'question' });
    fake.emit('a', { type: 'run_end', committed: false });
    expect(state().sends).toBe(before + 2);
    await state().retry();
    expect(state().sends).toBe(before + 3);
  });
});

// A send that asked to search the web (or read a pasted page) and failed is retried with the same one-time tools,
// whether main refused the send or the run broke off.
describe('retry keeps the one-time tools', () => {
  it('main refuses a web search send: Retry asks for the web search again', async () => {
    fake.failNext('send', 'provider_unavailable', 'no provider');
    await state().send('latest kettle news', { webSearch: true });
    expect(state().errors.a).toMatchObject({ retry: 'send', unsentText: 'latest kettle news', once: { webSearch: true } });
    await state().retry();
    expect(fake.callsOf('send')).toEqual([
      { sessionId: 'a', text: 'latest kettle news', webSearch: true },
      { sessionId: 'a', text: 'latest kettle news', webSearch: true },
    ]);
  });

  it('a read-this-page run that fails is retried reading the page; a plain send stays plain', async () => {
    await state().send('https://example.com/post', { readPage: true });
    fake.emit('a', { type: 'error', code: 'timeout', message: 'no first token in 60 s', unsentText: 'https://example.com/post' });
    fake.emit('a', { type: 'run_end', committed: false });
    expect(state().errors.a?.once).toEqual({ readPage: true });
    await state().retry();
    fake.emit('a', { type: 'error', code: 'timeout', message: 'no first token in 60 s', unsentText: 'https://example.com/post' });
    fake.emit('a', { type: 'run_end', committed: false });
    await state().send('plain question');
    fake.emit('a', { type: 'error', code: 'timeout', message: 'no first token in 60 s', unsentText: 'plain question' });
    fake.emit('a', { type: 'run_end', committed: false });
    expect(state().errors.a?.once).toBeUndefined();
    await state().retry();
    expect(fake.callsOf('send')).toEqual([
      { sessionId: 'a', text: 'https://example.com/post', readPage: true },
      { sessionId: 'a', text: 'https://example.com/post', readPage: true },
      { sessionId: 'a', text: 'plain question' },
      { sessionId: 'a', text: 'plain question' },
    ]);
  });
});
