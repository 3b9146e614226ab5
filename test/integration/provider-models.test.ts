// listModels and testConnection against the fake server, a closed port and a server that never answers.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { listModels, ProviderRequestError, testConnection } from '../../src/main/llm/index.js';

const KEY = 'sk-models-test-key-4242';
let server: FakeOpenAIServer;
let closedPortUrl: string;
let silent: Server;
const silentSockets = new Set<Socket>();

beforeAll(async () => {
  server = await startFakeOpenAI({ models: ['zeta', 'alpha', 'fake-model', 'alpha'] });
  const closed = await startFakeOpenAI();
  closedPortUrl = closed.url;
  await closed.close();
  // Accepts connections and never answers: only a timeout ends a request to it.
  silent = createServer((socket) => void silentSockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await server.close();
  for (const socket of silentSockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const endpoint = (overrides: { baseUrl?: string; apiKey?: string; timeoutMs?: number } = {}) => ({
  baseUrl: server.url,
  apiKey: KEY,
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderRequestError);
  const { code, message } = error as ProviderRequestError;
  return { code, message };
}

describe('listModels', () => {
  it('returns the sorted, de-duplicated ids from GET /models, sending the key', async () => {
    expect(await listModels(endpoint())).toEqual(['alpha', 'fake-model', 'zeta']);
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models', headers: { authorization: `Bearer ${KEY}` } });
  });

  it('rejects with auth for a wrong key', async () => {
    server.setApiKey('sk-the-right-one');
    try {
      expect(await failure(listModels(endpoint()))).toEqual({ code: 'auth', message: 'HTTP 401' });
    } finally {
      server.setApiKey(undefined);
    }
  });

  it('rejects a wrong base URL as a missing endpoint', async () => {
    expect(await failure(listModels(endpoint({ baseUrl: `${server.url}/nope` })))).toEqual({
      code: 'model_not_found',
      message: 'Endpoint not found, check the base URL (HTTP 404)',
    });
  });

  it('rejects a closed port as unreachable and a silent server as a timeout', async () => {
    expect(await failure(listModels(endpoint({ baseUrl: closedPortUrl })))).toEqual({
      code: 'unreachable',
      message: `Cannot reach ${new URL(closedPortUrl).host} (connection refused)`,
    });
    const port = (silent.address() as AddressInfo).port;
    expect(await failure(listModels(endpoint({ baseUrl: `http://127.0.0.1:${port}/v1`, timeoutMs: 300 })))).toEqual({
      code: 'timeout',
      message: 'No response within 0.3 s',
    });
  });

  it('rejects as aborted when the signal fires', async () => {
    expect(await failure(listModels(endpoint(), AbortSignal.abort()))).toEqual({ code: 'aborted', message: 'Stopped by user' });
  });
});

describe('testConnection', () => {
  it('reports the model count, and whether the chosen model is listed', async () => {
    expect(await testConnection(endpoint())).toEqual({ ok: true, message: 'Connected: 3 models available', modelCount: 3 });
    expect(await testConnection({ ...endpoint(), model: 'fake-model' })).toEqual({
      ok: true,
      message: 'Connected: model "fake-model" is available (3 models)',
      modelCount: 3,
      modelFound: true,
    });
    expect(await testConnection({ ...endpoint(), model: 'gpt-missing' })).toEqual({
      ok: true,
      message: 'Connected, but model "gpt-missing" is not among the 3 models listed',
      modelCount: 3,
      modelFound: false,
    });
  });

  it('reports failures with a code and never throws', async () => {
    expect(await testConnection(endpoint({ baseUrl: closedPortUrl }))).toEqual({
      ok: false,
      code: 'unreachable',
      message: `Cannot reach ${new URL(closedPortUrl).host} (connection refused)`,
    });
    expect(await testConnection(endpoint({ baseUrl: 'not a url' }))).toEqual({
      ok: false,
      code: 'unreachable',
      message: 'Invalid base URL "not a url"',
    });
  });
});
