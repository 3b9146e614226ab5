// Settings as a person meets it, against the fake model server and the real MCP fixture server: one way of saving
// (changes saved as made, Done; a form not saved asks before Settings is left), the provider's one list of models
// (offered in chats, takes images: a tool's picture reaches the model only then), a new MCP server that starts on
// Save and lists its tools (one turned off is not sent), progress on a long tool call's block, the cap of 128 tools
// per request said in Settings and the chat's picker, the price labels over their fields, a quiet Remove.
// Screenshots in both themes and languages, 420 and 1600 px wide.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fixtureServerEntry } from '../fixtures/mcp-fixture-config.js';
import { screenshot, sendMessage, startHarness, waitForAnswers, waitForAnswerText, type Harness } from './helpers.js';

/** How long a fixture MCP server may take to start (tsx compiles it first). */
const SERVER_START_MS = 40_000;

let h: Harness | undefined;
test.afterEach(async () => {
  await h?.close();
  h = undefined;
});

const dialog = (page: Page) => page.getByTestId('settings-dialog');
const serverRow = (page: Page, name: string) => page.locator(`[data-testid="mcp-server"][data-server="${name}"]`);
const modelRow = (page: Page, model: string) => page.locator(`[data-testid="provider-model"][data-model="${model}"]`);
const toolBlock = (page: Page, tool: string) => page.locator(`[data-testid="tool-call"][data-tool="${tool}"]`);

/** Pastes an mcpServers config into Settings (Settings open) and waits until `name` is ready. */
async function importServers(page: Page, config: Record<string, unknown>, name: string): Promise<void> {
  const mcp = page.getByTestId('settings-mcp');
  await mcp.getByTestId('mcp-import').click();
  await mcp.getByTestId('mcp-import-text').fill(JSON.stringify({ mcpServers: config }));
  await mcp.getByTestId('mcp-import-apply').click();
  await expect(serverRow(page, name)).toHaveAttribute('data-status', 'ready', { timeout: SERVER_START_MS });
}

/** Saves the provider editor, waits for the overview, and closes Settings with Done. */
async function saveProviderAndClose(page: Page): Promise<void> {
  await page.getByTestId('provider-editor').getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-provider-add')).toBeVisible();
  await page.getByTestId('settings-save').click();
  await expect(dialog(page)).toHaveCount(0);
}

/** The request's tool message contents and whether any part of it is an image. */
function pictureSent(h: Harness, index: number): { tool: unknown; image: boolean } {
  const messages = h.server.chatRequests[index]!.body.messages as Array<{ role: string; content: unknown }>;
  return { tool: messages.find((m) => m.role === 'tool')?.content, image: JSON.stringify(messages).includes('"image_url"') };
}

test('Settings saves as you go and ends with Done; a typed prompt survives Escape; a preset not saved asks before leaving', async () => {
  h = await startHarness();
  const { page } = h;
  await page.getByTestId('settings-open').click();
  await expect(page.getByTestId('settings-save')).toHaveText('Done');
  await expect(dialog(page).getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await page.getByTestId('settings-system-prompt').fill('Answer in one sentence.');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  expect(JSON.parse(readFileSync(join(h.app.dataDir, 'settings.json'), 'utf8')).systemPrompt).toBe('Answer in one sentence.');

  // A preset being written is a draft: Escape asks; Keep editing keeps it; leaving without saving stores nothing.
  await page.getByTestId('settings-open').click();
  await page.getByTestId('preset-add').click();
  await page.getByTestId('preset-name').fill('Pirate');
  await page.keyboard.press('Escape');
  const question = page.getByTestId('settings-leave-unsaved');
  await expect(question).toContainText('Not saved yet: Pirate. Leave Settings without saving it?');
  await expect(page.getByTestId('settings-leave-stay')).toBeFocused();
  await expect(question).toBeInViewport();
  await page.getByTestId('settings-leave-stay').click();
  await expect(page.getByTestId('preset-name')).toHaveValue('Pirate');
  await page.getByTestId('dialog-close').click();
  await page.getByTestId('settings-leave-discard').click();
  await expect(dialog(page)).toHaveCount(0);
  await page.getByTestId('settings-open').click();
  await expect(page.getByTestId('preset-item').filter({ hasText: 'Pirate' })).toHaveCount(0);
});

test("the provider's one list of models: a ticked model is offered in chats; 'Takes images' sends a tool's picture as an image", async () => {
  h = await startHarness();
  const { page, server } = h;
  server.setModels(['fake-model', 'vision-x', 'other']);
  await page.getByTestId('settings-open').click();
  await importServers(page, { fixture: { ...fixtureServerEntry(), alwaysAllow: ['image'] } }, 'fixture');
  await page.getByTestId('settings-provider').getByRole('button').click();
  await expect(page.getByTestId('provider-model')).toHaveCount(3);
  await expect(page.getByTestId('settings-model-options')).toHaveCount(0);
  await expect(page.getByTestId('settings-provider-models')).toHaveCount(0);
  await expect(modelRow(page, 'fake-model')).toHaveAttribute('data-offered', 'true');
  await expect(modelRow(page, 'vision-x')).toHaveAttribute('data-offered', 'false');
  await expect(page.getByTestId('settings-models-status')).toHaveText('1 of 3 offered in chats');
  await modelRow(page, 'vision-x').getByTestId('provider-model-offer').check();
  await expect(page.getByTestId('settings-models-status')).toHaveText('2 of 3 offered in chats');
  await saveProviderAndClose(page);

  // The header's picker offers the ticked model.
  await page.getByTestId('model-picker').click();
  await expect(page.getByTestId('model-option')).toHaveCount(2);
  await expect(page.locator('[data-testid="model-option"][data-model="vision-x"]')).toBeVisible();
  await page.keyboard.press('Escape');

  // fake-model takes no images (by its name): the model gets the note, no picture.
  server.enqueue({ toolCalls: [{ id: 'c1', name: 'fixture__image', arguments: '{}' }] }, { text: 'I was told of a picture.' });
  await sendMessage(page, 'show me the image');
  await waitForAnswerText(page, 'I was told of a picture.');
  expect(pictureSent(h, 1)).toEqual({
    tool: 'a 2x2 image\n[Picture 1 (image/png): not shown, this model does not take images]',
    image: false,
  });

  // Once the person says it takes images, the next chat's model gets the picture itself.
  await page.getByTestId('settings-open').click();
  await page.getByTestId('settings-provider').getByRole('button').click();
  const images = modelRow(page, 'fake-model').getByTestId('provider-model-images');
  await expect(images).not.toBeChecked();
  await images.check();
  await saveProviderAndClose(page);
  expect(JSON.parse(readFileSync(join(h.app.dataDir, 'settings.json'), 'utf8')).providers[0]).toMatchObject({
    models: ['fake-model', 'vision-x'],
    takesImages: { 'fake-model': true },
  });
  await page.getByTestId('new-session').click();
  server.enqueue({ toolCalls: [{ id: 'c2', name: 'fixture__image', arguments: '{}' }] }, { text: 'A tiny picture.' });
  await sendMessage(page, 'show me the image again');
  await waitForAnswerText(page, 'A tiny picture.');
  expect(pictureSent(h, 3)).toEqual({
    tool: 'a 2x2 image\n[Picture 1 (image/png): sent in the user message after the tool results]',
    image: true,
  });
});

test('a new MCP server starts on "Add and start" and lists its tools; one turned off is not sent; a long call shows its progress', async () => {
  h = await startHarness({ viewport: { width: 1600, height: 1000 } });
  const { page, server } = h;
  const entry = fixtureServerEntry('extra');
  await page.getByTestId('settings-open').click();
  await page.getByTestId('mcp-add').click();
  await page.getByTestId('mcp-name').fill('fixture');
  await page.getByTestId('mcp-command').fill(entry.command);
  await page.getByTestId('mcp-args').fill(entry.args.join('\n'));
  await page.getByTestId('mcp-cwd').fill(entry.cwd);
  await expect(page.getByTestId('mcp-save')).toHaveText('Add and start');
  await page.getByTestId('mcp-save').click();
  const row = serverRow(page, 'fixture');
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: SERVER_START_MS });
  await expect(row.getByTestId('mcp-restart')).toHaveText('Restart');
  const tools = row.getByTestId('mcp-tools');
  await expect(tools).toHaveAttribute('open', '');
  await expect(tools.locator('summary')).toHaveText('Tools: 13 of 13 on · 1 not offered');
  await expect(tools.locator('[data-testid="mcp-tool"][data-tool="long_job"]')).toContainText('not offered to the model');
  await tools.getByRole('checkbox', { name: 'big' }).uncheck();
  await expect(tools.locator('summary')).toHaveText('Tools: 12 of 13 on · 1 not offered');
  await page.getByTestId('settings-save').click();
  await expect(dialog(page)).toHaveCount(0);

  server.enqueue({ toolCalls: [{ id: 'p1', name: 'fixture__progress', arguments: '{"steps":8,"ms":500}' }] }, { text: 'Finished.' });
  await sendMessage(page, 'run the long job');
  await page.getByTestId('tool-approve').click({ timeout: SERVER_START_MS });
  const progress = toolBlock(page, 'progress').getByTestId('tool-progress');
  await expect(progress).toHaveText(/^Step [1-7] of 8 · \d+%$/);
  await screenshot(page, 'tool-progress-light-en-1600');
  await expect(progress).toHaveCount(0, { timeout: 15_000 });
  await expect(toolBlock(page, 'progress')).toHaveAttribute('data-status', 'done');
  const sent = (server.chatRequests[0]!.body.tools as Array<{ function: { name: string } }>).map((t) => t.function.name);
  expect(sent).toContain('fixture__progress');
  expect(sent).not.toContain('fixture__big');
  expect(sent).not.toContain('fixture__long_job');
});

test('a server of 3,007 tools: Settings and the chat’s picker say a request carries 128, and it does', async () => {
  h = await startHarness();
  const { page, server } = h;
  await page.getByTestId('settings-open').click();
  await importServers(page, { many: fixtureServerEntry('many') }, 'many');
  await expect(serverRow(page, 'many').getByTestId('mcp-tool-cap')).toHaveText(
    'A request carries at most 128 tools and 3007 are on here: the ones past 128 are left out. Turn off the tools chats do not need.',
  );
  await page.getByTestId('settings-save').click();
  await sendMessage(page, 'hello');
  await waitForAnswers(page, 1);
  expect(server.chatRequests[0]!.body.tools).toHaveLength(128);
  const picker = page.getByTestId('chat-servers');
  await expect(picker.locator('summary')).toHaveText('MCP tools: many · 128 of 3007 tools');
  await picker.locator('summary').click();
  await expect(picker.getByTestId('chat-servers-cap')).toContainText(
    '3007 tools are on for this chat; a request carries at most 128, so 2879 are left out.',
  );
});

/** Left edges of `labels` and of the fields under them, rounded. */
async function lefts(labels: Locator, fields: Locator): Promise<[number[], number[]]> {
  const x = async (all: Locator) => Promise.all((await all.all()).map(async (el) => Math.round((await el.boundingBox())!.x)));
  return [await x(labels), await x(fields)];
}

for (const [colorScheme, locale, width] of [
  ['light', 'en-US', 1600],
  ['dark', 'zh-CN', 420],
  ['dark', 'en-US', 420],
  ['light', 'zh-CN', 1600],
] as const) {
  const tag = `${colorScheme}-${locale === 'zh-CN' ? 'zh' : 'en'}-${width}`;
  test(`screenshots and boxes: Settings, MCP tools, the provider's models and prices (${tag})`, async () => {
    h = await startHarness({ colorScheme, locale, viewport: { width, height: 900 } });
    const { page, server } = h;
    server.setModels(['fake-model', 'gpt-4o', 'qwen-vl-max', 'deepseek-chat']);
    await page.getByTestId('settings-open').click();
    await screenshot(page, `settings-top-${tag}`);
    // Settings → Keyboard and Settings → Updates, each scrolled to the top of the view.
    for (const section of ['settings-shortcuts', 'settings-updates']) {
      await page.getByTestId(section).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await expect(page.getByTestId(section)).toBeInViewport();
      await screenshot(page, `${section}-${tag}`);
    }
    await importServers(page, { fixture: fixtureServerEntry('extra') }, 'fixture');
    // Remove is quiet: not filled like Save or a confirmation.
    const remove = serverRow(page, 'fixture').getByTestId('mcp-remove');
    const fill = (el: Locator) => el.evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(await fill(remove)).toBe(await fill(serverRow(page, 'fixture').getByTestId('mcp-edit')));
    await serverRow(page, 'fixture').scrollIntoViewIfNeeded();
    await screenshot(page, `settings-mcp-${tag}`);

    await page.getByTestId('settings-provider').getByRole('button').click();
    await expect(page.getByTestId('provider-model')).toHaveCount(4);
    await page.getByTestId('price-add').click();
    await page.getByTestId('price-add').click();
    // Each price label starts where its field starts.
    const head = page.locator('.price-head span:not(.price-model)');
    const row = page.getByTestId('price-row').first();
    const [labelX, fieldX] = await lefts(
      head.filter({ hasText: /./ }),
      row.locator('[data-testid="price-input"], [data-testid="price-cached"], [data-testid="price-output"]'),
    );
    expect(labelX).toEqual(fieldX);
    await page.getByTestId('provider-models').scrollIntoViewIfNeeded();
    await screenshot(page, `settings-provider-${tag}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('settings-leave-unsaved')).toBeVisible();
    await screenshot(page, `settings-leave-${tag}`);
  });
}
