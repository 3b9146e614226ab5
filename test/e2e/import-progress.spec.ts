// Importing a 2,000-conversation ChatGPT export end to end, the open dialog scripted: the sidebar shows the file and
// how many of how many chats are done, with Cancel; Cancel leaves the chats imported (the report says how many of how
// many) and nothing half-written. The report stays in the sidebar — never over the open chat, never past the
// sidebar's edge — and floats over the window only while the drawer is closed. Both themes and languages, 420 and
// 1600 px wide.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { FileDialogs } from '../../src/main/transfer/index.js';
import { writeChatgptExport } from '../fixtures/chatgpt-export.js';
import { seedRichChat } from '../fixtures/transfer-samples.js';
import { screenshot, startHarness } from './helpers.js';
import { electronBinary } from './launch.js';

const electronReason =
  'the Electron app shows the system file dialogs, which a spec cannot answer; these specs script them in Chromium mode';
if (electronBinary() !== undefined) console.log(`[import-progress] skipped: ${electronReason}`);
test.skip(electronBinary() !== undefined, electronReason);

const COUNT = 2_000;
let exportFile: string;

test.beforeAll(async () => {
  exportFile = join(mkdtempSync(join(tmpdir(), 'tiny-agent-import-out-')), 'conversations.json');
  await writeChatgptExport(exportFile, COUNT);
});

/** The open dialog answers `path` (once). */
function openDialog(path: string): FileDialogs {
  const queue = [path];
  return { chooseOpenPath: async () => queue.shift(), chooseSavePath: async () => undefined };
}

/** The box of `inner` lies within the box of `outer`. */
async function expectInside(inner: Locator, outer: Locator): Promise<void> {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  expect(a.x).toBeGreaterThanOrEqual(b.x);
  expect(a.y).toBeGreaterThanOrEqual(b.y);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
  expect(a.y + a.height).toBeLessThanOrEqual(b.y + b.height + 0.5);
}

/** The boxes of `a` and `b` do not overlap. */
async function expectApart(a: Locator, b: Locator): Promise<void> {
  const p = (await a.boundingBox())!;
  const q = (await b.boundingBox())!;
  const overlaps = p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
  expect(overlaps).toBe(false);
}

const sessionFiles = (dataDir: string) => readdirSync(join(dataDir, 'sessions')).filter((name) => name.endsWith('.jsonl'));
const tmpFiles = (dataDir: string) => readdirSync(join(dataDir, 'sessions')).filter((name) => name.endsWith('.tmp'));

/** Waits until the import has stored at least `count` chats, as the progress says. */
async function waitForDone(progress: Locator, count: number): Promise<void> {
  await expect.poll(async () => Number(await progress.getAttribute('data-done')), { timeout: 60_000 }).toBeGreaterThanOrEqual(count);
}

const cases = [
  { name: 'wide-light-en', locale: 'en-US', colorScheme: 'light', width: 1600 },
  { name: 'wide-dark-zh', locale: 'zh-CN', colorScheme: 'dark', width: 1600 },
  { name: 'narrow-light-en', locale: 'en-US', colorScheme: 'light', width: 420 },
  { name: 'narrow-dark-zh', locale: 'zh-CN', colorScheme: 'dark', width: 420 },
] as const;

const words = {
  'en-US': {
    title: 'Importing “conversations.json”',
    count: /^(\d{1,3}(,\d{3})?) of 2,000 chats$/,
    cancel: 'Cancel',
    report: /^(\d+) of 2,000 chats imported from “conversations\.json”, then cancelled\. The chats imported are kept\.$/,
  },
  'zh-CN': {
    title: '正在导入“conversations.json”',
    count: /^(\d{1,3}(,\d{3})?) \/ 2,000 个对话$/,
    cancel: '取消',
    report: /^已从“conversations\.json”导入 (\d+) 个对话（共 2,000 个），随后取消。已导入的对话会保留。$/,
  },
} as const;

for (const c of cases) {
  test(`import with progress and Cancel: ${c.name}`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-import-'));
    seedRichChat(dataDir);
    const narrow = c.width < 768;
    const h = await startHarness({
      dataDir,
      locale: c.locale,
      colorScheme: c.colorScheme,
      viewport: { width: c.width, height: 800 },
      dialogs: openDialog(exportFile),
    });
    try {
      const { page } = h;
      const w = words[c.locale];
      // The seeded chat is open (in a narrow window picked in the drawer, which then closes; it is opened again).
      if (narrow) await page.getByTestId('sidebar-toggle').click();
      await page.getByTestId('session-item').first().click();
      if (narrow) await page.getByTestId('sidebar-toggle').click();
      const sidebar = page.locator('#sidebar');
      await page.getByTestId('import-open').click();

      const progress = page.getByTestId('import-progress');
      await expect(progress.locator('.import-progress-title')).toHaveText(w.title);
      await waitForDone(progress, 1);
      await expect(progress.locator('.import-progress-count')).toHaveText(w.count);
      await expectInside(progress, sidebar);
      if (!narrow) await expectApart(progress, page.locator('main.main'));
      await expect(page.getByTestId('import-open')).toBeDisabled();
      await screenshot(page, `import-progress-${c.name}`);
      // The panel is readable by assistive technology as it is by eye (axe: no serious or critical violation).
      const { violations } = await new AxeBuilder({ page }).include('[data-testid="import-progress"]').analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

      if (narrow) {
        // The drawer closed: the import goes on, its progress shown over the window until the drawer opens again.
        await page.getByRole('button', { name: c.locale === 'zh-CN' ? '关闭对话列表' : 'Close the chat list' }).click();
        await expect(sidebar).toHaveCount(0);
        await expect(progress).toHaveClass(/floating/);
        await waitForDone(progress, 12);
        await screenshot(page, `import-progress-floating-${c.name}`);
        await page.getByTestId('sidebar-toggle').click();
        await expectInside(progress, sidebar);
      } else await waitForDone(progress, 12);

      await progress.getByRole('button', { name: w.cancel }).click();
      await expect(progress).toHaveCount(0);
      const report = page.getByTestId('status-notice');
      await expect(report).toHaveText(w.report);
      const imported = Number(w.report.exec((await report.textContent()) ?? '')![1]);
      expect(imported).toBeGreaterThanOrEqual(12);
      expect(imported).toBeLessThan(COUNT);
      await expectInside(report, sidebar);
      if (!narrow) await expectApart(report, page.locator('main.main'));
      await screenshot(page, `import-cancelled-${c.name}`);

      // Only whole chats: the seeded one and those reported, no temp file left.
      expect(sessionFiles(dataDir)).toHaveLength(imported + 1);
      expect(tmpFiles(dataDir)).toEqual([]);
    } finally {
      await h.close();
    }
  });
}

test('an import refused as a whole is said in the sidebar, clear of the open chat, at 1600 and 420 px', async () => {
  const out = mkdtempSync(join(tmpdir(), 'tiny-agent-import-out-'));
  const bad = join(out, 'cut.json');
  writeFileSync(bad, '[{"title": "Half');
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-import-'));
  seedRichChat(dataDir);
  const queue = [bad, bad];
  const h = await startHarness({
    dataDir,
    viewport: { width: 1600, height: 800 },
    dialogs: { chooseOpenPath: async () => queue.shift(), chooseSavePath: async () => undefined },
  });
  try {
    const page: Page = h.page;
    await page.getByTestId('session-item').first().click();
    await page.getByTestId('import-open').click();
    const report = page.getByTestId('status-notice');
    await expect(report).toHaveText('Import failed: The file is not valid JSON (it may be cut short or damaged). Nothing was changed.×');
    await expectInside(report, page.locator('#sidebar'));
    await expectApart(report, page.locator('main.main'));
    await screenshot(page, 'import-failed-wide-light-en');
    await report.getByRole('button', { name: 'Dismiss' }).click();

    await page.setViewportSize({ width: 420, height: 760 });
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('import-open').click();
    await expect(report).toHaveText(/^Import failed: /);
    await expectInside(report, page.locator('#sidebar'));
    await screenshot(page, 'import-failed-narrow-light-en');
  } finally {
    await h.close();
  }
});
