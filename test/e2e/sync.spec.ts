// Sync between two computers through one shared folder: two apps on two data folders (the real store and a real core
// each), a chat made in one appears in the other after Sync now, and the status says what came in; a first sync of
// 1,000 chats shows its progress. Screenshots of
// Settings → Sync in both themes, both languages, 420 px and 1600 px wide.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { FileDialogs } from '../../src/main/transfer/index.js';
import { seedSession } from '../fixtures/seed-sessions.js';
import { screenshot, sendMessage, sessionItems, startHarness, waitForAnswers } from './helpers.js';
import { electronBinary } from './launch.js';

test.skip(electronBinary() !== undefined, 'the Electron app shows the system folder dialog, which a spec cannot answer');

/** Main's folder dialog, scripted: it answers the shared folder. */
const dialogsFor = (folder: string): FileDialogs => ({
  chooseSavePath: async () => undefined,
  chooseOpenPath: async () => undefined,
  chooseFolder: async () => folder,
});

/** Settings scrolled so the Sync section's heading is just below the dialog's own title. */
async function showSyncSection(page: Page): Promise<void> {
  await page.getByTestId('settings-sync').evaluate((section) => {
    section.scrollIntoView({ block: 'start' });
    let scroller = section.parentElement;
    while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
    scroller?.scrollBy(0, -72);
  });
}

/** Settings → Sync: the shared folder chosen (which turns sync on), then Sync now, until the pass has ended. */
async function syncThroughFolder(page: Page, timeout = 10_000): Promise<void> {
  await page.getByTestId('settings-open').click();
  await page.getByTestId('settings-sync').scrollIntoViewIfNeeded();
  await page.getByTestId('sync-choose-folder').click();
  await expect(page.getByTestId('sync-enabled')).toBeChecked();
  await page.getByTestId('sync-now').click();
  await expect(page.getByTestId('sync-now')).toBeEnabled({ timeout });
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'idle');
}

test('a chat made on one computer appears on the other after Sync now; the status says it came in', async () => {
  const shared = mkdtempSync(join(tmpdir(), 'tiny-agent-sync-'));
  const first = await startHarness({ dialogs: dialogsFor(shared), viewport: { width: 1600, height: 900 } });
  const second = await startHarness({ dialogs: dialogsFor(shared), viewport: { width: 1600, height: 900 } });
  try {
    first.server.enqueue({ text: 'Hello from the first computer.' });
    await sendMessage(first.page, 'Plan the garden');
    await waitForAnswers(first.page, 1);
    await syncThroughFolder(first.page);
    await expect(first.page.getByTestId('sync-status')).toContainText('Synced · last sync just now');

    await expect(sessionItems(second.page)).toHaveCount(0);
    await syncThroughFolder(second.page);
    await expect(second.page.getByTestId('sync-status')).toContainText('1 chat came in');
    await showSyncSection(second.page);
    await screenshot(second.page, 'sync-light-en-1600');
    await second.page.getByTestId('settings-save').click();
    await expect(sessionItems(second.page)).toHaveCount(1);
    await expect(sessionItems(second.page).first()).toContainText('Plan the garden');
    const compact = second.page.getByRole('navigation').getByTestId('sync-status');
    await expect(compact).toHaveAttribute('data-state', 'idle');
    await expect(compact).toHaveText('Synced just now · 1 chat came in');
    await sessionItems(second.page).first().click();
    await expect(second.page.getByTestId('message-content').last()).toHaveText('Hello from the first computer.');
    await screenshot(second.page, 'sync-sidebar-light-en-1600');

    // The pause switch: paused, Sync now waits and the status says so in both places.
    await second.page.getByTestId('settings-open').click();
    await second.page.getByTestId('sync-pause').click();
    await expect(second.page.getByTestId('sync-pause')).toBeChecked();
    await expect(second.page.getByTestId('sync-status')).toHaveAttribute('data-state', 'paused');
    await expect(second.page.getByTestId('sync-now')).toBeDisabled();
    await second.page.getByTestId('settings-save').click();
    await expect(second.page.getByRole('navigation').getByTestId('sync-status')).toHaveAttribute('data-state', 'paused');
  } finally {
    await first.close();
    await second.close();
  }
});

test('the first sync of 1,000 chats shows how far it has got, then says they came in', async () => {
  test.setTimeout(300_000);
  const shared = mkdtempSync(join(tmpdir(), 'tiny-agent-sync-'));
  const seeded = mkdtempSync(join(tmpdir(), 'tiny-agent-e2e-'));
  for (let i = 1; i <= 1000; i++) seedSession(seeded, { index: i, turns: 2, answerChars: 200 });
  const first = await startHarness({ dataDir: seeded, dialogs: dialogsFor(shared), viewport: { width: 1600, height: 900 } });
  try {
    await syncThroughFolder(first.page, 120_000);
  } finally {
    await first.close();
  }
  const second = await startHarness({ dialogs: dialogsFor(shared), viewport: { width: 1600, height: 900 } });
  try {
    const { page } = second;
    await page.getByTestId('settings-open').click();
    await page.getByTestId('sync-choose-folder').click();
    await page.getByTestId('sync-now').click();
    const status = page.getByTestId('sync-status');
    await expect(status).toHaveText(/^Syncing… · [\d,]+ \/ 1,000 chats$/, { timeout: 60_000 });
    await showSyncSection(page);
    await screenshot(page, 'sync-progress-light-en-1600');
    await expect(status).toHaveAttribute('data-state', 'idle', { timeout: 120_000 });
    await expect(status).toHaveText('Synced · last sync just now · 1,000 chats came in');
    await page.getByTestId('settings-save').click();
    await expect(page.getByRole('navigation').getByTestId('sync-status')).toHaveText('Synced just now · 1,000 chats came in');
  } finally {
    await second.close();
  }
});

for (const [colorScheme, locale, width] of [
  ['dark', 'zh-CN', 420],
  ['light', 'zh-CN', 1600],
  ['dark', 'en-US', 420],
] as const) {
  const tag = `${colorScheme}-${locale === 'zh-CN' ? 'zh' : 'en'}-${width}`;
  test(`Settings → Sync after a first pass (${tag})`, async () => {
    const shared = mkdtempSync(join(tmpdir(), 'tiny-agent-sync-'));
    const h = await startHarness({ dialogs: dialogsFor(shared), colorScheme, locale, viewport: { width, height: 900 } });
    try {
      await syncThroughFolder(h.page);
      await expect(h.page.getByTestId('sync-status')).toContainText(locale === 'zh-CN' ? '已同步' : 'Synced');
      await showSyncSection(h.page);
      await screenshot(h.page, `sync-${tag}`);
    } finally {
      await h.close();
    }
  });
}
