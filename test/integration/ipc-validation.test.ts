// Every invoke channel through the real app core: malformed input gets a typed error, main keeps serving,
// and nothing stored changes.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import { requestSchemas } from '../../src/main/ipc/schemas.js';
import { INVOKE_CHANNELS, LIMITS, type InvokeMethod } from '../../src/shared/ipc.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';

let server: FakeOpenAIServer;
let core: AppCore;
let dataDir: string;
let sessionId: string;

beforeAll(async () => {
  server = await startFakeOpenAI();
  dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-ipc-'));
  core = await createAppCore({
    dataDir,
    env: { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-ipc-test-key-000000', OPENAI_MODEL: 'fake-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: () => {},
    openExternal: async () => {},
    writeLog: () => {},
  });
  const created = await core.router.handle('sessions:create', {});
  if (!created.ok) throw new Error(created.error.message);
  sessionId = (created.value as { id: string }).id;
});

afterAll(async () => {
  await core.dispose();
  await server.close();
});

/** A fingerprint of every file in the data folder. */
function snapshot(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(`${path}\0`).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

describe('IPC input validation', () => {
  it('answers typed errors for a wrong type, a missing field, an unknown session and a 10 MB string, and keeps serving', async () => {
    const wrongType = await core.router.handle('sessions:get', { sessionId: 42 });
    expect(wrongType).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const missing = await core.router.handle('chat:send', { sessionId });
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!missing.ok) expect(missing.error.message).toContain('text');

    const unknown = await core.router.handle('sessions:get', { sessionId: randomUUID() });
    expect(unknown).toEqual({ ok: false, error: { code: 'not_found', message: 'Chat not found' } });

    const huge = await core.router.handle('chat:send', { sessionId, text: 'x'.repeat(10 * 1024 * 1024) });
    expect(huge).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const empty = await core.router.handle('chat:send', { sessionId, text: '   \n ' });
    expect(empty).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const blankName = await core.router.handle('sessions:rename', { sessionId, name: '   ' });
    expect(blankName).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const list = await core.router.handle('sessions:list', undefined);
    expect(list.ok).toBe(true);
  });

  it('refuses links that are not http(s) or mailto', async () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x']) {
      expect(await core.router.handle('shell:openExternal', { url })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  });

  it('survives 1,000+ random and malformed payloads across every channel with typed errors and no stored change', async () => {
    const before = snapshot(dataDir);
    const methods = Object.keys(INVOKE_CHANNELS) as InvokeMethod[];
    const malformed = fc.oneof(
      fc.anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true }),
      fc.record({ sessionId: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.uuid({ version: 4 })), text: fc.anything() }, { requiredKeys: [] }),
      fc.record({ sessionId: fc.constant(sessionId), name: fc.oneof(fc.constant(''), fc.integer(), fc.string({ maxLength: 3 }).map((s) => s.replace(/\S/g, ' '))), extra: fc.anything() }),
      fc.record({ provider: fc.record({ baseUrl: fc.oneof(fc.string(), fc.constant('javascript:alert(1)'), fc.constant('file:///x')), apiKey: fc.integer() }) }),
      fc.constant({ __proto__: { polluted: true } }),
      fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "sessionId": "x"}')),
      fc.array(fc.anything(), { maxLength: 5 }),
    );
    let tried = 0;
    const codes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), malformed, async (method, payload) => {
        // Only payloads the contract rejects; a valid payload would legitimately change data.
        if (requestSchemas[method].safeParse(payload).success) return;
        tried++;
        const result = await core.router.handle(INVOKE_CHANNELS[method], payload);
        expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(['invalid_input', 'not_found']).toContain(result.error.code);
          expect(typeof result.error.message).toBe('string');
          codes.set(result.error.code, (codes.get(result.error.code) ?? 0) + 1);
        }
      }),
      { numRuns: 1_400, seed: 20261129 },
    );
    expect(tried).toBeGreaterThanOrEqual(1_000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(snapshot(dataDir)).toBe(before);
    expect((await core.router.handle('sessions:get', { sessionId })).ok).toBe(true);
  });
});

describe('request schemas', () => {
  const id = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
  /** A minimal valid request for every method that takes an object. */
  const valid: Partial<Record<InvokeMethod, object>> = {
    createSession: { name: 'n' },
    getSession: { sessionId: id },
    renameSession: { sessionId: id, name: 'n' },
    deleteSession: { sessionId: id },
    pinSession: { sessionId: id, pinned: true },
    send: { sessionId: id, text: 't' },
    regenerate: { sessionId: id },
    steer: { sessionId: id, text: 't' },
    followUp: { sessionId: id, text: 't' },
    abort: { sessionId: id },
    peekQueue: { sessionId: id },
    clearQueue: { sessionId: id, which: 'all' },
    updateSettings: { theme: 'dark' },
    listModels: { model: 'm' },
    testConnection: { model: 'm' },
    openExternal: { url: 'https://example.com' },
    searchMessages: { query: 'q' },
    approveTool: { sessionId: id, toolCallId: 'call_1', decision: 'once' },
    setSessionServers: { sessionId: id, servers: ['fixture'] },
    saveMcpServer: { name: 'fixture', transport: 'stdio', command: 'node', enabled: true },
    removeMcpServer: { name: 'fixture' },
    restartMcpServer: { name: 'fixture' },
    importMcpConfig: { text: '{}' },
    setMcpOptions: { startAtLaunch: true },
    revokeToolApproval: { server: 'fixture', tool: 'add' },
  };

  it('refuses unknown fields on every request that takes an object', () => {
    const methods = (Object.keys(INVOKE_CHANNELS) as InvokeMethod[]).filter((m) => m !== 'listSessions' && m !== 'getSettings' && m !== 'getMcpSettings');
    expect(Object.keys(valid).sort()).toEqual(methods.sort());
    for (const [method, payload] of Object.entries(valid) as Array<[InvokeMethod, object]>) {
      expect(requestSchemas[method].safeParse(payload).success, method).toBe(true);
      expect(requestSchemas[method].safeParse({ ...payload, extra: 1 }).success, `${method} + extra`).toBe(false);
    }
    expect(requestSchemas.updateSettings.safeParse({ provider: { model: 'm', extra: 1 } }).success).toBe(false);
  });

  it('takes message text up to the limit and not one character more', () => {
    const send = (text: string) => requestSchemas.send.safeParse({ sessionId: id, text }).success;
    expect([send('x'.repeat(LIMITS.maxMessageChars)), send('x'.repeat(LIMITS.maxMessageChars + 1))]).toEqual([true, false]);
  });

  it('takes session ids only as uuids and base URLs only as http(s)', () => {
    const get = (sessionId: string) => requestSchemas.getSession.safeParse({ sessionId }).success;
    expect([id, '../settings', 'not-a-uuid', ''].map(get)).toEqual([true, false, false, false]);
    const baseUrl = (url: string) => requestSchemas.updateSettings.safeParse({ provider: { baseUrl: url } }).success;
    expect(['http://127.0.0.1:11434/v1', 'https://api.example.com/v1/', 'javascript:alert(1)', 'file:///etc/passwd', 'ftp://example.com'].map(baseUrl)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('refuses saving an empty model name', () => {
    const model = (name: string) => requestSchemas.updateSettings.safeParse({ provider: { model: name } }).success;
    expect(['gpt-4o', '', '   '].map(model)).toEqual([true, false, false]);
  });
});
