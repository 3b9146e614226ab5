// Keeping chats in order: a pinned chat stays on top across a restart; the rest fall into date sections.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { seedSession } from '../fixtures/seed-sessions.js';
import { screenshot, sessionItems, startHarness } from './helpers.js';

test('a pinned chat survives a restart at the top; the others are grouped by date', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-organize-'));
  // Seeded chats are dated 2023; one more from today is made by sending.
  for (const [index, name] of [
    [1, 'Trip to Kyoto'],
    [2, '周报草稿'],
    [3, 'Recipe ideas'],
  ] as const) {
    seedSession(dataDir, { index, turns: 1, name });
  }
  const h = await startHarness({ dataDir });
  try {
    let { page } = h;
    h.server.enqueue({ text: 'Sure.' });
    await page.getByTestId('composer-input').fill('Plan my week');
    await page.getByTestId('send').click();
    await expect(page.locator('[data-testid="session-group"][data-group="today"]')).toBeVisible();

    const kyoto = sessionItems(page).filter({ hasText: 'Trip to Kyoto' });
    await kyoto.hover();
    await kyoto.getByTestId('session-pin').click();
    await expect(sessionItems(page).first()).toContainText('Trip to Kyoto');
    await expect(page.getByTestId('session-group').first()).toHaveAttribute('data-group', 'pinned');

    await h.relaunch();
    page = h.page;
    await expect(sessionItems(page).first()).toContainText('Trip to Kyoto');
    await expect(page.getByTestId('session-group')).toHaveText(['Pinned', 'Today', 'November 2023']);
    await expect(sessionItems(page).first().getByTestId('session-pin')).toHaveAttribute('aria-pressed', 'true');
    await screenshot(page, 'sidebar-groups-light-en');
  } finally {
    await h.close();
  }
});

test('sections read well in Chinese and the dark theme', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-organize-zh-'));
  seedSession(dataDir, { index: 1, turns: 1, name: '一个名字很长很长的对话标题，用来检查标题是否占满整行宽度' });
  seedSession(dataDir, { index: 2, turns: 1, name: '周报草稿' });
  const h = await startHarness({ dataDir, locale: 'zh-CN', colorScheme: 'dark' });
  try {
    await expect(h.page.getByTestId('session-group')).toHaveText(['2023年11月']);
    await screenshot(h.page, 'sidebar-groups-dark-zh');
  } finally {
    await h.close();
  }
});
