// Several providers and a model per chat, through the whole app core and two real fake servers: each request goes
// to its chat's provider, names its chat's model and carries only that provider's key — after a restart too; a
// chat's system prompt and parameters apply from the next run; each answer keeps its timing.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import type { SecretBox } from '../../src/main/settings/secret-box.js';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import type { AssistantMessage } from '../../src/shared/messages.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import type { SettingsView } from '../../src/shared/settings.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

const KEY_A = 'sk-aaaa-0000000000000000';
const KEY_B = 'sk-bbbb-1111111111111111';

let serverA: FakeOpenAIServer;
let serverB: FakeOpenAIServer;
let dataDir: string;
let core: AppCore | undefined;
const events: SessionEventEnvelope[] = [];

beforeEach(async () => {
  events.length = 0;
  [serverA, serverB] = await Promise.all([startFakeOpenAI(), startFakeOpenAI()]);
  dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-chat-models-'));
});

afterEach(async () => {
  await core?.dispose();
  core = undefined;
  await Promise.all([serverA.close(), serverB.close()]);
});

async function start(secrets: SecretBox = testSecretBox): Promise<AppCore> {
  await core?.dispose();
  core = await createAppCore({
    dataDir,
    // Every model request here is scripted: no model-written title after a first answer.
    env: { TINY_AGENT_AUTO_TITLE: '0' },
    systemLocale: 'en-US',
    secrets,
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

async function runToEnd(sessionId: string, text: string): Promise<void> {
  const before = events.length;
  await call('chat:send', { sessionId, text });
  await vi.waitFor(() => expect(events.slice(before).some((e) => e.sessionId === sessionId && e.event.type === 'run_end')).toBe(true), {
    timeout: 10_000,
  });
}

/** Two providers: A (server A, key A) then B (server B, key B). Returns their ids. */
async function twoProviders(): Promise<{ a: string; b: string }> {
  await call<SettingsView>('settings:saveProvider', { baseUrl: serverA.url, model: 'model-a', apiKey: KEY_A });
  const view = await call<SettingsView>('settings:saveProvider', { baseUrl: serverB.url, model: 'model-b', apiKey: KEY_B });
  return { a: view.providers[0]!.id, b: view.providers[1]!.id };
}

describe('a model per chat, several providers', () => {
  it("each request goes to its chat's provider with its model and only that provider's key, after a restart too", async () => {
    await start();
    const { a, b } = await twoProviders();
    const chatA = await call<SessionDetail>('sessions:create', {});
    expect(chatA.chat.model).toEqual({ providerId: a, model: 'model-a' });
    const chatB = await call<SessionDetail>('sessions:create', { model: { providerId: b, model: 'model-b' } });
    await runToEnd(chatA.id, 'hello A');
    await runToEnd(chatB.id, 'hello B');

    await start();
    await runToEnd(chatA.id, 'again A');
    await runToEnd(chatB.id, 'again B');

    expect(serverA.chatRequests.map((r) => [r.body.model, r.headers.authorization])).toEqual([
      ['model-a', `Bearer ${KEY_A}`],
      ['model-a', `Bearer ${KEY_A}`],
    ]);
    expect(serverB.chatRequests.map((r) => [r.body.model, r.headers.authorization])).toEqual([
      ['model-b', `Bearer ${KEY_B}`],
      ['model-b', `Bearer ${KEY_B}`],
    ]);
  });

  it("switching a chat's model is an appended line, used for every later run and after a restart", async () => {
    await start();
    const { b } = await twoProviders();
    const chat = await call<SessionDetail>('sessions:create', {});
    await runToEnd(chat.id, 'one');
    const file = join(dataDir, 'sessions', `${chat.id}.jsonl`);
    const before = readFileSync(file, 'utf8');
    const switched = await call<SessionDetail>('chat:updateSettings', { sessionId: chat.id, model: { providerId: b, model: 'model-b2' } });
    expect(switched.chat.model).toEqual({ providerId: b, model: 'model-b2' });
    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(JSON.parse(after.slice(before.length))).toMatchObject({ type: 'meta', chat: { model: { providerId: b, model: 'model-b2' } } });

    await runToEnd(chat.id, 'two');
    await start();
    await runToEnd(chat.id, 'three');
    expect(serverA.chatRequests.map((r) => r.body.model)).toEqual(['model-a']);
    expect(serverB.chatRequests.map((r) => [r.body.model, r.headers.authorization])).toEqual([
      ['model-b2', `Bearer ${KEY_B}`],
      ['model-b2', `Bearer ${KEY_B}`],
    ]);
    // The history the second provider sees is the whole chat.
    expect(
      serverB.chatRequests[1]!.body.messages.filter((m: { role: string }) => m.role === 'user').map((m: { content: string }) => m.content),
    ).toEqual(['one', 'two', 'three']);
  });

  it('a chat whose provider was removed says so on send and keeps the text', async () => {
    await start();
    const { b } = await twoProviders();
    const chat = await call<SessionDetail>('sessions:create', { model: { providerId: b, model: 'model-b' } });
    await call('settings:deleteProvider', { providerId: b });
    const result = await core!.router.handle('chat:send', { sessionId: chat.id, text: 'hi' });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'provider_unavailable',
        message:
          'This chat\'s provider was removed, so "model-b" can no longer be used. Nothing was sent: choose a model for this chat at the top.',
      },
    });
    expect(serverB.chatRequests).toHaveLength(0);
  });
});

describe('per-chat system prompt and parameters', () => {
  it('a new system prompt applies from the next run; the earlier run was sent the old one', async () => {
    await start();
    await twoProviders();
    const chat = await call<SessionDetail>('sessions:create', { systemPrompt: 'Old prompt.' });
    await runToEnd(chat.id, 'first');
    const updated = await call<SessionDetail>('chat:updateSettings', { sessionId: chat.id, systemPrompt: 'New prompt.' });
    expect(updated.systemPrompt).toBe('New prompt.');
    await runToEnd(chat.id, 'second');
    await start();
    expect((await call<SessionDetail>('sessions:get', { sessionId: chat.id })).systemPrompt).toBe('New prompt.');
    await runToEnd(chat.id, 'third');
    const systems = serverA.chatRequests.map((r) => r.body.messages[0]);
    expect(systems).toEqual([
      { role: 'system', content: 'Old prompt.' },
      { role: 'system', content: 'New prompt.' },
      { role: 'system', content: 'New prompt.' },
    ]);
  });

  it('parameters are sent only when set: temperature, top_p, max tokens and reasoning_effort', async () => {
    await start();
    await twoProviders();
    const chat = await call<SessionDetail>('sessions:create', { params: { temperature: 0.3 } });
    await runToEnd(chat.id, 'one');
    await call('chat:updateSettings', {
      sessionId: chat.id,
      params: { temperature: 1.1, topP: 0.9, maxOutputTokens: 300, reasoningEffort: 'high' },
    });
    await runToEnd(chat.id, 'two');
    await call('chat:updateSettings', { sessionId: chat.id, params: {} });
    await runToEnd(chat.id, 'three');
    const pick = (body: Record<string, unknown>) =>
      Object.fromEntries(['temperature', 'top_p', 'max_tokens', 'reasoning_effort'].filter((k) => k in body).map((k) => [k, body[k]]));
    expect(serverA.chatRequests.map((r) => pick(r.body))).toEqual([
      { temperature: 0.3 },
      { temperature: 1.1, top_p: 0.9, max_tokens: 300, reasoning_effort: 'high' },
      {},
    ]);
  });

  it('each answer keeps its time to first token and duration, measured in main, across a restart', async () => {
    await start();
    await twoProviders();
    serverA.enqueue({ text: 'one two three', usage: { prompt_tokens: 12, completion_tokens: 3 } });
    const chat = await call<SessionDetail>('sessions:create', {});
    const before = events.length;
    await runToEnd(chat.id, 'hi');
    const end = events.slice(before).find((e) => e.event.type === 'assistant_end')!.event as { timing?: AssistantMessage['timing'] };
    expect(end.timing).toEqual({ firstTokenMs: expect.any(Number), durationMs: expect.any(Number) });
    expect(end.timing!.durationMs).toBeGreaterThanOrEqual(end.timing!.firstTokenMs!);
    await start();
    const answer = (await call<SessionDetail>('sessions:get', { sessionId: chat.id })).messages.at(-1) as AssistantMessage;
    expect(answer).toMatchObject({ model: 'model-a', usage: { input: 12, output: 3 }, timing: end.timing });
  });
});

describe('issue 10 #3: a key bound to the origin it was entered for', () => {
  it('keychain fails on one start, the URL moves to host Y without a key, the next start with a working keychain sends Y no key', async () => {
    await start();
    const saved = await call<SettingsView>('settings:saveProvider', { baseUrl: serverA.url, model: 'model-x', apiKey: KEY_A });
    const id = saved.providers[0]!.id;
    await start({
      ...testSecretBox,
      decryptStringAsync: async () => {
        throw new Error('keychain locked');
      },
    });
    await call('settings:saveProvider', { id, baseUrl: serverB.url });
    await start();
    const chat = await call<SessionDetail>('sessions:create', {});
    await runToEnd(chat.id, 'hello');
    expect(serverB.chatRequests).toHaveLength(1);
    expect(serverB.chatRequests[0]!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(serverB.requests)).not.toContain(KEY_A);
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).not.toContain('encryptedApiKey');
  });
});
