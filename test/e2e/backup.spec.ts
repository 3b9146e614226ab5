// Backups in Settings through the real store and a real core: the folder from main's (scripted) folder dialog, back up
// now writes a checked backup into it and lists it by date, reason and size; screenshots in both themes and languages.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { FileDialogs } from '../../src/main/transfer/index.js';
import { screenshot, startHarness } from './helpers.js';
import { electronBinary } from './launch.js';

test.skip(electronBinary() !== undefined, 'the Electron app shows the system folder dialog, which a spec cannot answer');

for (const [colorScheme, locale, width] of [
  ['light', 'en-US', 1600],
  ['dark', 'zh-CN', 420],
] as const) {
  const tag = `${colorScheme}-${locale === 'zh-CN' ? 'zh' : 'en'}-${width}`;
  test(`choose a folder, back up now, see it listed (${tag})`, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tiny-agent-backups-'));
    const dialogs: FileDialogs = {
      chooseSavePath: async () => undefined,
      chooseOpenPath: async () => undefined,
      chooseFolder: async () => folder,
    };
    const h = await startHarness({ dialogs, colorScheme, locale, viewport: { width, height: 900 } });
    try {
      const { page } = h;
      await page.getByTestId('settings-open').click();
      const section = page.getByTestId('settings-backup');
      await section.scrollIntoViewIfNeeded();
      await expect(page.getByTestId('backup-now')).toBeDisabled();
      await page.getByTestId('backup-choose-folder').click();
      await expect(page.getByTestId('backup-folder')).toHaveText(folder);
      await page.getByTestId('backup-now').click();
      await expect(page.getByTestId('backup-result')).toHaveText(locale === 'zh-CN' ? /^已备份 \d+ 个文件/ : /^Backed up \d+ files? \(/);
      await expect(page.getByTestId('backup-list').locator('option')).toHaveCount(1);
      expect(readdirSync(folder).filter((name) => name.startsWith('tiny-agent-backup-'))).toHaveLength(1);
      await page.getByTestId('backup-restore').click();
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `backup-${tag}`);
    } finally {
      await h.close();
    }
  });
}
