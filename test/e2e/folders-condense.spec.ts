// Folders and condensed history end to end: a folder made in the sidebar, a chat moved into it by keyboard, kept after
// a restart; "condense now" on a chat puts one marker where the model stops seeing the messages. Screenshots of the
// folder tree and the marker in both themes and languages, wide and narrow.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { seedSession } from '../fixtures/seed-sessions.js';
import { screenshot, sessionItems, startHarness } from './helpers.js';

const cases = [
  {
    name: 'light-en-1600',
    locale: 'en-US',
    colorScheme: 'light',
    width: 1600,
    folder: 'Work',
    marker: 'Earlier messages summarized — show',
  },
  { name: 'dark-zh-420', locale: 'zh-CN', colorScheme: 'dark', width: 420, folder: '工作', marker: '较早的消息已摘要 — 显示' },
  { name: 'dark-en-1600', locale: 'en-US', colorScheme: 'dark', width: 1600, folder: 'Work', marker: 'Earlier messages summarized — show' },
  { name: 'light-zh-420', locale: 'zh-CN', colorScheme: 'light', width: 420, folder: '工作', marker: '较早的消息已摘要 — 显示' },
] as const;

for (const c of cases) {
  test(`folders and the condensed marker (${c.name})`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-folders-'));
    seedSession(dataDir, { index: 1, turns: 1, name: 'Trip to Kyoto' });
    seedSession(dataDir, { index: 2, turns: 1, name: '周报草稿' });
    seedSession(dataDir, { index: 3, turns: 3, name: 'Long planning chat' });
    const narrow = c.width < 700;
    const h = await startHarness({ dataDir, locale: c.locale, colorScheme: c.colorScheme, viewport: { width: c.width, height: 900 } });
    try {
      let { page } = h;
      const openSidebar = async () => {
        if (narrow) await page.getByTestId('sidebar-toggle').click();
      };
      await openSidebar();
      await page.getByTestId('folder-new').click();
      await page.getByTestId('folder-name-input').fill(c.folder);
      await page.getByTestId('folder-name-input').press('Enter');
      const folder = page.getByTestId('folder');
      await expect(folder).toHaveCount(1);

      // By keyboard: the move button opens the folder options; Enter on one moves the chat.
      const kyoto = sessionItems(page).filter({ hasText: 'Trip to Kyoto' });
      await kyoto.hover();
      await kyoto.getByTestId('session-move').click();
      const option = page.locator(`[data-testid="folder-option"][data-folder-id]:not([data-folder-id=""])`);
      await option.focus();
      await page.keyboard.press('Enter');
      await expect(folder.getByTestId('session-item')).toHaveText(['Trip to Kyoto']);
      await screenshot(page, `folders-tree-${c.name}`);

      await h.relaunch();
      page = h.page;
      await openSidebar();
      await expect(page.getByTestId('folder').getByTestId('session-item')).toHaveText(['Trip to Kyoto']);

      // Condense now on the long chat: one summary request, one marker.
      h.server.setDefaultReply({ text: c.locale === 'zh-CN' ? '要点：用户在规划行程。' : 'Notes: the user is planning a trip.' });
      await sessionItems(page).filter({ hasText: 'Long planning chat' }).click();
      await page.getByTestId('condense-now').click();
      const marker = page.getByTestId('condensed-marker');
      await expect(marker).toHaveCount(1);
      await marker.getByRole('button', { name: c.marker }).click();
      await expect(marker).toContainText(c.locale === 'zh-CN' ? '要点' : 'Notes');
      await screenshot(page, `condensed-marker-${c.name}`);
    } finally {
      await h.close();
    }
  });
}
