// No model to send to, through the interface: before any provider exists the header says "No model — Set up" (not a
// provider nobody chose, not even while Ollama is picked in the welcome panel) and the hint names no provider; a chat
// on the environment's provider, once a provider is saved in Settings, says its provider is not available, sends
// nowhere, and offers to choose a model. Screenshots in both themes and languages, 420 and 1600 px wide.
import { expect, test, type Page } from '@playwright/test';
import { closedPort } from '../fixtures/closed-port.js';
import { startFakeOpenAI } from '../fixtures/fake-openai.js';
import { screenshot, sendMessage, startHarness, waitForAnswers } from './helpers.js';
import { launchApp } from './launch.js';

const picker = (page: Page) => page.getByTestId('model-picker');

test('before any provider exists the header says "No model — Set up", after "Use Ollama" and "Later" too, until Ollama is set up', async () => {
  const ollama = await startFakeOpenAI({ models: ['llama3.1:8b'] });
  const app = await launchApp({ env: {}, localServerPorts: { ollama: ollama.port, lmstudio: await closedPort() } });
  try {
    test.skip(app.mode === 'electron', 'the fake local server is offered in Chromium mode');
    const { page } = app;
    await expect(page.getByTestId('welcome')).toBeVisible();
    await expect(picker(page)).toHaveText('No model — Set up', { useInnerText: true });
    await page.getByTestId('welcome-local-server').getByRole('button', { name: 'Use Ollama' }).click();
    await expect(picker(page)).toHaveText('No model — Set up', { useInnerText: true });

    await page.getByTestId('welcome-later').click();
    await expect(page.getByTestId('setup-hint')).toHaveText(/^Set up a provider to start chatting\./);
    await expect(picker(page)).toHaveText('No model — Set up', { useInnerText: true });
    await screenshot(page, 'no-model-later-light-en');

    await picker(page).click();
    await expect(page.getByTestId('welcome')).toBeVisible();
    await page.getByTestId('welcome-local-server').getByRole('button', { name: 'Use Ollama' }).click();
    await page.getByTestId('welcome-done').click();
    await expect(page.getByTestId('welcome')).toHaveCount(0);
    await expect(picker(page)).toHaveAttribute('data-state', 'ready');
    await expect(picker(page)).toHaveText('llama3.1:8b Ollama▾');
  } finally {
    await app.close();
    await ollama.close();
  }
});

for (const [colorScheme, locale, width] of [
  ['light', 'en-US', 1600],
  ['dark', 'zh-CN', 1600],
  ['dark', 'en-US', 420],
  ['light', 'zh-CN', 420],
] as const) {
  test(`no model yet reads well: ${colorScheme}, ${locale}, ${width}px`, async () => {
    const app = await launchApp({
      env: {},
      locale,
      colorScheme,
      viewport: { width, height: 760 },
      localServerPorts: { ollama: await closedPort(), lmstudio: await closedPort() },
    });
    try {
      const { page } = app;
      await page.getByTestId('welcome-later').click();
      // What it says: all of it when there is room, the action in a narrow header; its name is always the whole.
      const words = locale === 'zh-CN' ? ['没有模型 — 去设置', '去设置'] : ['No model — Set up', 'Set up'];
      await expect(picker(page)).toHaveText(width < 520 ? words[1]! : words[0]!, { useInnerText: true });
      await expect(picker(page)).toHaveAccessibleName(words[0]!);
      // The button stays inside the header, clear of the buttons beside it.
      const header = (await page.locator('.main-header').boundingBox())!;
      const box = (await picker(page).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(header.x + header.width);
      const settings = (await page.getByTestId('chat-settings-open').boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(settings.x);
      await screenshot(page, `no-model-${colorScheme}-${locale === 'zh-CN' ? 'zh' : 'en'}-${width}`);
    } finally {
      await app.close();
    }
  });
}

for (const [colorScheme, locale, width] of [
  ['light', 'en-US', 1600],
  ['dark', 'zh-CN', 420],
  ['dark', 'en-US', 1600],
  ['light', 'zh-CN', 1600],
] as const) {
  test(`a chat on the environment's provider, once a provider is saved: says so, sends nowhere, offers a model (${colorScheme}, ${locale}, ${width}px)`, async () => {
    const h = await startHarness({ locale, colorScheme, viewport: { width, height: 800 } });
    const saved = await startFakeOpenAI();
    const zh = locale === 'zh-CN';
    try {
      const { page, server } = h;
      await sendMessage(page, 'hello');
      await waitForAnswers(page, 1);

      // A provider saved in Settings sets the environment's one aside.
      await page.getByTestId('settings-open').click();
      await page.getByTestId('settings-provider-add').click();
      await page.getByTestId('settings-base-url').fill(saved.url);
      await page.getByTestId('settings-model').fill('saved-model');
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-provider')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await expect(picker(page)).toHaveAttribute('data-state', 'unavailable');
      await expect(picker(page)).toContainText(zh ? 'fake-model（服务商不可用）' : 'fake-model (provider not available)');
      await sendMessage(page, 'are you there?');
      const banner = page.getByTestId('error-banner');
      await expect(banner).toHaveAttribute('data-code', 'provider_unavailable');
      await expect(page.getByTestId('composer-input')).toHaveValue('are you there?');
      await expect(page.getByTestId('error-retry')).toHaveCount(0);
      await screenshot(page, `provider-gone-${colorScheme}-${zh ? 'zh' : 'en'}-${width}`);
      expect(server.chatRequests).toHaveLength(1);
      expect(saved.chatRequests).toHaveLength(0);

      await page.getByTestId('error-choose-model').click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await screenshot(page, `provider-gone-choose-${colorScheme}-${zh ? 'zh' : 'en'}-${width}`);
      await page.getByTestId('model-option').filter({ hasText: 'saved-model' }).click();
      await expect(banner).toHaveCount(0);
      await page.getByTestId('send').click();
      await waitForAnswers(page, 2);
      expect(saved.chatRequests.map((r) => r.body.model)).toEqual(['saved-model']);
      expect(server.chatRequests).toHaveLength(1);
    } finally {
      await h.close();
      await saved.close();
    }
  });
}
