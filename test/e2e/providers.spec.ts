// Several providers and a model and a prompt per chat, through the interface against two fake servers: each request
// carries only its own provider's key and names its chat's model, after a restart too; a chat's system prompt applies
// from its next run. Screenshots of the settings, the model picker and the chat settings panel.
import { expect, test, type Page } from '@playwright/test';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { assistantMessages, screenshot, sendMessage, sentMessages, sessionItems, startHarness, waitForAnswers } from './helpers.js';

const KEY_A = 'sk-provider-a-1111111111';
const KEY_B = 'sk-provider-b-2222222222';

/** Adds a provider through Settings with only base URL, key and model. */
async function addProvider(page: Page, baseUrl: string, key: string, model: string): Promise<void> {
  await page.getByTestId('settings-provider-add').click();
  await page.getByTestId('settings-base-url').fill(baseUrl);
  await page.getByTestId('settings-api-key').fill(key);
  await page.getByTestId('settings-model').fill(model);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-provider-add')).toBeVisible();
}

/** Chooses `model` in the header's picker with the keyboard: filter, arrows, Enter. */
async function chooseModel(page: Page, model: string): Promise<void> {
  await page.getByTestId('model-picker').click();
  await page.getByRole('combobox', { name: /Filter models|筛选模型/ }).fill(model);
  await expect(page.getByTestId('model-option').first()).toHaveAttribute('data-model', model);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('model-picker')).toHaveAttribute('data-model', model);
}

test("two providers, a chat on each: every request carries only its provider's key and its chat's model, after a restart too", async () => {
  const h = await startHarness({ env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: '', OPENAI_MODEL: '' } });
  const serverB: FakeOpenAIServer = await startFakeOpenAI();
  try {
    const serverA = h.server;
    serverA.setApiKey(KEY_A);
    serverB.setApiKey(KEY_B);
    await h.page.getByTestId('settings-open').click();
    await addProvider(h.page, serverA.url, KEY_A, 'model-a');
    await addProvider(h.page, serverB.url, KEY_B, 'model-b');
    await expect(h.page.getByTestId('settings-provider')).toHaveCount(2);
    await h.page.keyboard.press('Escape');

    // A new chat starts on the default model (the first provider's).
    await expect(h.page.getByTestId('model-picker')).toHaveAttribute('data-model', 'model-a');
    await sendMessage(h.page, 'hello A');
    await waitForAnswers(h.page, 1);
    await expect(assistantMessages(h.page).getByTestId('message-meta')).toContainText('model-a');

    await h.page.getByTestId('new-session').click();
    await chooseModel(h.page, 'model-b');
    await sendMessage(h.page, 'hello B');
    await waitForAnswers(h.page, 1);

    await h.relaunch();
    for (const [name, text] of [
      ['hello A', 'again A'],
      ['hello B', 'again B'],
    ] as const) {
      // As a person would: pick the chat, and type once it is the one shown (the last chat may still be reopening).
      const picked = sessionItems(h.page).filter({ hasText: name });
      await picked.click();
      await expect(picked).toHaveAttribute('aria-current', 'true');
      await sendMessage(h.page, text);
      await waitForAnswers(h.page, 2);
    }

    expect(serverA.chatRequests.map((r) => [r.body.model, r.headers.authorization])).toEqual([
      ['model-a', `Bearer ${KEY_A}`],
      ['model-a', `Bearer ${KEY_A}`],
    ]);
    expect(serverB.chatRequests.map((r) => [r.body.model, r.headers.authorization])).toEqual([
      ['model-b', `Bearer ${KEY_B}`],
      ['model-b', `Bearer ${KEY_B}`],
    ]);
    // The second chat's history went to its own provider only.
    expect(JSON.stringify(serverA.chatRequests.map((r) => r.body))).not.toContain('hello B');
  } finally {
    await h.close();
    await serverB.close();
  }
});

test("a chat's system prompt applies from its next run; the earlier run was sent the old one", async () => {
  const h = await startHarness();
  try {
    await sendMessage(h.page, 'first');
    await waitForAnswers(h.page, 1);
    await h.page.getByTestId('chat-settings-open').click();
    await h.page.getByTestId('chat-system-prompt').fill('Answer like a pirate.');
    await h.page.getByTestId('chat-temperature').fill('0.4');
    await h.page.getByTestId('chat-settings-save').click();
    await expect(h.page.getByRole('dialog')).toHaveCount(0);
    await sendMessage(h.page, 'second');
    await waitForAnswers(h.page, 2);
    const first = sentMessages(h.server, 0)[0]!;
    expect(first.role).toBe('system');
    expect(first.content).not.toBe('Answer like a pirate.');
    expect(sentMessages(h.server, 1)[0]).toEqual({ role: 'system', content: 'Answer like a pirate.' });
    expect(h.server.chatRequests[0]!.body.temperature).toBeUndefined();
    expect(h.server.chatRequests[1]!.body.temperature).toBe(0.4);

    await h.relaunch();
    await sessionItems(h.page).first().click();
    await h.page.getByTestId('chat-settings-open').click();
    await expect(h.page.getByTestId('chat-system-prompt')).toHaveValue('Answer like a pirate.');
  } finally {
    await h.close();
  }
});

test('a prompt preset starts a chat with its system prompt', async () => {
  const h = await startHarness();
  try {
    await h.page.getByTestId('settings-open').click();
    const translator = h.page.getByTestId('preset-item').filter({ hasText: 'Translator' });
    await translator.getByTestId('preset-start').click();
    await sendMessage(h.page, 'Bonjour');
    await waitForAnswers(h.page, 1);
    expect(String(sentMessages(h.server, 0)[0]!.content)).toContain('You are a translator.');
    expect(h.server.chatRequests[0]!.body.temperature).toBe(0.3);
  } finally {
    await h.close();
  }
});

for (const [theme, locale, narrow] of [
  ['light', 'en-US', false],
  ['dark', 'zh-CN', false],
  ['dark', 'en-US', true],
  ['light', 'zh-CN', true],
] as const) {
  const name = `${theme}-${locale.slice(0, 2)}${narrow ? '-narrow' : ''}`;
  test(`screenshots: providers, editor, model picker, chat settings (${name})`, async () => {
    const h = await startHarness({ colorScheme: theme, locale, ...(narrow ? { viewport: { width: 420, height: 760 } } : {}) });
    const serverB = await startFakeOpenAI();
    try {
      const { page } = h;
      await page.getByTestId('settings-open').click();
      await addProvider(page, h.server.url, KEY_A, 'fake-model');
      await addProvider(page, serverB.url, KEY_B, 'fake-reasoner');
      await screenshot(page, `providers-${name}`);
      await page.getByTestId('settings-provider').last().getByRole('button').click();
      await expect(page.getByTestId('settings-base-url')).toHaveValue(serverB.url);
      await screenshot(page, `provider-editor-${name}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await sendMessage(page, 'Show me the caption');
      await waitForAnswers(page, 1);
      await page.getByTestId('model-picker').click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await screenshot(page, `model-picker-${name}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toHaveCount(0);

      await page.getByTestId('chat-settings-open').click();
      await page.getByTestId('chat-temperature').fill('0.7');
      await screenshot(page, `chat-settings-${name}`);
    } finally {
      await h.close();
      await serverB.close();
    }
  });
}
