// The renderer's only door to main: `window.api`, exactly the contract's functions — nothing generic.
import { expect, test } from '@playwright/test';
import { CONTENT_SECURITY_POLICY } from '../../src/main/security/content-security-policy.js';
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
    expect(surface.keys).toEqual([...Object.keys(INVOKE_CHANNELS), 'onMenuCommand', 'onSessionEvent'].sort());
    expect(surface.types).toEqual(['function']);
    expect(surface.frozen).toBe(true);
    expect(surface.require).toBe('undefined');
    expect(surface.process).toBe('undefined');
    // Chromium mode's test bridge is the harness's own binding, standing where the preload's ipcRenderer would be.
    expect(surface.globals).toEqual(h.app.mode === 'chromium' ? ['__tinyAgentInvoke'] : []);

    // An unknown channel through the bridge is refused by main's router like any bad input.
    if (h.app.mode === 'chromium') {
      const answer = await h.page
        .evaluate(() =>
          (window as unknown as { __tinyAgentInvoke(c: string, p: unknown): Promise<string> }).__tinyAgentInvoke('fs:read', {
            path: '/etc/passwd',
          }),
        )
        .then((json) => JSON.parse(json) as unknown);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  } finally {
    await h.close();
  }
});

test('the built page carries the CSP, which blocks inline script and remote loads', async () => {
  const h = await startHarness();
  try {
    const result = await h.page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.body.appendChild(script);
      const remote = await new Promise<string>((resolve) => {
        const img = document.createElement('img');
        img.onload = () => resolve('loaded');
        img.onerror = () => resolve('blocked');
        img.src = 'http://127.0.0.1:9/pixel.png';
        document.body.appendChild(img);
      });
      const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content');
      return { inline: (window as unknown as { __inline?: number }).__inline, remote, meta };
    });
    // The meta tag is what protects the Electron build (loaded from file://, where no header can be set).
    expect(result).toEqual({ inline: undefined, remote: 'blocked', meta: CONTENT_SECURITY_POLICY });
  } finally {
    await h.close();
  }
});
