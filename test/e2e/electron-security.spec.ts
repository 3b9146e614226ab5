// Electron-only: the real window's security settings. Skips with a printed reason when the binary is absent.
import { _electron, expect, test } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { INVOKE_CHANNELS } from '../../src/shared/ipc.js';
import { electronBinary } from './launch.js';

const binary = electronBinary();
const reason =
  'Electron binary not present (node_modules/electron/dist is empty: it downloads on first launch, which this machine cannot do)';
if (!binary) console.log(`[electron-security] skipped: ${reason}`);

test.describe('Electron window security', () => {
  test.skip(!binary, reason);

  test('window is isolated, sandboxed, without Node, and blocks navigation and popups', async () => {
    const app = await _electron.launch({
      executablePath: binary!,
      args: [resolve(import.meta.dirname, '../../out/main/index.js')],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        TINY_AGENT_DATA_DIR: mkdtempSync(join(tmpdir(), 'tiny-agent-el-')),
      },
    });
    try {
      const page = await app.firstWindow();
      // The options themselves are unit-tested (secureWebPreferences); here their effect in the real window.
      expect(await page.evaluate(() => Object.keys((window as unknown as { api: object }).api).sort())).toEqual(
        [...Object.keys(INVOKE_CHANNELS), 'onSessionEvent'].sort(),
      );
      expect(await page.evaluate(() => Object.isFrozen((window as unknown as { api: object }).api))).toBe(true);
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
      const before = page.url();
      await page.evaluate(() => {
        window.location.href = 'https://example.com/';
      });
      await page.waitForTimeout(500);
      expect(page.url()).toBe(before);
      expect(await page.evaluate(() => window.open('https://example.com/'))).toBeNull();
      // The permission handler denies everything the app does not use.
      expect(await page.evaluate(() => Notification.requestPermission())).toBe('denied');
      const media = await page.evaluate(() =>
        navigator.mediaDevices.getUserMedia({ audio: true }).then(
          () => 'granted',
          (e: Error) => e.name,
        ),
      );
      expect(media).toBe('NotAllowedError');
      const csp = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'));
      expect(csp).toContain("script-src 'self'");
    } finally {
      await app.close();
    }
  });
});
