// Built-in web search through the real app core: the fake model calls web_search, a fake SearXNG on 127.0.0.1
// answers, the result reaches the model; approval is asked once in the chat and remembered after "Always allow".
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import type { BuiltinToolsView } from '../../src/shared/builtin-tools.js';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

let model: FakeOpenAIServer;
let searx: http.Server;
let searxUrl = '';
const queries: string[] = [];
let core: AppCore | undefined;
const events: SessionEventEnvelope[] = [];

beforeEach(async () => {
  events.length = 0;
  queries.length = 0;
  model = await startFakeOpenAI();
  searx = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    queries.push(`${url.pathname}?q=${url.searchParams.get('q')}&format=${url.searchParams.get('format')}`);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ results: [{ title: 'Tiny Agent', url: 'https://example.org/tiny', content: 'A desktop chat app.' }] }));
  });
  await new Promise<void>((r) => searx.listen(0, '127.0.0.1', r));
  searxUrl = `http://127.0.0.1:${(searx.address() as AddressInfo).port}`;
  core = await createAppCore({
    dataDir: mkdtempSync(join(tmpdir(), 'tiny-builtin-')),
    env: { TINY_AGENT_AUTO_TITLE: '0' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => events.push(envelope),
    openExternal: async () => {},
    writeLog: () => {},
  });
});

afterEach(async () => {
  await core?.dispose();
  await model.close();
  await new Promise((r) => searx.close(r));
});

async function call<T>(channel: string, request?: unknown): Promise<T> {
  const result = await core!.router.handle(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

async function until(pred: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !pred(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(pred()).toBe(true);
}

const statuses = () => events.flatMap((e) => (e.event.type === 'tool' ? [`${e.event.state.tool}:${e.event.state.status}`] : []));
const saved = () => events.filter((e) => e.event.type === 'saved').length;

it('a chat that chose web_search asks once, remembers "Always allow", and the results reach the model', async () => {
  await call('settings:saveProvider', { baseUrl: model.url, model: 'm', apiKey: 'sk-test-000000000000' });
  const before = await call<BuiltinToolsView>('builtinTools:get');
  expect(before.tools.find((t) => t.id === 'web_search')).toMatchObject({ ready: false, policy: 'ask' });
  const after = await call<BuiltinToolsView>('builtinTools:setWebSearch', { engine: 'searxng', url: searxUrl });
  expect(after.tools.find((t) => t.id === 'web_search')).toMatchObject({ ready: true });
  expect(after.webSearch).toEqual({ engine: 'searxng', url: searxUrl, hasKey: false, allowedHosts: [] });

  const session = await call<SessionDetail>('sessions:create', {});
  await call('sessions:setBuiltinTools', { sessionId: session.id, tools: ['web_search'] });
  model.enqueue(
    { toolCalls: [{ id: 'call_1', name: 'web_search', arguments: '{"query":"tiny agent"}' }] },
    { text: 'It is a chat app [1].' },
  );
  await call('chat:send', { sessionId: session.id, text: 'what is tiny agent?' });
  await until(() => statuses().includes('web_search:approval'));
  await call('chat:approveTool', { sessionId: session.id, toolCallId: 'call_1', decision: 'always' });
  await until(() => saved() === 1);
  expect(statuses()).toEqual(['web_search:approval', 'web_search:running', 'web_search:done']);
  expect(queries).toEqual(['/search?q=tiny agent&format=json']);
  const toolText = model.chatRequests[1]!.body.messages.find((m: { role: string }) => m.role === 'tool').content as string;
  expect(toolText).toContain('https://example.org/tiny');
  expect(model.chatRequests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['web_search']);

  events.length = 0;
  model.enqueue({ toolCalls: [{ id: 'call_2', name: 'web_search', arguments: '{"query":"again"}' }] }, { text: 'Same.' });
  await call('chat:send', { sessionId: session.id, text: 'again' });
  await until(() => saved() === 1);
  expect(statuses()).toEqual(['web_search:running', 'web_search:done']);
});

it('the composer toggle offers web_search for one send in a chat that did not choose it', async () => {
  await call('settings:saveProvider', { baseUrl: model.url, model: 'm', apiKey: 'sk-test-000000000000' });
  await call('builtinTools:setWebSearch', { engine: 'searxng', url: searxUrl });
  await call('builtinTools:setPolicy', { tool: 'web_search', policy: 'always' });
  const session = await call<SessionDetail>('sessions:create', {});
  model.enqueue({ text: 'no tools' }, { text: 'with search' });
  await call('chat:send', { sessionId: session.id, text: 'one' });
  await until(() => saved() === 1);
  await call('chat:send', { sessionId: session.id, text: 'two', webSearch: true });
  await until(() => saved() === 2);
  const names = (i: number) => (model.chatRequests[i]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
  expect([names(0), names(1)]).toEqual([[], ['web_search']]);
});
