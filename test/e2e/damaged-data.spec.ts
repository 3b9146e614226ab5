// A data folder with damaged files and pictures that lie, through the interface: the window starts, says above the
// composer what it set aside (settings.json, ui-state.json, attachments/refs.json) in the person's language, and the
// files it could not read are still there byte for byte; a PNG that decodes to 30,000 × 30,000 and an executable
// named .png are refused in words before anything decodes them. Screenshots in both themes and languages, 420 and
// 1600 px wide.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { bombPng, EXE_BYTES } from '../fixtures/images.js';
import { screenshot, sendMessage, startHarness, waitForAnswers } from './helpers.js';

/** A data folder whose three files are damaged: settings truncated, window state of wrong types, refs of wrong types. */
function damagedFolder(): { dataDir: string; settings: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-e2e-damaged-'));
  const settings = '{"version": 2, "providers": [{"id": "p-1", "name": "Mine", "baseUrl": "https://a.exam';
  writeFileSync(join(dataDir, 'settings.json'), settings);
  writeFileSync(join(dataDir, 'ui-state.json'), JSON.stringify({ version: 1, lastSessionId: 7, drafts: { draft: 5 } }));
  mkdirSync(join(dataDir, 'attachments'));
  writeFileSync(join(dataDir, 'attachments', 'refs.json'), JSON.stringify({ version: 1, sessions: { x: 'y' } }));
  return { dataDir, settings };
}

const EN = [
  'settings.json could not be read (it is damaged). Tiny Agent started with default settings and left the file as it is: changes in Settings are not saved until it is repaired or moved away.',
  '2 entries of the saved window state (ui-state.json: unsent text, scroll positions) could not be read and were left out. The file as it was is kept as ui-state.json.unread.bak.',
  'The list of which chat uses which attachment (attachments/refs.json) could not be read; it was rebuilt from the chats. The file as it was is kept as attachments/refs.json.unread.bak.',
];
const ZH = [
  'settings.json 无法读取（已损坏）。Tiny Agent 已使用默认设置启动，文件保持原样未修改：在修复或移走它之前，设置中的更改不会保存。',
  '保存的窗口状态（ui-state.json：未发送的文字、滚动位置）中有 2 项无法读取，已略过。原文件已保留为 ui-state.json.unread.bak。',
  '记录各对话所用附件的列表（attachments/refs.json）无法读取，已根据对话重建。原文件已保留为 attachments/refs.json.unread.bak。',
];

for (const [colorScheme, locale, width] of [
  ['light', 'en-US', 1600],
  ['dark', 'zh-CN', 1600],
  ['dark', 'en-US', 420],
  ['light', 'zh-CN', 420],
] as const) {
  test(`a damaged data folder: the window starts, says what it set aside, and works (${colorScheme}, ${locale}, ${width}px)`, async () => {
    const { dataDir, settings } = damagedFolder();
    const h = await startHarness({ dataDir, locale, colorScheme, viewport: { width, height: 800 } });
    try {
      const { page } = h;
      const notices = page.getByTestId('startup-notices');
      await expect(notices.locator('li')).toHaveText(locale === 'zh-CN' ? ZH : EN);
      // Nothing of the banner runs out of the window.
      const box = (await notices.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await screenshot(page, `damaged-data-${colorScheme}-${locale === 'zh-CN' ? 'zh' : 'en'}-${width}`);

      // The app works on the environment's provider; what it could not read stays as it was.
      await sendMessage(page, 'hello');
      await waitForAnswers(page, 1);
      await page.getByTestId('startup-notices-dismiss').click();
      await expect(notices).toHaveCount(0);
      expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).toBe(settings);
    } finally {
      await h.close();
    }
  });
}

test('a PNG that decodes to 30,000 × 30,000 and an executable named .png are refused in words; nothing is decoded or stored', async () => {
  const h = await startHarness();
  try {
    const { page } = h;
    const bomb = bombPng(30_000, 30_000);
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'bomb.png', mimeType: 'image/png', buffer: bomb },
      { name: 'holiday.png', mimeType: 'image/png', buffer: EXE_BYTES },
    ]);
    await expect(page.getByTestId('attachment-refusals').locator('li')).toHaveText([
      '“bomb.png” is 30,000 × 30,000 pixels; pictures of at most 100 megapixels can be attached.',
      '“holiday.png” is named like a .png picture, but it is a Windows program.',
    ]);
    await expect(page.getByTestId('attachment-chip')).toHaveCount(0);
    // The window still answers at once: the picture was never handed to a decoder.
    await sendMessage(page, 'still here?');
    await waitForAnswers(page, 1);
    await screenshot(page, 'attachments-refused-light-en');
  } finally {
    await h.close();
  }
});
