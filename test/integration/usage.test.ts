// Usage, prices and model-written names through the whole app core and a real fake model server: each answer keeps
// the provider that produced it and its reported tokens; a chat's totals (shown branch) come with the chat and with
// each saved run; prices, the currency and the title setting persist; bad prices are refused at the IPC boundary.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import type { AssistantMessage } from '../../src/shared/messages.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import type { SettingsView } from '../../src/shared/settings.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

let server: FakeOpenAIServer;
let dataDir: string;
let core: AppCore | undefined;
const events: SessionEventEnvelope[] = [];

beforeEach(async () => {
  events.length = 0;
  server = await startFakeOpenAI();
  dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-usage-'));
});

afterEach(async () => {
  await core?.dispose();
  core = undefined;
  await server.close();
});

async function start(env: Record<string, string> = {}): Promise<AppCore> {
  await core?.dispose();
  core = await createAppCore({
    dataDir,
    env,
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => events.push(envelope),
    openExternal: async () => {},
    writeLog: () => {},
  });
  return core;
}

async function call<T>(channel: string, request?: unknown): Promise<T> {
  const result = await core!.router.handle(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

async function runToEnd(sessionId: string, text: string): Promise<SessionEventEnvelope[]> {
  const before = events.length;
  await call('chat:send', { sessionId, text });
  await vi.waitFor(() => expect(events.slice(before).some((e) => e.sessionId === sessionId && e.event.type === 'run_end')).toBe(true), {
    timeout: 10_000,
  });
  return events.slice(before);
}

describe('usage kept with answers', () => {
  it('each answer keeps its provider and tokens; the chat brings its shown branch’s totals, and so does each saved run', async () => {
    await start({ TINY_AGENT_AUTO_TITLE: '0' });
    const { providers } = await call<SettingsView>('settings:saveProvider', {
      baseUrl: server.url,
      model: 'fake-model',
      apiKey: 'sk-usage-0000',
    });
    const providerId = providers[0]!.id;
    const chat = await call<SessionDetail>('sessions:create', {});
    server.enqueue(
      {
        text: 'First.',
        usage: {
          prompt_tokens: 120,
          completion_tokens: 30,
          total_tokens: 150,
          prompt_tokens_details: { cached_tokens: 20 },
          completion_tokens_details: { reasoning_tokens: 10 },
        },
      },
      { text: 'Second, from a provider that reports nothing.', usage: null },
    );
    const first = await runToEnd(chat.id, 'one');
    const saved = first.find((e) => e.event.type === 'saved')!.event;
    const expected = { providerId, model: 'fake-model', answers: 1, input: 100, cached: 20, output: 30, reasoning: 10 };
    expect(saved).toMatchObject({ type: 'saved', usage: [expected] });
    await runToEnd(chat.id, 'two');

    const detail = await call<SessionDetail>('sessions:get', { sessionId: chat.id });
    const answers = detail.messages.filter((m): m is AssistantMessage => m.role === 'assistant');
    expect(answers.map((m) => [m.providerId, m.usage.input, m.usage.output])).toEqual([
      [providerId, 100, 30],
      [providerId, 0, 0],
    ]);
    // The answer without usage is not counted (no zeros added as if known).
    expect(detail.usage).toEqual([expected]);
  });
});

describe('settings for usage and names', () => {
  it('keeps prices per provider, the currency and the title setting across a restart', async () => {
    await start();
    expect(await call<SettingsView>('settings:get')).toMatchObject({ autoTitle: true, currency: '$' });
    const saved = await call<SettingsView>('settings:saveProvider', {
      baseUrl: server.url,
      model: 'fake-model',
      prices: { 'fake-model': { input: 0.27, output: 1.1, cachedInput: 0.07 } },
    });
    await call('settings:update', { autoTitle: false, currency: '¥' });
    await start();
    const view = await call<SettingsView>('settings:get');
    expect(view).toMatchObject({ autoTitle: false, currency: '¥' });
    expect(view.providers[0]).toMatchObject({
      id: saved.providers[0]!.id,
      prices: { 'fake-model': { input: 0.27, output: 1.1, cachedInput: 0.07 } },
    });
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'))).toMatchObject({ autoTitle: false, currency: '¥' });

    // An empty list clears them.
    const cleared = await call<SettingsView>('settings:saveProvider', { id: saved.providers[0]!.id, prices: {} });
    expect(cleared.providers[0]!.prices).toBeUndefined();
  });

  it('model-written names follow the setting: TINY_AGENT_AUTO_TITLE=0 turns the default off, the person’s choice wins', async () => {
    await start({ TINY_AGENT_AUTO_TITLE: '0' });
    expect((await call<SettingsView>('settings:get')).autoTitle).toBe(false);
    await call('settings:update', { autoTitle: true });
    await call<SettingsView>('settings:saveProvider', { baseUrl: server.url, model: 'fake-model' });
    const chat = await call<SessionDetail>('sessions:create', {});
    server.enqueue({ text: 'An answer.' }, { text: 'A Model Title' });
    await runToEnd(chat.id, 'a question');
    await vi.waitFor(() => expect(events.some((e) => e.event.type === 'titled')).toBe(true), { timeout: 10_000 });
    expect((await call<SessionDetail[]>('sessions:list'))[0]!.name).toBe('A Model Title');
  });

  it.each([
    ['a negative price', { 'fake-model': { input: -1, output: 1 } }],
    ['a missing output price', { 'fake-model': { input: 1 } }],
    ['an unknown field', { 'fake-model': { input: 1, output: 1, currency: 'EUR' } }],
    ['an empty model id', { '': { input: 1, output: 1 } }],
  ])('refuses %s', async (_name, prices) => {
    await start();
    const result = await core!.router.handle('settings:saveProvider', { baseUrl: server.url, model: 'fake-model', prices });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const currency = await core!.router.handle('settings:update', { currency: 'EUR' });
    expect(currency).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
