// First run as main meets it: with no environment and an empty data folder no provider exists, so a chat is
// refused before any file exists; a keyless local server counts as configured; local servers are found on the
// loopback address only, with their models.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore, AppCoreOptions } from '../../src/main/app-core.js';
import { mainStrings } from '../../src/main/i18n.js';
import { detectLocalServers } from '../../src/main/settings/local-detect.js';
import { noProviderReady } from '../../src/shared/first-run.js';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import type { SettingsView } from '../../src/shared/settings.js';
import { closedPort } from '../fixtures/closed-port.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { openTestCore } from '../fixtures/test-core.js';

const EN = mainStrings('en');
const cores: AppCore[] = [];
const servers: FakeOpenAIServer[] = [];
let dataDir: string;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-first-run-'));
});
afterEach(async () => {
  while (cores.length) await cores.pop()!.dispose();
  while (servers.length) await servers.pop()!.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function openCore(env: Record<string, string> = {}, more: Partial<AppCoreOptions> = {}): Promise<AppCore> {
  const core = await openTestCore(dataDir, { env, ...more });
  cores.push(core);
  return core;
}

async function fakeServer(options: Parameters<typeof startFakeOpenAI>[0] = {}): Promise<FakeOpenAIServer> {
  const server = await startFakeOpenAI(options);
  servers.push(server);
  return server;
}

/** Every chat file in the data folder. */
async function chatFiles(): Promise<string[]> {
  const entries = await fs.readdir(dataDir, { recursive: true });
  return entries.filter((name) => name.endsWith('.jsonl'));
}

async function invoke<T>(core: AppCore, channel: string, payload?: unknown) {
  return (await core.router.handle(channel, payload)) as { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
}

describe('no provider configured', () => {
  it('an empty data folder and no environment: no provider exists (none stands in for OpenAI), and a chat is refused before any file exists', async () => {
    const core = await openCore();
    const settings = await invoke<SettingsView>(core, 'settings:get');
    expect(settings.ok && settings.value).toMatchObject({ providers: [], defaultModel: null });
    expect(settings.ok && noProviderReady(settings.value)).toBe(true);

    expect(await invoke(core, 'sessions:create', {})).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: EN.noProvider() },
    });
    expect(await chatFiles()).toEqual([]);
    expect(await invoke(core, 'sessions:list')).toEqual({ ok: true, value: [] });
  });

  it('a saved cloud provider without a key is refused too, naming it; once its key is saved the chat is created', async () => {
    const core = await openCore();
    const saved = await invoke<SettingsView>(core, 'settings:saveProvider', { presetId: 'deepseek' });
    const deepseek = saved.ok ? saved.value.providers[0]! : undefined;
    expect(await invoke(core, 'sessions:create', {})).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: EN.needsKey('DeepSeek') },
    });
    expect(await chatFiles()).toEqual([]);

    await invoke(core, 'settings:saveProvider', { id: deepseek!.id, apiKey: 'sk-deepseek-0123' });
    const created = await invoke<{ id: string }>(core, 'sessions:create', {});
    expect(created.ok).toBe(true);
    expect(await chatFiles()).toHaveLength(1);
  });

  it('a local server needs no key: a saved Ollama counts as configured and its first message streams', async () => {
    const ollama = await fakeServer();
    ollama.enqueue({ text: 'Hello from the local model.' });
    const events: string[] = [];
    const core = await openCore({}, { emit: (envelope) => events.push(envelope.event.type) });
    await invoke(core, 'settings:saveProvider', { presetId: 'ollama', baseUrl: ollama.url, model: 'fake-model' });
    const settings = await invoke<SettingsView>(core, 'settings:get');
    expect(settings.ok && noProviderReady(settings.value)).toBe(false);

    const created = await invoke<{ id: string }>(core, 'sessions:create', {});
    expect(created.ok).toBe(true);
    const sessionId = created.ok ? created.value.id : '';
    expect((await invoke(core, 'chat:send', { sessionId, text: 'Hi' })).ok).toBe(true);
    await ollama.waitForRequests(1);
    await expect.poll(() => events.includes('run_end')).toBe(true);
    expect(events).toContain('saved');
    expect(ollama.chatRequests[0]!.headers.authorization).toBeUndefined();
  });
});

describe('local servers', () => {
  it('are looked for on 127.0.0.1 only: the one answering is offered with its models in its own order, the silent port is left out', async () => {
    const ollama = await fakeServer({ models: ['qwen2.5:7b', 'llama3.1:8b', 'qwen2.5:7b'] });
    const silent = await closedPort();
    const core = await openCore({}, { localServerPorts: { ollama: ollama.port, lmstudio: silent } });
    expect(await invoke(core, 'settings:detectLocal')).toEqual({
      ok: true,
      value: [{ presetId: 'ollama', baseUrl: `http://127.0.0.1:${ollama.port}/v1`, models: ['qwen2.5:7b', 'llama3.1:8b'] }],
    });
    expect(ollama.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models']);
  });

  it('a port answering something that is not a model list is not offered', async () => {
    const { createServer } = await import('node:http');
    const web = createServer((_req, res) => res.end('<html>a web page</html>'));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    try {
      const port = (web.address() as { port: number }).port;
      expect(await detectLocalServers({ ports: { ollama: port, lmstudio: await closedPort() } })).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => web.close(() => resolve()));
    }
  });

  it('a port that accepts but never answers is given up after the timeout', async () => {
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const mute = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    try {
      const port = (mute.address() as { port: number }).port;
      expect(await detectLocalServers({ ports: { ollama: port, lmstudio: await closedPort() }, timeoutMs: 200 })).toEqual([]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => mute.close(() => resolve()));
    }
  });
});

describe('a first send that never reached a model', () => {
  /** A core with one keyless local provider at `baseUrl`, and every event it emits. */
  async function coreWithLocal(baseUrl: string) {
    const events: SessionEventEnvelope[] = [];
    const core = await openCore({ TINY_AGENT_AUTO_TITLE: '0' }, { emit: (envelope) => events.push(envelope) });
    await invoke(core, 'settings:saveProvider', { presetId: 'ollama', baseUrl, model: 'fake-model' });
    return { core, events };
  }

  it('an unreachable server: the new chat file is removed, the list is empty, and run_end says it was discarded', async () => {
    const { core, events } = await coreWithLocal(`http://127.0.0.1:${await closedPort()}/v1`);
    const created = await invoke<{ id: string }>(core, 'sessions:create', {});
    const sessionId = created.ok ? created.value.id : '';
    expect(await chatFiles()).toHaveLength(1);

    expect((await invoke(core, 'chat:send', { sessionId, text: 'Hello?' })).ok).toBe(true);
    await expect.poll(() => events.some((e) => e.event.type === 'run_end')).toBe(true);

    const ends = events.filter((e) => e.sessionId === sessionId).map((e) => e.event.type);
    expect(ends.slice(-2)).toEqual(['error', 'run_end']);
    const error = events.find((e) => e.event.type === 'error')!.event;
    expect(error).toMatchObject({ type: 'error', code: 'unreachable', unsentText: 'Hello?' });
    expect(events.at(-1)!.event).toMatchObject({ type: 'run_end', committed: false, discarded: true });
    expect(await chatFiles()).toEqual([]);
    expect(await invoke(core, 'sessions:list')).toEqual({ ok: true, value: [] });
    expect(await invoke(core, 'sessions:get', { sessionId })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('a chat the person already changed (renamed) is kept when its first send fails', async () => {
    const { core, events } = await coreWithLocal(`http://127.0.0.1:${await closedPort()}/v1`);
    const created = await invoke<{ id: string }>(core, 'sessions:create', {});
    const sessionId = created.ok ? created.value.id : '';
    await invoke(core, 'sessions:rename', { sessionId, name: 'Trip plans' });

    await invoke(core, 'chat:send', { sessionId, text: 'Hello?' });
    await expect.poll(() => events.some((e) => e.event.type === 'run_end')).toBe(true);

    expect(events.at(-1)!.event).toMatchObject({ type: 'run_end', committed: false });
    expect(events.at(-1)!.event).not.toHaveProperty('discarded');
    expect(await chatFiles()).toHaveLength(1);
    const list = await invoke<{ name: string }[]>(core, 'sessions:list');
    expect(list.ok && list.value.map((s) => s.name)).toEqual(['Trip plans']);
  });

  it('a chat with a saved answer is kept when a later send fails', async () => {
    const ollama = await fakeServer();
    ollama.enqueue({ text: 'First answer.' }, { status: 500 });
    const { core, events } = await coreWithLocal(ollama.url);
    const created = await invoke<{ id: string }>(core, 'sessions:create', {});
    const sessionId = created.ok ? created.value.id : '';
    const runEnds = () => events.filter((e) => e.event.type === 'run_end').length;

    await invoke(core, 'chat:send', { sessionId, text: 'One' });
    await expect.poll(runEnds).toBe(1);
    await invoke(core, 'chat:send', { sessionId, text: 'Two' });
    await expect.poll(runEnds).toBe(2);

    expect(events.at(-1)!.event).toMatchObject({ type: 'run_end', committed: false });
    expect(events.at(-1)!.event).not.toHaveProperty('discarded');
    expect(await chatFiles()).toHaveLength(1);
  });
});
