// An API key never leaves main's provider call: not in events, not in IPC answers, not in any log line —
// even when the provider echoes it back in an error.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

const KEY = 'sk-proj-TOPSECRET-4f9a8b7c6d5e4f3a2b1c';

let server: FakeOpenAIServer;
let core: AppCore;
let dataDir: string;
const logged: string[] = [];
const events: SessionEventEnvelope[] = [];

beforeEach(async () => {
  logged.length = 0;
  events.length = 0;
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  }
  const write = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
    logged.push(String(chunk));
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write);
  server = await startFakeOpenAI();
  dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-secrets-'));
  core = await createAppCore({
    dataDir,
    // Every model request here is scripted: no model-written title after a first answer.
    env: { TINY_AGENT_AUTO_TITLE: '0', OPENAI_BASE_URL: server.url, OPENAI_MODEL: 'fake-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => events.push(envelope),
    openExternal: async () => {},
    writeLog: (line) => logged.push(line),
  });
});

afterEach(async () => {
  await core.dispose();
  await server.close();
  vi.restoreAllMocks();
});

async function runToEnd(sessionId: string, text: string): Promise<void> {
  const before = events.length;
  const sent = await core.router.handle('chat:send', { sessionId, text });
  expect(sent.ok).toBe(true);
  await vi.waitFor(() => expect(events.slice(before).some((e) => e.event.type === 'run_end')).toBe(true), { timeout: 10_000 });
}

describe('API key secrecy', () => {
  it('keeps the key out of events, answers, logs and the data folder during failing runs', async () => {
    const saved = await core.router.handle('settings:saveProvider', {
      id: 'env',
      presetId: 'custom',
      baseUrl: server.url,
      model: 'fake-model',
      apiKey: KEY,
    });
    expect(saved.ok).toBe(true);
    const session = await core.router.handle('sessions:create', {});
    if (!session.ok) throw new Error('create failed');
    const sessionId = (session.value as { id: string }).id;
    // Named, so the chat (and its file, searched below) stays although no run of it succeeds.
    expect((await core.router.handle('sessions:rename', { sessionId, name: 'Key check' })).ok).toBe(true);

    // Providers echo keys in errors; the fake one says exactly what OpenAI says, with the full key.
    server.enqueue({ status: 401, errorMessage: `Incorrect API key provided: ${KEY}. You can find your API key at …` });
    await runToEnd(sessionId, 'first');
    server.enqueue({ status: 429, errorMessage: `Rate limit for key ${KEY}` });
    await runToEnd(sessionId, 'second');
    server.enqueue({ text: 'partial', errorFrameAt: 1, errorMessage: `stream failed for ${KEY}` });
    await runToEnd(sessionId, 'third');
    const connection = await core.router.handle('models:test', { apiKey: KEY, baseUrl: 'http://127.0.0.1:9/v1' });
    const models = await core.router.handle('models:list', {});

    // The key did reach the provider: that is its only destination.
    expect(server.chatRequests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`, `Bearer ${KEY}`]);

    const errors = events.filter((e) => e.event.type === 'error');
    expect(errors.map((e) => (e.event as { code: string }).code)).toEqual(['auth', 'rate_limited', 'server_error']);
    const everything = [
      JSON.stringify(events),
      JSON.stringify(connection),
      JSON.stringify(models),
      JSON.stringify(await core.router.handle('settings:get', undefined)),
      JSON.stringify(await core.router.handle('sessions:get', { sessionId })),
      ...logged,
      ...readdirSync(join(dataDir, 'sessions')).map((f) => readFileSync(join(dataDir, 'sessions', f), 'utf8')),
      readFileSync(join(dataDir, 'settings.json'), 'utf8'),
    ].join('\n');
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain('TOPSECRET');
  });

  it("redacts the saved key from main's log even when it is not shaped like a key", async () => {
    const plainKey = 'local-gateway-token-Q7w2';
    const saved = await core.router.handle('settings:saveProvider', {
      id: 'env',
      presetId: 'custom',
      baseUrl: server.url,
      model: 'fake-model',
      apiKey: plainKey,
    });
    expect(saved.ok).toBe(true);
    core.log.error('provider call failed', new Error(`rejected token ${plainKey}`));
    core.log.info(`retrying with ${plainKey}`);
    expect(logged.join('\n')).not.toContain(plainKey);
    expect(logged.filter((line) => line.includes('[redacted]'))).toHaveLength(2);
  });
});
