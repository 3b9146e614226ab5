import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/shared/errors.js';
import { createRouter, type InvokeHandlers } from '../../../src/main/ipc/router.js';

const words = () => ({
  invalidInput: (d: string) => `Invalid request: ${d}`,
  unknownChannel: (c: string) => `Unknown request: ${c}`,
  internal: () => 'Internal error.',
  storage: (cause: string) => `Could not save: ${cause}`,
});

function routerWith(overrides: Partial<InvokeHandlers>, logged: unknown[] = []) {
  const fail = () => {
    throw new Error('not used in this test');
  };
  const handlers = new Proxy(overrides, {
    get: (target, key) => (target as Record<string | symbol, unknown>)[key] ?? fail,
  }) as InvokeHandlers;
  return createRouter(handlers, words, (_context, error) => logged.push(error));
}

describe('IPC router', () => {
  it('answers a handler value as ok', async () => {
    const router = routerWith({ listSessions: () => [] });
    expect(await router.handle('sessions:list', undefined)).toEqual({ ok: true, value: [] });
  });

  it('passes the validated, trimmed request to the handler', async () => {
    const seen: unknown[] = [];
    const router = routerWith({ send: (req) => (seen.push(req), { runId: 'r1' }) });
    const sessionId = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
    expect(await router.handle('chat:send', { sessionId, text: '  hi  ' })).toEqual({ ok: true, value: { runId: 'r1' } });
    expect(seen).toEqual([{ sessionId, text: 'hi' }]);
  });

  it('maps an AppError to its code and message', async () => {
    const router = routerWith({ getSession: () => Promise.reject(new AppError('not_found', 'Session not found')) });
    expect(await router.handle('sessions:get', { sessionId: '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'Session not found' },
    });
  });

  it('turns anything else thrown into `internal` without details, logs it, and keeps serving', async () => {
    const logged: unknown[] = [];
    const router = routerWith(
      {
        listSessions: () => {
          throw new TypeError('secret internals at /home/x');
        },
        getSettings: () => ({}) as never,
      },
      logged,
    );
    expect(await router.handle('sessions:list', undefined)).toEqual({ ok: false, error: { code: 'internal', message: 'Internal error.' } });
    expect(logged).toHaveLength(1);
    expect((await router.handle('settings:get', undefined)).ok).toBe(true);
  });

  it('refuses unknown channels', async () => {
    const router = routerWith({});
    expect(await router.handle('fs:readFile', { path: '/etc/passwd' })).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'Unknown request: fs:readFile' },
    });
  });

  it('a file-system refusal that reaches the router is a storage error naming its cause, not internal', async () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const router = routerWith({
      updateSettings: () => {
        throw full;
      },
    });
    expect(await router.handle('settings:update', { theme: 'dark' })).toEqual({
      ok: false,
      error: { code: 'storage', message: 'Could not save: disk_full' },
    });
  });
});
