// Export and import end to end, with main's save/open dialogs scripted to answer paths in a temp folder: a chat
// exported as JSON, deleted and imported comes back with its versions, settings and picture; a ChatGPT export
// imports with its forks; a malformed file changes nothing and says why.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { FileDialogs } from '../../src/main/transfer/index.js';
import { chatgptSample, seedRichChat } from '../fixtures/transfer-samples.js';
import { assistantMessages, screenshot, sessionItems, startHarness, userTexts } from './helpers.js';
import { electronBinary } from './launch.js';

const electronReason =
  'the Electron app shows the system file dialogs, which a spec cannot answer; these specs script them in Chromium mode';
if (electronBinary() !== undefined) console.log(`[transfer] skipped: ${electronReason}`);
test.skip(electronBinary() !== undefined, electronReason);

/** Dialogs that answer the queued paths in order (nothing queued: the person cancels). */
function scriptedDialogs(): { dialogs: FileDialogs; answer(path: string): void; asked: string[] } {
  const queue: string[] = [];
  const asked: string[] = [];
  return {
    asked,
    answer: (path) => queue.push(path),
    dialogs: {
      chooseSavePath: async ({ defaultName }) => {
        asked.push(`save ${defaultName}`);
        return queue.shift();
      },
      chooseOpenPath: async ({ title }) => {
        asked.push(`open ${title}`);
        return queue.shift();
      },
    },
  };
}

async function exportAs(page: Page, format: string): Promise<void> {
  await page.getByTestId('session-export').click();
  await page.locator(`[data-testid="export-format"][data-format="${format}"]`).click();
}

/** The bytes of every session file, for "nothing changed". */
function sessionFiles(dataDir: string): Record<string, string> {
  const dir = join(dataDir, 'sessions');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
}

test('export JSON → delete → import: the chat, its versions, settings and picture are back', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-transfer-'));
  const out = mkdtempSync(join(tmpdir(), 'tiny-agent-transfer-out-'));
  seedRichChat(dataDir);
  const script = scriptedDialogs();
  const h = await startHarness({ dataDir, dialogs: script.dialogs });
  try {
    const { page } = h;
    await sessionItems(page).filter({ hasText: 'Quarterly chart' }).click();
    await expect(page.getByTestId('session-title')).toHaveText('Quarterly chart');
    await expect(page.getByTestId('branch-indicator')).toHaveText(['1/2', '1/2']);

    script.answer(join(out, 'chart.json'));
    await exportAs(page, 'json');
    await expect(page.getByTestId('status-notice')).toHaveText('Saved “chart.json”.');
    script.answer(join(out, 'chart.md'));
    await exportAs(page, 'markdown');
    await expect(page.getByTestId('status-notice')).toHaveText('Saved “chart.md”.');
    script.answer(join(out, 'chart.html'));
    await exportAs(page, 'html');
    await expect(page.getByTestId('status-notice')).toHaveText('Saved “chart.html”.');
    expect(script.asked).toEqual(['save Quarterly chart.json', 'save Quarterly chart.md', 'save Quarterly chart.html']);
    expect(readFileSync(join(out, 'chart.md'), 'utf8')).toContain('<summary>Reasoning</summary>');
    expect(readFileSync(join(out, 'chart.html'), 'utf8')).not.toMatch(/<script|<img[^>]*onerror/i);

    const row = sessionItems(page).filter({ hasText: 'Quarterly chart' });
    await row.hover();
    await row.getByTestId('session-delete').click();
    await page.getByTestId('confirm-delete').click();
    await expect(sessionItems(page)).toHaveCount(0);

    script.answer(join(out, 'chart.json'));
    await page.getByTestId('import-open').click();
    // The import runs in a worker that may first have to start: on a busy machine that is slower than a click's answer.
    await expect(page.getByTestId('status-notice')).toHaveText('Imported “Quarterly chart” from “chart.json”.', { timeout: 30_000 });
    await expect(page.getByTestId('session-title')).toHaveText('Quarterly chart');
    await expect(sessionItems(page)).toHaveCount(1);
    await expect(page.getByTestId('session-group')).toHaveText(['Pinned']);
    await expect(userTexts(page)).toHaveText(['What does this chart show?', 'Add the weather for each month.']);
    await expect(page.getByTestId('branch-indicator')).toHaveText(['1/2', '1/2']);
    await expect(page.getByTestId('message-image')).toBeVisible();
    await expect(page.getByTestId('message-reasoning')).toHaveCount(1);
    await expect(page.locator('[data-testid="tool-call"][data-tool="weather"]')).toBeVisible();
    await expect(assistantMessages(page).last().getByTestId('message-content')).toContainText(
      'March was sunny <img src=x onerror=alert(1)>',
    );
    await screenshot(page, 'transfer-imported-light-en');

    // The other version of the second question is there too, one click away.
    await page.getByTestId('branch-next').last().click();
    await expect(userTexts(page)).toHaveText(['What does this chart show?', 'Only March, please.']);
    await page.getByTestId('chat-settings-open').click();
    await expect(page.getByTestId('chat-system-prompt')).toHaveValue('Answer in one line.');
    await page.keyboard.press('Escape');

    await page.getByTestId('session-export').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await screenshot(page, 'transfer-export-menu-light-en');
  } finally {
    await h.close();
  }
});

test('a ChatGPT export imports with its branches, in Chinese and the dark theme', async () => {
  const out = mkdtempSync(join(tmpdir(), 'tiny-agent-transfer-out-'));
  writeFileSync(join(out, 'conversations.json'), JSON.stringify(chatgptSample()));
  const script = scriptedDialogs();
  const h = await startHarness({ locale: 'zh-CN', colorScheme: 'dark', dialogs: script.dialogs });
  try {
    const { page } = h;
    script.answer(join(out, 'conversations.json'));
    await page.getByTestId('import-open').click();
    await expect(page.getByTestId('status-notice')).toHaveText('已从“conversations.json”导入 2 个对话。', { timeout: 30_000 });
    expect(script.asked).toEqual(['open 导入对话']);
    await expect(page.getByTestId('session-title')).toHaveText('Packing for Kyoto');
    await expect(sessionItems(page)).toHaveCount(2);
    await expect(userTexts(page)).toHaveText(['What should I pack for Kyoto in April?']);
    await expect(assistantMessages(page).getByTestId('message-content')).toHaveText('A light jacket, comfy shoes and an umbrella.');
    await expect(page.getByTestId('branch-indicator')).toHaveText(['1/2', '2/2']);
    await screenshot(page, 'transfer-chatgpt-dark-zh');

    await page.getByTestId('branch-next').first().click();
    await expect(userTexts(page)).toHaveText(['What should I pack for Kyoto in May?']);
    await expect(assistantMessages(page).getByTestId('message-content')).toHaveText('T-shirts and sunscreen.');

    await sessionItems(page).filter({ hasText: '数学题' }).click();
    await expect(page.getByTestId('message-reasoning')).toHaveCount(1);
    await expect(assistantMessages(page).getByTestId('message-content')).toHaveText('2');
  } finally {
    await h.close();
  }
});

test('a malformed file changes nothing and says why, in a narrow window', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-transfer-'));
  const out = mkdtempSync(join(tmpdir(), 'tiny-agent-transfer-out-'));
  seedRichChat(dataDir);
  writeFileSync(join(out, 'cut.json'), '{"format": "tiny-agent-chat", "version": 1, "lines": [{"type": "sess');
  const before = sessionFiles(dataDir);
  const script = scriptedDialogs();
  const h = await startHarness({ dataDir, dialogs: script.dialogs, viewport: { width: 420, height: 760 } });
  try {
    const { page } = h;
    await page.getByTestId('sidebar-toggle').click();
    script.answer(join(out, 'cut.json'));
    await page.getByTestId('import-open').click();
    const notice = page.getByTestId('status-notice');
    await expect(notice).toHaveText('Import failed: The file is not valid JSON (it may be cut short or damaged). Nothing was changed.×', {
      timeout: 30_000,
    });
    await expect(sessionItems(page)).toHaveCount(1);
    expect(sessionFiles(dataDir)).toEqual(before);
    await screenshot(page, 'transfer-refused-narrow-en');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveText('');

    await sessionItems(page).first().click();
    await page.getByTestId('session-export').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await screenshot(page, 'transfer-export-menu-narrow-en');
  } finally {
    await h.close();
  }
});
