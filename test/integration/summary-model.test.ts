// The model that writes summaries of long chats, through the app core: by default the chat's own model; once a model
// is chosen in Settings, the summary request goes to it (its provider's URL and key), while the chat's answers stay
// with the chat's model; choosing "each chat's own" again, or removing the chosen provider, brings the chat's back.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import type { SettingsView } from '../../src/shared/settings.js';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import { echoReply, startFakeOpenAI, type FakeOpenAIServer, type FakeRequest } from '../fixtures/fake-openai.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

let dir: string;
let chatServer: FakeOpenAIServer;
let summaryServer: FakeOpenAIServer;
let core: AppCore;
let events: SessionEventEnvelope[];

const isSummaryRequest = (request: FakeRequest) => String(request.body?.messages?.[0]?.content ?? '').startsWith('You condense chats');
const summaryReply = (request: FakeRequest) =>
  isSummaryRequest(request) ? { text: `Summary by ${request.body.model}.` } : echoReply(request);

async function call<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await core.router.handle(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

async function chatOfTwoTurns(): Promise<string> {
  const chat = await call<SessionDetail>('sessions:create', {});
  for (const text of ['first question', 'second question']) {
    const { runId } = await call<{ runId: string }>('chat:send', { sessionId: chat.id, text });
    await expect.poll(() => events.some((e) => e.runId === runId && e.event.type === 'run_end')).toBe(true);
  }
  return chat.id;
}

/** Saves the chat's provider and a second one holding the summarizer (saved providers replace the environment's). */
async function twoProviders(): Promise<string> {
  await call('settings:saveProvider', { baseUrl: chatServer.url, model: 'chat-model', apiKey: 'sk-chat' });
  const saved = await call<SettingsView>('settings:saveProvider', {
    baseUrl: summaryServer.url,
    model: 'mini-summarizer',
    apiKey: 'sk-mini',
  });
  expect(saved.defaultModel?.model).toBe('chat-model');
  return saved.providers.find((p) => p.baseUrl === summaryServer.url)!.id;
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-summary-model-'));
  chatServer = await startFakeOpenAI();
  summaryServer = await startFakeOpenAI();
  chatServer.setDefaultReply(summaryReply);
  summaryServer.setDefaultReply(summaryReply);
  events = [];
  core = await createAppCore({
    dataDir: dir,
    env: { TINY_AGENT_AUTO_TITLE: '0', OPENAI_BASE_URL: chatServer.url, OPENAI_API_KEY: 'sk-chat', OPENAI_MODEL: 'chat-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => events.push(envelope),
    openExternal: async () => undefined,
    writeLog: () => undefined,
  });
});

afterEach(async () => {
  await core.dispose();
  await chatServer.close();
  await summaryServer.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the summary model setting', () => {
  it("by default the chat's own model writes the summary", async () => {
    expect((await call<SettingsView>('settings:get')).summaryModel).toBeNull();
    const sessionId = await chatOfTwoTurns();
    const view = await call<{ summary?: { model: string; summary: string } }>('condense:now', { sessionId });
    expect(view.summary).toMatchObject({ model: 'chat-model', summary: 'Summary by chat-model.' });
    expect(chatServer.chatRequests.filter(isSummaryRequest).map((r) => r.body.model)).toEqual(['chat-model']);
    expect(summaryServer.chatRequests).toHaveLength(0);
  });

  it('a model chosen in Settings gets the summary request, with its own key; the chat keeps answering on its model', async () => {
    const summarizer = { id: await twoProviders() };
    const view = await call<SettingsView>('settings:update', { summaryModel: { providerId: summarizer.id, model: 'mini-summarizer' } });
    expect(view.summaryModel).toEqual({ providerId: summarizer.id, model: 'mini-summarizer' });

    const sessionId = await chatOfTwoTurns();
    const condensed = await call<{ summary?: { model: string; summary: string } }>('condense:now', { sessionId });
    expect(condensed.summary).toMatchObject({ model: 'mini-summarizer', summary: 'Summary by mini-summarizer.' });
    const summaries = summaryServer.chatRequests.filter(isSummaryRequest);
    expect(summaries.map((r) => [r.body.model, r.headers.authorization])).toEqual([['mini-summarizer', 'Bearer sk-mini']]);
    expect(chatServer.chatRequests.filter(isSummaryRequest)).toHaveLength(0);
    // The chat's own answers went to its own model only.
    expect(chatServer.chatRequests.map((r) => r.body.model)).toEqual(['chat-model', 'chat-model']);
    expect(summaryServer.chatRequests).toHaveLength(1);

    // The choice survives a restart of the settings file.
    const reread = JSON.parse(await fs.readFile(path.join(dir, 'settings.json'), 'utf8'));
    expect(reread.summaryModel).toEqual({ providerId: summarizer.id, model: 'mini-summarizer' });

    // Back to each chat's own model.
    expect((await call<SettingsView>('settings:update', { summaryModel: null })).summaryModel).toBeNull();
    await call('condense:undo', { sessionId });
    const again = await call<{ summary?: { model: string } }>('condense:now', { sessionId });
    expect(again.summary?.model).toBe('chat-model');
  });

  it('a chosen model whose provider is removed falls back to the chat model; an unknown provider is refused', async () => {
    const refused = await core.router.handle('settings:update', { summaryModel: { providerId: 'no-such', model: 'x' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const summarizer = { id: await twoProviders() };
    await call('settings:update', { summaryModel: { providerId: summarizer.id, model: 'mini-summarizer' } });
    const after = await call<SettingsView>('settings:deleteProvider', { providerId: summarizer.id });
    expect(after.summaryModel).toBeNull();

    const sessionId = await chatOfTwoTurns();
    const condensed = await call<{ summary?: { model: string } }>('condense:now', { sessionId });
    expect(condensed.summary?.model).toBe('chat-model');
    expect(summaryServer.chatRequests).toHaveLength(0);
  });
});
