// The caption under an answer writes its numbers in the app's language, not the system's: on a German system (where
// 12345 is "12.345") an English app reads "12,345 in", like the header's total beside it; switched to Chinese in
// Settings it reads "输入 12,345".
import { expect, test } from '@playwright/test';
import { assistantMessages, sendMessage, startHarness, waitForAnswers } from './helpers.js';

const USAGE = { prompt_tokens: 12_345, completion_tokens: 6_789, total_tokens: 19_134 };

test('on a German system the caption and the total write 12,345 in English and in Chinese', async () => {
  const h = await startHarness({ locale: 'de-DE' });
  try {
    const { page } = h;
    // The system formats the German way: what the caption must not follow.
    expect(await page.evaluate(() => (12_345).toLocaleString())).toBe('12.345');
    h.server.enqueue({ text: 'Guten Tag.', usage: USAGE });
    await sendMessage(page, 'Hallo');
    await waitForAnswers(page, 1);
    const caption = assistantMessages(page).last().getByTestId('message-meta');
    await expect(caption).toContainText('fake-model · 12,345 in · 6,789 out');
    await expect(page.getByTestId('usage-total')).toHaveAccessibleDescription('Tokens of the answers shown: 19,134. Show details');

    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-language').selectOption('zh-CN');
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('new-session')).toHaveAccessibleName('新建对话');
    await expect(caption).toContainText('fake-model · 输入 12,345 · 输出 6,789');
    await expect(page.getByTestId('usage-total')).toHaveAccessibleDescription('显示中的回答共用 19,134 tokens。查看详情');
  } finally {
    await h.close();
  }
});
