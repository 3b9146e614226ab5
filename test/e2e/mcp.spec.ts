// MCP end to end: the real fixture server (stdio), the fake model scripted to call its tools, the built renderer.
// Configure → the model calls add → approve → the result and the answer → relaunch → the blocks are back; deny;
// Stop during slow_echo; the server killed mid-call; screenshots of the blocks and the settings.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DECLINED_TEXT } from '../../src/main/mcp/approvals.js';
import { fixtureServerEntry, processAlive } from '../fixtures/mcp-fixture-config.js';
import { lastAnswerText, screenshot, sendMessage, startHarness, type Harness } from './helpers.js';

/** How long the first tool call may wait for the fixture server to start. */
const SERVER_START_MS = 40_000;

let h: Harness | undefined;
test.afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Pastes an mcpServers config with the fixture into Settings and waits until the server is listed. */
async function configureFixture(page: Page, pidFile: string): Promise<void> {
  await page.getByTestId('settings-open').click();
  const mcp = page.getByTestId('settings-mcp');
  await mcp.getByTestId('mcp-import').click();
  await mcp
    .getByTestId('mcp-import-text')
    .fill(JSON.stringify({ mcpServers: { fixture: fixtureServerEntry('normal', { FIXTURE_PID_FILE: pidFile }) } }));
  await mcp.getByTestId('mcp-import-apply').click();
  await expect(mcp.getByTestId('mcp-server')).toHaveAttribute('data-server', 'fixture');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-dialog')).toHaveCount(0);
}

const toolBlock = (page: Page, tool: string) => page.locator(`[data-testid="tool-call"][data-tool="${tool}"]`);
const toolMessages = (h: Harness, index: number) =>
  (h.server.chatRequests[index]!.body.messages as Array<{ role: string; content: unknown }>)
    .filter((m) => m.role === 'tool')
    .map((m) => m.content);

test('configure the fixture → the model calls add → approve → result and answer → relaunch → the blocks are back', async () => {
  h = await startHarness();
  const pidFile = join(mkdtempSync(join(tmpdir(), 'mcp-e2e-')), 'pid');
  const { page } = h;
  await configureFixture(page, pidFile);
  h.server.enqueue(
    { text: 'Let me add them.', toolCalls: [{ id: 'call_add', name: 'fixture__add', arguments: '{"a":2,"b":3}' }] },
    { text: 'The sum is 5.' },
  );
  await sendMessage(page, 'What is 2 + 3?');
  // The first send starts the server (node + tsx): slow on a loaded machine.
  await expect(toolBlock(page, 'add')).toHaveAttribute('data-status', 'approval', { timeout: SERVER_START_MS });
  await page.getByTestId('tool-approve').click();
  await expect(toolBlock(page, 'add')).toHaveAttribute('data-status', 'done');
  await expect(lastAnswerText(page)).toHaveText('The sum is 5.');
  expect(toolMessages(h, 1)).toEqual(['5']);
  await toolBlock(page, 'add').locator('summary').click();
  await expect(toolBlock(page, 'add').getByTestId('tool-result')).toContainText('5');
  await screenshot(page, 'mcp-tool-block-light-en');

  const pid = Number(readFileSync(pidFile, 'utf8'));
  expect(processAlive(pid)).toBe(true);
  await h.relaunch();
  // Quitting ended the server: no child process outlives the app.
  expect(processAlive(pid)).toBe(false);
  await h.page.getByTestId('session-item').first().click();
  await expect(toolBlock(h.page, 'add')).toHaveAttribute('data-status', 'done');
  await toolBlock(h.page, 'add').locator('summary').click();
  await expect(toolBlock(h.page, 'add').getByTestId('tool-result')).toContainText('5');
  await expect(lastAnswerText(h.page)).toHaveText('The sum is 5.');
});

test('deny → the model gets the refusal; Stop during slow_echo cancels it; a server killed mid-call fails the block clearly', async () => {
  h = await startHarness();
  const pidFile = join(mkdtempSync(join(tmpdir(), 'mcp-e2e-')), 'pid');
  const { page } = h;
  await configureFixture(page, pidFile);

  h.server.enqueue({ toolCalls: [{ id: 'call_deny', name: 'fixture__add', arguments: '{"a":1,"b":1}' }] }, { text: 'OK, I will not add.' });
  await sendMessage(page, 'add 1 and 1');
  await page.getByTestId('tool-deny').click({ timeout: SERVER_START_MS });
  await expect(toolBlock(page, 'add')).toHaveAttribute('data-status', 'denied');
  await expect(lastAnswerText(page)).toHaveText('OK, I will not add.');
  expect(toolMessages(h, 1)).toEqual([DECLINED_TEXT]);

  h.server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'fixture__slow_echo', arguments: '{"text":"hi","ms":60000}' }] });
  await sendMessage(page, 'echo slowly');
  await page.getByTestId('tool-approve-always').click();
  await expect(toolBlock(page, 'slow_echo')).toHaveAttribute('data-status', 'running');
  await page.getByTestId('stop').click();
  await expect(toolBlock(page, 'slow_echo')).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('stop')).toHaveCount(0);
  expect(h.server.chatRequests).toHaveLength(3);

  // "Always allow" was remembered: this call runs without asking, and the server is killed while it runs.
  h.server.enqueue(
    { toolCalls: [{ id: 'call_killed', name: 'fixture__slow_echo', arguments: '{"text":"hi","ms":60000}' }] },
    { text: 'The tool server crashed.' },
  );
  await sendMessage(page, 'echo again');
  const killed = toolBlock(page, 'slow_echo').last();
  await expect(killed).toHaveAttribute('data-status', 'running');
  expect(existsSync(pidFile)).toBe(true);
  process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
  await expect(killed).toHaveAttribute('data-status', 'failed');
  await expect(lastAnswerText(page)).toHaveText('The tool server crashed.');
  await killed.locator('summary').click();
  await expect(killed.getByTestId('tool-result')).toContainText('MCP server "fixture" failed: The server stopped.');

  await page.getByTestId('settings-open').click();
  const server = page.getByTestId('mcp-server');
  await expect(server).toHaveAttribute('data-status', 'error');
  await expect(page.getByTestId('mcp-always-allowed')).toHaveAttribute('data-tool', 'slow_echo');
  await page.getByTestId('mcp-restart').click();
  await expect(server).toHaveAttribute('data-status', 'ready', { timeout: SERVER_START_MS });
});

for (const [colorScheme, locale] of [
  ['dark', 'zh-CN'],
  ['light', 'en-US'],
] as const) {
  test(`screenshots: tool blocks and MCP settings (${colorScheme}, ${locale}, narrow)`, async () => {
    h = await startHarness({ colorScheme, locale, viewport: { width: 760, height: 900 } });
    const { page } = h;
    await configureFixture(page, join(mkdtempSync(join(tmpdir(), 'mcp-e2e-')), 'pid'));
    h.server.enqueue(
      {
        text: 'Checking.',
        toolCalls: [
          { id: 'c_img', name: 'fixture__image', arguments: '{}' },
          { id: 'c_fail', name: 'fixture__fail', arguments: '{}' },
        ],
      },
      { toolCalls: [{ id: 'c_add', name: 'fixture__add', arguments: '{"a":40,"b":2}' }] },
      { text: 'Done.' },
    );
    await sendMessage(page, locale === 'zh-CN' ? '看看这些工具' : 'Try the tools');
    await page.getByTestId('tool-approve').first().click({ timeout: SERVER_START_MS });
    await page.getByTestId('tool-approve').first().click();
    await expect(toolBlock(page, 'image').getByRole('img')).toBeVisible();
    await expect(toolBlock(page, 'add')).toHaveAttribute('data-status', 'approval');
    await screenshot(page, `mcp-tools-${colorScheme}-${locale === 'zh-CN' ? 'zh' : 'en'}`);
    await page.getByTestId('tool-approve').click();
    await expect(lastAnswerText(page)).toHaveText('Done.');
    await page.getByTestId('settings-open').click();
    await expect(page.getByTestId('mcp-server')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('settings-mcp').scrollIntoViewIfNeeded();
    await screenshot(page, `mcp-settings-${colorScheme}-${locale === 'zh-CN' ? 'zh' : 'en'}`);
  });
}
