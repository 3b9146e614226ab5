// Settings through the interface: provider, a write-only key stored encrypted, models from /models, a connection
// test, a default system prompt — all surviving a restart; and the close button every dialog has in its title bar.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshot, sendMessage, sentMessages, startHarness, waitForAnswers } from './helpers.js';

test('a key entered in Settings is write-only, stored encrypted, used for requests, and survives a restart', async () => {
  // No OPENAI_* key: the person configures everything in the app.
  const h = await startHarness({ env: { OPENAI_API_KEY: '' } });
  try {
    const { page, server } = h;
    const key = 'sk-typed-in-settings-9f8e7d6c5b4a';
    server.setApiKey(key);
    server.setModels(['fake-model', 'fake-reasoner', 'another-model']);

    await page.getByTestId('settings-open').click();
    // Nothing saved yet: the environment's provider is listed; adding one needs only URL, key and model.
    await expect(page.getByTestId('settings-provider')).toHaveAttribute('data-provider-id', 'env');
    await page.getByTestId('settings-provider-add').click();
    await page.getByTestId('settings-base-url').fill(server.url);
    await page.getByTestId('settings-api-key').fill(key);
    await page.getByTestId('settings-test').click();
    await expect(page.getByTestId('settings-test-result')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('settings-test-result')).toContainText('3');
    await page.getByTestId('settings-load-models').click();
    await expect(page.getByTestId('provider-model')).toHaveCount(3);
    await page.getByTestId('settings-model').fill('fake-reasoner');
    await page.getByTestId('settings-save').click();
    // Back on the overview: the saved provider replaces the environment's one.
    const row = page.getByTestId('settings-provider');
    await expect(row).toHaveCount(1);
    await expect(row).not.toHaveAttribute('data-provider-id', 'env');
    await page.getByTestId('settings-system-prompt').fill('Answer in one sentence.');
    await page.getByTestId('settings-save').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Write-only: the field never shows the key again, only that one is set.
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-provider').getByRole('button').click();
    await expect(page.getByTestId('settings-api-key')).toHaveValue('');
    await expect(page.getByTestId('settings-key-state')).toHaveAttribute('data-key-set', 'true');
    expect(await page.content()).not.toContain(key);
    const view = await page.evaluate(() => (window as unknown as { api: { getSettings(): Promise<unknown> } }).api.getSettings());
    expect(view).toMatchObject({ ok: true, value: { providers: [{ hasApiKey: true }] } });
    expect(JSON.stringify(view)).not.toContain(key);
    await page.keyboard.press('Escape');

    const onDisk = readFileSync(join(h.app.dataDir, 'settings.json'), 'utf8');
    expect(onDisk).not.toContain(key);
    expect(JSON.parse(onDisk).providers).toEqual([
      expect.objectContaining({ presetId: 'custom', baseUrl: server.url, model: 'fake-reasoner', keyOrigin: new URL(server.url).origin }),
    ]);

    await sendMessage(page, 'Hello with my own key');
    await waitForAnswers(page, 1);
    expect(server.chatRequests.at(-1)!.headers.authorization).toBe(`Bearer ${key}`);
    expect(server.chatRequests.at(-1)!.body.model).toBe('fake-reasoner');
    expect(sentMessages(server, 0)[0]).toEqual({ role: 'system', content: 'Answer in one sentence.' });

    await h.relaunch();
    await h.page.getByTestId('new-session').click();
    await sendMessage(h.page, 'Still there after a restart?');
    await waitForAnswers(h.page, 1);
    expect(server.chatRequests.at(-1)!.headers.authorization).toBe(`Bearer ${key}`);
  } finally {
    await h.close();
  }
});

test('a wrong key shows a clear connection-test result', async () => {
  const h = await startHarness();
  try {
    h.server.setApiKey('sk-the-right-one-0000000');
    await h.page.getByTestId('settings-open').click();
    await h.page.getByTestId('settings-provider').getByRole('button').click();
    await h.page.getByTestId('settings-api-key').fill('sk-the-wrong-one-1111111');
    await h.page.getByTestId('settings-test').click();
    await expect(h.page.getByTestId('settings-test-result')).toHaveAttribute('data-ok', 'false');
    await expect(h.page.getByTestId('settings-test-result')).toContainText('API key');
  } finally {
    await h.close();
  }
});

for (const [locale, colorScheme, width] of [
  ['en-US', 'light', 1600],
  ['zh-CN', 'dark', 420],
] as const) {
  test(`every dialog has a close button in its title bar, in view however far its content scrolls (${locale}, ${colorScheme}, ${width}px)`, async () => {
    const h = await startHarness({ locale, colorScheme, viewport: { width, height: 760 } });
    try {
      const { page } = h;
      await page.getByTestId('settings-open').click();
      const settings = page.getByTestId('settings-dialog');
      await settings.evaluate((dialog) => dialog.scrollTo(0, dialog.scrollHeight));
      const close = settings.getByTestId('dialog-close');
      await expect(close).toBeInViewport();
      await expect(close).toHaveAccessibleName(locale === 'zh-CN' ? '关闭' : 'Close');
      // The title bar is drawn over what scrolls under it, never beside or below it.
      const [bar, title] = await Promise.all([close.boundingBox(), settings.locator('.dialog-title').boundingBox()]);
      expect(Math.abs(bar!.y - title!.y)).toBeLessThan(12);
      console.log(`[screenshot] ${await screenshot(page, `dialog-close-${colorScheme}-${locale === 'zh-CN' ? 'zh' : 'en'}-${width}`)}`);
      await close.click();
      await expect(settings).toHaveCount(0);

      await page.keyboard.press('Control+k');
      const search = page.getByTestId('search-dialog');
      await expect(search).toBeVisible();
      await expect(page.getByTestId('search-input')).toBeFocused();
      await search.getByTestId('dialog-close').click();
      await expect(search).toHaveCount(0);
    } finally {
      await h.close();
    }
  });
}
