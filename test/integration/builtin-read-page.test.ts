// "Read this page" and the allowed hosts through the real app core: a send with `readPage` offers fetch_page for that
// send only; a page on 127.0.0.1 is refused until the person allows the host, then read; the list survives a restart.
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
let pages: http.Server;
let pageUrl = '';
let dataDir = '';
let core: AppCore | undefined;
const events: SessionEventEnvelope[] = [];

const PAGE = `<!doctype html><html><head><title>Kettle notes</title></head><body><nav>Home · About</nav>
<article><h1>Kettle notes</h1><p>A kettle boils water. Descale it every month with citric acid to keep it working well.</p>
<p>Never run it empty: the element overheats and the safety switch trips.</p></article></body></html>`;

const open = () =>
  createAppCore({
    dataDir,
    env: { TINY_AGENT_AUTO_TITLE: '0' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => events.push(envelope),
    openExternal: async () => {},
    writeLog: () => {},
  });

beforeEach(async () => {
  events.length = 0;
  model = await startFakeOpenAI();
  pages = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(PAGE);
  });
  await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r));
  pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/kettle`;
  dataDir = mkdtempSync(join(tmpdir(), 'tiny-read-page-'));
  core = await open();
});

afterEach(async () => {
  await core?.dispose();
  await model.close();
  await new Promise((r) => pages.close(r));
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

const saved = () => events.filter((e) => e.event.type === 'saved').length;
const toolNames = (i: number) => (model.chatRequests[i]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
const toolText = (i: number) =>
  (model.chatRequests[i]!.body.messages as Array<{ role: string; content: string }>).filter((m) => m.role === 'tool').map((m) => m.content);

it('readPage offers fetch_page for that send; 127.0.0.1 is refused until allowed, then read; the list outlives a restart', async () => {
  await call('settings:saveProvider', { baseUrl: model.url, model: 'm', apiKey: 'sk-test-000000000000' });
  await call('builtinTools:setPolicy', { tool: 'fetch_page', policy: 'always' });
  const session = await call<SessionDetail>('sessions:create', {});
  const readIt = { toolCalls: [{ id: 'call_read', name: 'fetch_page', arguments: JSON.stringify({ url: pageUrl }) }] };

  model.enqueue(readIt, { text: 'The page could not be read.' });
  await call('chat:send', { sessionId: session.id, text: `Read this page: ${pageUrl}`, readPage: true });
  await until(() => saved() === 1);
  expect(toolNames(0)).toEqual(['fetch_page']);
  expect(toolText(1)[0]).toMatch(/^Refused: the page is on a local, private or link-local address \(127\.0\.0\.1 → 127\.0\.0\.1\)/);

  const allowed = await call<BuiltinToolsView>('builtinTools:setAllowedHosts', { hosts: ['127.0.0.1'] });
  expect(allowed.webSearch.allowedHosts).toEqual(['127.0.0.1']);
  model.enqueue({ ...readIt, toolCalls: [{ ...readIt.toolCalls[0]!, id: 'call_read2' }] }, { text: 'Descale it monthly.' });
  await call('chat:send', { sessionId: session.id, text: `Read this page: ${pageUrl}`, readPage: true });
  await until(() => saved() === 2);
  expect(toolText(3).at(-1)).toMatch(/^# Kettle notes\nURL: http:\/\/127\.0\.0\.1:\d+\/kettle\n\n[^]*Descale it every month/);

  // A plain send afterwards is offered nothing: the choice was for those sends only.
  model.enqueue({ text: 'ok' });
  await call('chat:send', { sessionId: session.id, text: 'thanks' });
  await until(() => saved() === 3);
  expect(toolNames(4)).toEqual([]);

  await core!.dispose();
  core = await open();
  const view = await call<BuiltinToolsView>('builtinTools:get');
  expect(view.webSearch.allowedHosts).toEqual(['127.0.0.1']);
  expect((await call<BuiltinToolsView>('builtinTools:setAllowedHosts', { hosts: [] })).webSearch.allowedHosts).toEqual([]);
});
