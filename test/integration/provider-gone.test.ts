// A chat whose provider disappears — the environment's provider set aside once one is saved in Settings, a provider
// deleted, the environment's provider taken over in Settings and then deleted — never sends to another provider: its
// send, regenerate and edit are refused with `provider_unavailable`, naming what happened, and reach no server; once
// the person chooses a model for the chat, it goes there. Through the real app core and real fake servers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../src/main/app-core.js';
import { mainStrings } from '../../src/main/i18n.js';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import type { SettingsView } from '../../src/shared/settings.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { useTestCores } from '../fixtures/test-core.js';

const EN = mainStrings('en');
const ZH = mainStrings('zh-CN');
const cores = useTestCores('provider-gone');
let envServer: FakeOpenAIServer;
let saved: FakeOpenAIServer;
let events: SessionEventEnvelope[];

beforeEach(async () => {
  events = [];
  [envServer, saved] = await Promise.all([startFakeOpenAI(), startFakeOpenAI()]);
});
afterEach(async () => {
  await Promise.all([envServer.close(), saved.close()]);
});

/** A core whose environment names `envServer` (key and model), as OPENAI_* would. */
function open(locale = 'en-US'): Promise<AppCore> {
  return cores.open({
    env: { OPENAI_BASE_URL: envServer.url, OPENAI_API_KEY: 'sk-env-0000000000', OPENAI_MODEL: 'env-model', TINY_AGENT_AUTO_TITLE: '0' },
    systemLocale: locale,
    emit: (envelope) => events.push(envelope),
  });
}

async function call<T>(core: AppCore, channel: string, request?: unknown): Promise<T> {
  const result = await core.router.handle(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

async function runToEnd(core: AppCore, sessionId: string, text: string): Promise<void> {
  const before = events.length;
  await call(core, 'chat:send', { sessionId, text });
  await vi.waitFor(() => expect(events.slice(before).some((e) => e.sessionId === sessionId && e.event.type === 'run_end')).toBe(true));
}

/** The answers to send, regenerate and edit in `sessionId` (whose first question has the id `questionId`). */
async function everyWayToRun(core: AppCore, sessionId: string, questionId: string) {
  return [
    await core.router.handle('chat:send', { sessionId, text: 'are you there?' }),
    await core.router.handle('chat:regenerate', { sessionId }),
    await core.router.handle('chat:editMessage', { sessionId, messageId: questionId, text: 'edited' }),
  ];
}

/** The stored id of the chat's first question (refs follow the messages after the system message). */
const firstQuestion = (detail: SessionDetail) => detail.refs[detail.messages.slice(1).findIndex((m) => m.role === 'user')]!.id;

describe('a chat whose provider disappears says so and sends nowhere', () => {
  it("on the environment's provider, once a provider is saved in Settings: refused, naming the environment; then the chosen model answers", async () => {
    const core = await open();
    const chat = await call<SessionDetail>(core, 'sessions:create', {});
    expect(chat.chat.model).toEqual({ providerId: 'env', model: 'env-model' });
    await runToEnd(core, chat.id, 'hello');
    const view = await call<SettingsView>(core, 'settings:saveProvider', { presetId: 'custom', baseUrl: saved.url, model: 'saved-model' });
    const detail = await call<SessionDetail>(core, 'sessions:get', { sessionId: chat.id });

    const refused = { ok: false, error: { code: 'provider_unavailable', message: EN.envProviderSetAside('env-model') } };
    expect(await everyWayToRun(core, chat.id, firstQuestion(detail))).toEqual([refused, refused, refused]);
    expect(envServer.chatRequests).toHaveLength(1);
    expect(saved.chatRequests).toHaveLength(0);

    const providerId = view.providers[0]!.id;
    await call(core, 'chat:updateSettings', { sessionId: chat.id, model: { providerId, model: 'saved-model' } });
    await runToEnd(core, chat.id, 'now here');
    expect(saved.chatRequests.map((r) => r.body.model)).toEqual(['saved-model']);
    expect(envServer.chatRequests).toHaveLength(1);
  });

  it('on a provider that was deleted: refused, after a restart too, in the language of the app', async () => {
    let core = await open();
    const b = (await call<SettingsView>(core, 'settings:saveProvider', { presetId: 'custom', baseUrl: saved.url, model: 'b-model' }))
      .providers[0]!.id;
    await call(core, 'settings:saveProvider', { presetId: 'custom', baseUrl: envServer.url, model: 'other-model' });
    const chat = await call<SessionDetail>(core, 'sessions:create', { model: { providerId: b, model: 'b-model' } });
    await runToEnd(core, chat.id, 'hello');
    await call(core, 'settings:deleteProvider', { providerId: b });
    const detail = await call<SessionDetail>(core, 'sessions:get', { sessionId: chat.id });
    const refused = { ok: false, error: { code: 'provider_unavailable', message: EN.providerMissing('b-model') } };
    expect(await everyWayToRun(core, chat.id, firstQuestion(detail))).toEqual([refused, refused, refused]);

    await cores.close(core);
    core = await open('zh-CN');
    expect(await core.router.handle('chat:send', { sessionId: chat.id, text: '在吗？' })).toEqual({
      ok: false,
      error: { code: 'provider_unavailable', message: ZH.providerMissing('b-model') },
    });
    expect(saved.chatRequests).toHaveLength(1);
    expect(envServer.chatRequests).toHaveLength(0);
  });

  it("on the environment's provider taken over in Settings, moved to another address, then deleted: it does not fall back to the environment's address", async () => {
    const core = await open();
    // Edited in Settings, the environment's provider becomes a saved one (same id, so its chats follow it)…
    await call(core, 'settings:saveProvider', { id: 'env', presetId: 'custom', baseUrl: saved.url, model: 'moved-model' });
    const chat = await call<SessionDetail>(core, 'sessions:create', {});
    expect(chat.chat.model).toEqual({ providerId: 'env', model: 'moved-model' });
    await runToEnd(core, chat.id, 'hello');
    expect(saved.chatRequests).toHaveLength(1);

    // …and deleting it brings the environment's provider back, which is not the provider this chat was on.
    const view = await call<SettingsView>(core, 'settings:deleteProvider', { providerId: 'env' });
    expect(view.providers).toEqual([expect.objectContaining({ fromEnv: true, baseUrl: envServer.url })]);
    expect(view.providers[0]!.id).not.toBe('env');
    expect(await core.router.handle('chat:send', { sessionId: chat.id, text: 'still there?' })).toEqual({
      ok: false,
      error: { code: 'provider_unavailable', message: EN.providerMissing('moved-model') },
    });
    expect(envServer.chatRequests).toHaveLength(0);
    expect(saved.chatRequests).toHaveLength(1);

    // A new chat runs on the environment's provider, and still does after a restart.
    const fresh = await call<SessionDetail>(core, 'sessions:create', {});
    await cores.close(core);
    const again = await open();
    await runToEnd(again, fresh.id, 'new chat');
    expect(envServer.chatRequests.map((r) => r.body.model)).toEqual(['env-model']);
  });

  it("a new chat set to a deleted provider's model is not created; a switched-off provider is named", async () => {
    const core = await open();
    const b = (await call<SettingsView>(core, 'settings:saveProvider', { presetId: 'custom', baseUrl: saved.url, model: 'b-model' }))
      .providers[0]!.id;
    const other = await call<SettingsView>(core, 'settings:saveProvider', {
      presetId: 'custom',
      baseUrl: envServer.url,
      model: 'c-model',
      name: 'Other',
    });
    const c = other.providers[1]!.id;
    await call(core, 'settings:deleteProvider', { providerId: b });
    expect(await core.router.handle('sessions:create', { model: { providerId: b, model: 'b-model' } })).toEqual({
      ok: false,
      error: { code: 'provider_unavailable', message: EN.providerMissing('b-model') },
    });
    const chat = await call<SessionDetail>(core, 'sessions:create', { model: { providerId: c, model: 'c-model' } });
    await call(core, 'settings:saveProvider', { id: c, enabled: false });
    expect(await core.router.handle('chat:send', { sessionId: chat.id, text: 'hi' })).toEqual({
      ok: false,
      error: { code: 'provider_unavailable', message: EN.providerDisabled('Other') },
    });
    expect(envServer.chatRequests).toHaveLength(0);
    expect(saved.chatRequests).toHaveLength(0);
  });
});
