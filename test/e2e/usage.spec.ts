// Usage, cost and model-written names through the interface: an answer with usage shows its tokens and the chat's
// total; a price set in Settings shows the cost of both; after the first answer the model's title replaces the name
// taken from the first message; a provider that reports no usage shows no figures. Screenshots in both themes, both
// languages and a narrow window.
import { expect, test, type Page } from '@playwright/test';
import { assistantMessages, screenshot, sendMessage, sessionItems, startHarness, waitForAnswers } from './helpers.js';

const USAGE = {
  prompt_tokens: 1_200,
  completion_tokens: 345,
  total_tokens: 1_545,
  prompt_tokens_details: { cached_tokens: 200 },
  completion_tokens_details: { reasoning_tokens: 45 },
};
const caption = (page: Page) => assistantMessages(page).last().getByTestId('message-meta');

/** Prices `model` of the first provider through its editor (per million tokens). */
async function setPrice(page: Page, model: string, input: string, output: string, cached: string): Promise<void> {
  await page.getByTestId('settings-open').click();
  await page.getByTestId('settings-provider').first().getByRole('button').click();
  await page.getByTestId('price-add').click();
  const row = page.getByTestId('price-row').last();
  await row.getByTestId('price-model').fill(model);
  await row.getByTestId('price-input').fill(input);
  await row.getByTestId('price-cached').fill(cached);
  await row.getByTestId('price-output').fill(output);
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, 'usage-prices-light-en');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-provider-add')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-dialog')).toHaveCount(0);
}

test('an answer shows its tokens and the chat total; a price shows cost; the model’s title replaces the first message as name', async () => {
  test.setTimeout(120_000);
  const h = await startHarness({ env: { TINY_AGENT_AUTO_TITLE: '1' } });
  try {
    await expect(h.page.getByTestId('session-title')).toHaveText('New chat');
    h.server.enqueue({ text: 'Mix flour, water, salt and yeast; knead, proof, bake.', usage: USAGE }, { text: '"Baking Bread at Home."' });
    await sendMessage(h.page, 'how do I bake bread at home?');
    await waitForAnswers(h.page, 1);
    await expect(caption(h.page)).toContainText('fake-model · 1,000 in · 200 cached · 345 out · 45 reasoning');
    await expect(caption(h.page)).not.toContainText('cost');
    const total = h.page.getByTestId('usage-total');
    await expect(total).toHaveText('1.5K tokens');
    await expect(total).toHaveAccessibleDescription('Tokens of the answers shown: 1,545. Show details');

    // The title request was the second one, asking the same model; its text is the chat's name now.
    await expect(h.page.getByTestId('session-title')).toHaveText('Baking Bread at Home');
    await expect(sessionItems(h.page)).toHaveText(['Baking Bread at Home']);
    expect(h.server.chatRequests[1]!.body.model).toBe('fake-model');
    expect(h.server.chatRequests[1]!.body.messages[0].content).toContain('Write a short title');

    // 1,000 × 2 + 200 × 0.5 + 345 × 8 = 4,860 per million.
    await setPrice(h.page, 'fake-model', '2', '8', '0.5');
    await expect(caption(h.page)).toContainText('cost $0.00486');
    await expect(total).toHaveText('1.5K tokens$0.00486');
    await screenshot(h.page, 'usage-light-en');

    await total.focus();
    await h.page.keyboard.press('Enter');
    const details = h.page.getByTestId('usage-details');
    await expect(details).toContainText('Input1,000');
    await expect(details).toContainText('Cost$0.00486');
    await expect(details).toContainText('Sum over the answers shown');
    await screenshot(h.page, 'usage-details-light-en');
    await h.page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);

    // The name stays the model's after a restart; Chinese, dark, and a narrow window.
    await h.relaunch({ locale: 'zh-CN', colorScheme: 'dark' });
    await sessionItems(h.page).filter({ hasText: 'Baking Bread at Home' }).click();
    await expect(h.page.getByTestId('session-title')).toHaveText('Baking Bread at Home');
    await expect(caption(h.page)).toContainText('输入 1,000 · 缓存 200 · 输出 345 · 思考 45 · 费用 $0.00486');
    await expect(h.page.getByTestId('usage-total')).toHaveText('1.5K tokens$0.00486');
    await h.page.getByTestId('usage-total').click();
    await expect(h.page.getByTestId('usage-details')).toContainText('本对话用量');
    await screenshot(h.page, 'usage-details-dark-zh');
    await h.page.keyboard.press('Escape');
    await h.relaunch({ locale: 'zh-CN', colorScheme: 'light', viewport: { width: 420, height: 760 } });
    await h.page.getByTestId('sidebar-toggle').click();
    await sessionItems(h.page).filter({ hasText: 'Baking Bread at Home' }).click();
    await expect(h.page.getByTestId('usage-total')).toBeVisible();
    await screenshot(h.page, 'usage-narrow-zh');
  } finally {
    await h.close();
  }
});

test('a Chinese chat gets a Chinese title; a provider that reports no usage shows no figures and no total', async () => {
  const h = await startHarness({ env: { TINY_AGENT_AUTO_TITLE: '1' }, locale: 'zh-CN', colorScheme: 'dark' });
  try {
    await expect(h.page.getByTestId('session-title')).toHaveText('新对话');
    h.server.enqueue({ text: '先把面粉和水混合，揉面后发酵。', usage: null }, { text: '家庭面包入门' });
    await sendMessage(h.page, '在家怎么做面包？');
    await waitForAnswers(h.page, 1);
    await expect(h.page.getByTestId('session-title')).toHaveText('家庭面包入门');
    expect(h.server.chatRequests[1]!.body.messages[0].content).toContain('请用中文');
    await expect(caption(h.page)).not.toContainText('输入');
    await expect(h.page.getByTestId('usage-total')).toHaveCount(0);
    await screenshot(h.page, 'usage-title-dark-zh');
  } finally {
    await h.close();
  }
});
