// A new user's failures in Chinese, both themes: a rejected API key (one sentence, HTTP 401 beside it, Open Settings
// opens Settings) and an error frame mid-answer (the provider reporting an error, not an unreadable reply). The banner
// and the note under the cut-off answer are Chinese throughout; only the provider's own words stay as written.
import { expect, test, type Locator } from '@playwright/test';
import { assistantMessages, screenshot, sendMessage, startHarness } from './helpers.js';

const PROVIDER_WORDS = 'The model crashed while generating.';

/** Latin words in `locator`'s text once the provider's words and the names that stay (HTTP, API) are taken out. */
async function latinWords(locator: Locator): Promise<string[]> {
  const text = (await locator.textContent()) ?? '';
  return (
    text
      .replace(PROVIDER_WORDS, '')
      .replace(/\bHTTP\b|\bAPI\b/g, '')
      .match(/[A-Za-z]{2,}/g) ?? []
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`zh-CN, ${colorScheme}: a 401 and an error frame mid-answer are worded in Chinese throughout`, async () => {
    const h = await startHarness({ locale: 'zh-CN', colorScheme });
    try {
      const { page, server } = h;
      const banner = page.getByTestId('error-banner');

      server.enqueue({ status: 401, errorMessage: 'Incorrect API key provided: sk-wrong' });
      await sendMessage(page, '你好');
      await expect(banner).toHaveAttribute('data-code', 'auth');
      await expect(banner.locator('.error-cause')).toHaveText('API 密钥被拒绝，请在设置中检查。');
      await expect(page.getByTestId('error-detail')).toHaveText('HTTP 401');
      expect(await latinWords(banner)).toEqual([]);
      await expect(page.getByTestId('error-retry')).toHaveText('重试');
      const openSettings = page.getByTestId('error-open-settings');
      await expect(openSettings).toHaveText('打开设置');
      console.log(`[screenshot] ${await screenshot(page, `error-auth-${colorScheme}-zh`)}`);
      await openSettings.click();
      await expect(page.getByTestId('settings-dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('settings-dialog')).toHaveCount(0);
      await page.getByTestId('error-dismiss').click();
      await expect(banner).toHaveCount(0);

      server.enqueue({ text: 'one two three four', chunkSize: 4, errorFrameAt: 2, errorMessage: PROVIDER_WORDS });
      await page.getByTestId('composer-input').fill('再试一次');
      await page.getByTestId('send').click();
      // The answer had begun: the one note under it says what happened (no banner besides it).
      const note = page.getByTestId('answer-interrupted');
      await expect(note).toHaveAttribute('data-code', 'server_error');
      await expect(banner).toHaveCount(0);
      await expect(note).toHaveText(`回答中断 · 未保存模型服务报告了错误，请稍后再试。 服务商报告了错误：${PROVIDER_WORDS}重试修改问题`);
      expect(await latinWords(note)).toEqual([]);
      await expect(assistantMessages(page).last().getByTestId('message-error')).toHaveCount(0);
      console.log(`[screenshot] ${await screenshot(page, `error-frame-${colorScheme}-zh`)}`);
    } finally {
      await h.close();
    }
  });
}
