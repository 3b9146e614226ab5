// Search narrowed to a folder, and the summary model in Settings, end to end: two chats mention Kyoto, one of them in
// the folder "Travel"; choosing the folder in the search dialog leaves only its hit. Settings' "Long chats" section
// saves a chosen summary model at once. Screenshots of both in both themes and languages, wide and narrow.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { TinyAgentApi } from '../../src/shared/ipc.js';
import { seedSession, seededId } from '../fixtures/seed-sessions.js';
import { screenshot, startHarness } from './helpers.js';

const cases = [
  {
    name: 'light-en-1600',
    locale: 'en-US',
    colorScheme: 'light',
    width: 1600,
    folder: 'Travel',
    all: 'All chats',
    own: "Each chat's own model",
  },
  { name: 'dark-zh-420', locale: 'zh-CN', colorScheme: 'dark', width: 420, folder: '旅行', all: '全部对话', own: '各对话自己的模型' },
  {
    name: 'dark-en-1600',
    locale: 'en-US',
    colorScheme: 'dark',
    width: 1600,
    folder: 'Travel',
    all: 'All chats',
    own: "Each chat's own model",
  },
  { name: 'light-zh-420', locale: 'zh-CN', colorScheme: 'light', width: 420, folder: '旅行', all: '全部对话', own: '各对话自己的模型' },
] as const;

for (const c of cases) {
  test(`search narrowed to a folder, and the summary model (${c.name})`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-search-folder-'));
    seedSession(dataDir, {
      index: 1,
      turns: 2,
      name: 'Trip to Kyoto',
      texts: (turn) => (turn === 1 ? { question: 'Temples to see in Kyoto?' } : undefined),
    });
    seedSession(dataDir, {
      index: 2,
      turns: 2,
      name: 'Weekly notes',
      texts: (turn) => (turn === 2 ? { answer: 'Kyoto office opens in May.' } : undefined),
    });
    seedSession(dataDir, { index: 3, turns: 2, name: 'Recipes' });
    const h = await startHarness({ dataDir, locale: c.locale, colorScheme: c.colorScheme, viewport: { width: c.width, height: 900 } });
    try {
      const folderId = await h.page.evaluate(async (name) => {
        const created = await (window as unknown as { api: TinyAgentApi }).api.createFolder({ name });
        if (!created.ok) throw new Error(created.error.message);
        return created.value.id;
      }, c.folder);
      // The seeded chats are found by the start's background check of the folder: moved once it has found them.
      await expect
        .poll(() =>
          h.page.evaluate(
            async ({ sessionId, folderId }) =>
              (await (window as unknown as { api: TinyAgentApi }).api.moveSessionToFolder({ sessionId, folderId })).ok,
            { sessionId: seededId(1), folderId },
          ),
        )
        .toBe(true);
      await h.relaunch();
      const { page } = h;

      // Asked again until the window, starting on a loaded machine, has its keyboard shortcuts in place.
      await expect(async () => {
        await page.keyboard.press('ControlOrMeta+k');
        await expect(page.getByTestId('search-input')).toBeFocused({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await page.getByTestId('search-input').fill('kyoto');
      await expect(page.getByTestId('search-result')).toHaveCount(2, { timeout: 30_000 });
      const folder = page.getByTestId('search-folder');
      await expect(folder.locator('option')).toHaveText([c.all, c.folder], { timeout: 30_000 });
      await folder.selectOption({ label: c.folder });
      await expect(page.getByTestId('search-result')).toHaveCount(1);
      await expect(page.getByTestId('search-result')).toHaveAttribute('data-session-id', seededId(1));
      await screenshot(page, `search-folder-${c.name}`);
      await folder.selectOption({ label: c.all });
      await expect(page.getByTestId('search-result')).toHaveCount(2);
      await page.keyboard.press('Escape');

      await page.getByTestId('settings-open').click();
      const summary = page.getByTestId('settings-summary-model');
      await summary.scrollIntoViewIfNeeded();
      await expect(summary.locator('option').first()).toHaveText(c.own);
      await summary.selectOption({ label: 'fake-model' });
      // Saved at once, in main.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const result = await (window as unknown as { api: TinyAgentApi }).api.getSettings();
            return result.ok ? result.value.summaryModel?.model : undefined;
          }),
        )
        .toBe('fake-model');
      await summary.evaluate((el) => el.closest('section')?.scrollIntoView({ block: 'center' }));
      await screenshot(page, `settings-summary-model-${c.name}`);
    } finally {
      await h.close();
    }
  });
}
