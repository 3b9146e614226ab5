// Attachments end to end: paste, the attach button and drag and drop in real Chromium; what the model receives;
// what is stored in the data folder; what a restart shows; refusals; a model that rejects images.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { EXE_BYTES, makePng } from '../fixtures/images.js';
import { screenshot, sessionItems, startHarness, userMessages, waitForAnswers } from './helpers.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Width and height from a PNG's IHDR. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Pastes `bytes` as a file into the composer, the way a screenshot tool's clipboard arrives. */
async function pasteFile(page: Page, bytes: Buffer, name: string, type: string): Promise<void> {
  await page.getByTestId('composer-input').evaluate(
    (box, { base64, name, type }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    { base64: bytes.toString('base64'), name, type },
  );
}

const chips = (page: Page) => page.getByTestId('attachment-chip');
const storedFiles = (dataDir: string) =>
  readdirSync(join(dataDir, 'attachments'))
    .filter((name) => name !== 'refs.json')
    .sort();

test('a pasted PNG larger than 2,048 px reaches the model scaled, is stored once, and shows after a restart', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    const original = makePng(3000, 1500);
    await pasteFile(page, original, 'image.png', 'image/png');
    await expect(chips(page)).toHaveCount(1);
    await expect(chips(page)).toContainText('image.png');
    await page.getByTestId('composer-input').fill('What does this chart show?');
    await screenshot(page, 'attachments-composer-light-en');
    await page.getByTestId('send').click();
    await waitForAnswers(page, 1);
    await expect(chips(page)).toHaveCount(0);

    // One image part whose base64 decodes to the scaled image: same type, longest side 2,048.
    const content = server.chatRequests[0]!.body.messages.at(-1).content as Array<{
      type: string;
      image_url?: { url: string };
      text?: string;
    }>;
    expect(content.map((part) => part.type)).toEqual(['image_url', 'text']);
    const url = content[0]!.image_url!.url;
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const sent = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect(pngSize(sent)).toEqual({ width: 2048, height: 1024 });
    expect(content[1]).toEqual({ type: 'text', text: 'What does this chart show?' });

    // The original once, plus its scaled copy; pasting the same image again stores nothing new.
    expect(storedFiles(h.app.dataDir)).toEqual([`${sha256(original)}.png`, `${sha256(sent)}.png`].sort());
    await pasteFile(page, original, 'again.png', 'image/png');
    await expect(chips(page)).toHaveCount(1);
    expect(storedFiles(h.app.dataDir)).toHaveLength(2);
    await page.getByTestId('attachment-chip').getByRole('button', { name: 'Remove again.png' }).click();
    await expect(chips(page)).toHaveCount(0);

    await h.relaunch();
    await sessionItems(h.page).first().click();
    const thumb = h.page.getByTestId('message-image');
    await expect(thumb).toHaveCount(1);
    await expect(thumb.locator('img')).toHaveJSProperty('complete', true);
    expect(
      await thumb.locator('img').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight, img.src.slice(0, 5)]),
    ).toEqual([2048, 1024, 'blob:']);
    await screenshot(h.page, 'attachments-message-light-en');
    await thumb.click();
    const viewer = h.page.getByTestId('image-viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('img', { name: 'image.png' })).toBeVisible();
    await expect(viewer).toContainText('3000 × 1500');
    await screenshot(h.page, 'attachments-viewer-light-en');
    await h.page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
  } finally {
    await h.close();
  }
});

test('a text file from the attach button arrives as a fenced block; a 30 MB file and an .exe are refused by name', async () => {
  test.setTimeout(150_000);
  const h = await startHarness({ locale: 'zh-CN', colorScheme: 'dark' });
  try {
    const { page, server } = h;
    const input = page.locator('input[type="file"]');
    await expect(page.getByTestId('attach')).toHaveAccessibleName('添加附件');
    await input.setInputFiles(
      [
        { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# 待办\n- 写测试\n') },
        { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: EXE_BYTES },
        { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(30 * 1024 * 1024) },
        // 30 MB crosses the browser protocol as text before the window sees it: slow on a busy machine, not a hang.
      ],
      { timeout: 90_000 },
    );
    await expect(chips(page)).toHaveCount(1);
    const refusals = page.getByTestId('attachment-refusals');
    await expect(refusals.locator('li')).toHaveText([
      '无法添加“setup.exe”：不支持此类文件（Windows 程序）。可以添加图片（PNG、JPEG、WebP、GIF）或文本文件（txt、md、csv、json、源代码）。',
      '“huge.png”太大（30.0 MB），上限为 20.0 MB。',
    ]);
    await screenshot(page, 'attachments-composer-dark-zh');
    await page.getByTestId('send').click();
    await waitForAnswers(page, 1);
    expect(server.chatRequests[0]!.body.messages.at(-1).content).toBe('notes.md\n```md\n# 待办\n- 写测试\n```\n\n');
    await expect(userMessages(page).getByTestId('message-file')).toContainText('notes.md');
    await screenshot(page, 'attachments-message-dark-zh');
  } finally {
    await h.close();
  }
});

test('dropping files shows a drop target and attaches them; a model that rejects images hands the message back', async () => {
  const h = await startHarness({ viewport: { width: 420, height: 760 } });
  try {
    const { page, server } = h;
    server.enqueue({ status: 400, errorMessage: 'This model does not support image input.' });
    const png = makePng(40, 30);
    const transfer = await page.evaluateHandle((base64) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'photo.png', { type: 'image/png' }));
      return transfer;
    }, png.toString('base64'));
    await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
    await expect(page.getByTestId('drop-target')).toBeVisible();
    await screenshot(page, 'attachments-drop-narrow-light-en');
    await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
    await expect(page.getByTestId('drop-target')).toHaveCount(0);
    await expect(chips(page)).toHaveCount(1);
    await page.getByTestId('composer-input').fill('What is in this photo?');
    await page.getByTestId('send').click();

    const banner = page.getByTestId('error-banner');
    await expect(banner).toContainText('This model does not support image input.');
    await expect(page.getByTestId('composer-input')).toHaveValue('What is in this photo?');
    await expect(chips(page)).toHaveCount(1);
    await expect(chips(page)).toContainText('photo.png');
    await screenshot(page, 'attachments-rejected-narrow-light-en');

    // Sent again with another model answer: the same file goes, and the composer empties.
    await page.getByTestId('send').click();
    await waitForAnswers(page, 1);
    await expect(chips(page)).toHaveCount(0);
    expect(server.chatRequests[1]!.body.messages.at(-1).content[0]).toEqual({
      type: 'image_url',
      image_url: { url: `data:image/png;base64,${png.toString('base64')}` },
    });
  } finally {
    await h.close();
  }
});
