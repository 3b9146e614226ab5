// The preload against a stand-in for Electron's contextBridge and ipcRenderer (the Electron binary is the one
// edge we cannot run here): it exposes exactly the contract, each function bound to its own channel.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNELS, MENU_COMMAND_CHANNEL, SESSION_EVENT_CHANNEL } from '../../../src/shared/ipc.js';

const exposed = new Map<string, unknown>();
const invoked: Array<[string, unknown]> = [];
const handlers = new Map<string, Set<(...args: unknown[]) => void>>();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
  ipcRenderer: {
    invoke: (channel: string, payload: unknown) => {
      invoked.push([channel, payload]);
      return Promise.resolve({ ok: true, value: channel });
    },
    on: (channel: string, handler: (...args: unknown[]) => void) => {
      if (!handlers.has(channel)) handlers.set(channel, new Set());
      handlers.get(channel)!.add(handler);
    },
    removeListener: (channel: string, handler: (...args: unknown[]) => void) => handlers.get(channel)?.delete(handler),
  },
}));

beforeEach(async () => {
  exposed.clear();
  invoked.length = 0;
  handlers.clear();
  vi.resetModules();
  await import('../../../src/preload/index.js');
});

describe('preload', () => {
  it('exposes only `api`, frozen, with exactly the contract methods and the two event subscriptions', () => {
    expect([...exposed.keys()]).toEqual(['api']);
    const api = exposed.get('api') as Record<string, unknown>;
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.keys(api).sort()).toEqual([...Object.keys(INVOKE_CHANNELS), 'onMenuCommand', 'onSessionEvent'].sort());
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true);
  });

  it('sends each method on its own channel with the request as given', async () => {
    const api = exposed.get('api') as Record<string, (request?: unknown) => Promise<unknown>>;
    for (const [method, channel] of Object.entries(INVOKE_CHANNELS)) {
      await expect(api[method]!({ probe: method })).resolves.toEqual({ ok: true, value: channel });
    }
    expect(invoked).toEqual(Object.entries(INVOKE_CHANNELS).map(([method, channel]) => [channel, { probe: method }]));
  });

  it('delivers events without the IPC event object, and unsubscribes', () => {
    const api = exposed.get('api') as { onSessionEvent(listener: (e: unknown) => void): () => void };
    const received: unknown[][] = [];
    // Every argument the listener gets: the IPC event (its `sender` is ipcRenderer) must never be one of them.
    const unsubscribe = api.onSessionEvent((...args: unknown[]) => received.push(args));
    const envelope = { sessionId: 's', runId: 'r', seq: 1, event: { type: 'delta', text: 'x' } };
    for (const handler of handlers.get(SESSION_EVENT_CHANNEL) ?? []) handler({ sender: 'secret ipc event' }, envelope);
    expect(received).toEqual([[envelope]]);
    unsubscribe();
    expect(handlers.get(SESSION_EVENT_CHANNEL)?.size).toBe(0);
  });

  it('delivers menu commands without the IPC event object, and unsubscribes', () => {
    const api = exposed.get('api') as { onMenuCommand(listener: (command: unknown) => void): () => void };
    const received: unknown[][] = [];
    const unsubscribe = api.onMenuCommand((...args: unknown[]) => received.push(args));
    for (const handler of handlers.get(MENU_COMMAND_CHANNEL) ?? []) handler({ sender: 'secret ipc event' }, 'shortcuts');
    expect(received).toEqual([['shortcuts']]);
    unsubscribe();
    expect(handlers.get(MENU_COMMAND_CHANNEL)?.size).toBe(0);
  });
});
