// A send that asked to search the web (or read a pasted page) and failed is retried with the same one-time tools:
// whether main refused the send, the run broke off, or the chat was opened again after it broke off.
import { beforeEach, expect, it } from 'vitest';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { startStore, state } from './harness';

let fake: FakeApi;

beforeEach(async () => {
  fake = createFakeApi();
  fake.addSession({ id: 'a', name: 'Alpha', messages: [systemMessage(), userMessage('hi'), assistantMessage('hello')], messageCount: 3 });
  await startStore(fake);
  await state().openSession('a');
});

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
