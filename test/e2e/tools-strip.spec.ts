// The strip above the composer says what it is: it names the MCP servers whose tools the model gets in this chat
// (it read "Tools · 1/1"), as its accessible name, and its tooltip says what it does and what each server offers:
// its tool count once started (a chat's first request starts them), or that it starts when first needed. Both languages; one line at 420 px; screenshots at 420 and 1600 px in both
// themes and both languages. The fixture MCP server runs for real (stdio).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fixtureServerEntry } from '../fixtures/mcp-fixture-config.js';
import { screenshot, sendMessage, startHarness, waitForAnswers } from './helpers.js';

/** How long the first tool call may wait for the fixture server to start. */
const SERVER_START_MS = 40_000;

/** A data folder whose mcp.json has two enabled fixture servers, as a person would have written it. */
function dataDirWithServers(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-tools-strip-'));
  writeFileSync(
    join(dataDir, 'mcp.json'),
    JSON.stringify({ mcpServers: { fixture: fixtureServerEntry('normal'), notes: fixtureServerEntry('normal') } }),
  );
  return dataDir;
}

const strip = (page: Page) => page.getByTestId('chat-servers-summary');

test('the strip names the servers on in this chat, and its tooltip what each offers', async () => {
  test.setTimeout(90_000);
  const h = await startHarness({ dataDir: dataDirWithServers() });
  try {
    const { page } = h;
    // The first request starts both servers, to offer their tools.
    h.server.enqueue({ text: 'Hello.' });
    await sendMessage(page, 'Hi');
    await waitForAnswers(page, 1);
    await expect(strip(page)).toHaveText('MCP tools: fixture, notes');
    await expect(strip(page)).toHaveAccessibleName('MCP tools: fixture, notes');
    await expect(strip(page)).toHaveAccessibleDescription(
      /^The model may use the tools of these MCP servers in this chat\. Click to choose which\. fixture: (\d+) tools notes: \1 tools$/,
      { timeout: SERVER_START_MS },
    );

    await strip(page).click();
    await page.getByTestId('chat-servers').getByRole('checkbox', { name: 'notes' }).click();
    await expect(strip(page)).toHaveText('MCP tools: fixture');
    await expect(strip(page)).toHaveAttribute('title', /\nfixture: \d+ tools\nnotes: off in this chat$/);

    await page.getByTestId('chat-servers').getByRole('checkbox', { name: 'fixture' }).click();
    await expect(strip(page)).toHaveText('MCP tools: off');
    await expect(strip(page)).toHaveAttribute(
      'title',
      /^The model gets no MCP tools in this chat\. Click to choose servers\.\nfixture: off in this chat\nnotes: off in this chat$/,
    );
  } finally {
    await h.close();
  }
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the strip at 420 and 1600 px, ${locale}, ${colorScheme}`, async () => {
      const zh = locale === 'zh-CN';
      const h = await startHarness({ locale, colorScheme, dataDir: dataDirWithServers(), viewport: { width: 1600, height: 800 } });
      try {
        const { page } = h;
        h.server.enqueue({ text: zh ? '你好。' : 'Hello.' });
        await sendMessage(page, zh ? '你好' : 'Hi');
        await waitForAnswers(page, 1);
        await expect(strip(page)).toHaveAccessibleName(zh ? 'MCP 工具：fixture、notes' : 'MCP tools: fixture, notes');
        await expect(strip(page)).toHaveAttribute(
          'title',
          zh
            ? /^在这个对话中，模型可以使用这些 MCP 服务器的工具。点击选择使用哪些。\nfixture：\d+ 个工具\nnotes：\d+ 个工具$/
            : /^The model may use the tools of these MCP servers in this chat\. Click to choose which\.\nfixture: \d+ tools\nnotes: \d+ tools$/,
          { timeout: SERVER_START_MS },
        );
        await screenshot(page, `tools-strip-1600-${colorScheme}-${zh ? 'zh' : 'en'}`);
        await page.setViewportSize({ width: 420, height: 800 });
        await expect(page.locator('.app.narrow')).toHaveCount(1);
        // One line, inside the column above the composer.
        const boxes = await page.evaluate(() => {
          const summary = document.querySelector('[data-testid="chat-servers-summary"]')!;
          const column = document.querySelector('.main-bottom')!.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(summary);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
          const box = summary.getBoundingClientRect();
          return { lines, inside: box.left >= column.left && box.right <= column.right };
        });
        expect(boxes).toEqual({ lines: 1, inside: true });
        await screenshot(page, `tools-strip-420-${colorScheme}-${zh ? 'zh' : 'en'}`);
      } finally {
        await h.close();
      }
    });
  }
}
