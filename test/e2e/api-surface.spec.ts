// The renderer's only door to main: `window.api`, exactly the contract's functions — nothing generic.
import { expect, test } from '@playwright/test';
import { INVOKE_CHANNELS } from '../../src/shared/ipc.js';
import { startHarness } from './helpers.js';

test('window.api exposes exactly the contract, frozen, with no generic invoke, ipcRenderer, require or process', async () => {
  const h = await startHarness();
  try {
    const surface = await h.page.evaluate(() => {
      const api = (window as unknown as { api: Record<string, unknown> }).api;
      const globals = Object.getOwnPropertyNames(window).filter((name) => /ipc|electron|invoke|^require$|^module$/i.test(name));
      return {
        keys: Object.getOwnPropertyNames(api).sort(),
        types: [...new Set(Object.values(api).map((value) => typeof value))],
        frozen: Object.isFrozen(api),
        globals,
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
      };
    });
    expect(surface.keys).toEqual([...Object.keys(INVOKE_CHANNELS), 'onSessionEvent'].sort());
    expect(surface.types).toEqual(['function']);
    expect(surface.frozen).toBe(true);
    expect(surface.require).toBe('undefined');
    expect(surface.process).toBe('undefined');
    // Chromium mode's test bridge is the harness's own binding, standing where the preload's ipcRenderer would be.
    expect(surface.globals).toEqual(h.app.mode === 'chromium' ? ['__tinyAgentInvoke'] : []);

    // An unknown channel through the bridge is refused by main's router like any bad input.
    if (h.app.mode === 'chromium') {
      const answer = await h.page.evaluate(() =>
        (window as unknown as { __tinyAgentInvoke(c: string, p: unknown): Promise<string> }).__tinyAgentInvoke('fs:read', { path: '/etc/passwd' }),
      ).then((json) => JSON.parse(json) as unknown);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  } finally {
    await h.close();
  }
});
