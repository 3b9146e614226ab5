// Long chats and many sessions stay light: virtualized lists mount only what is on screen.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { seedSession } from '../fixtures/seed-sessions.js';
import { sessionItems, startHarness } from './helpers.js';

test('a 2,000-message session opens at the latest messages with at most ~60 rows mounted, and scrolls back to the first', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-long-'));
  seedSession(dataDir, { turns: 1_000, index: 1, name: 'Very long chat', answerChars: 300, reasoning: true });
  const h = await startHarness({ dataDir });
  try {
    const { page } = h;
    await sessionItems(page).filter({ hasText: 'Very long chat' }).click();
    const list = page.getByTestId('message-list');
    await expect(list.getByText('Question 1000 of session 1')).toBeVisible();
    const mounted = await page.getByTestId('message').count();
    expect(mounted).toBeGreaterThan(0);
    expect(mounted).toBeLessThanOrEqual(60);

    // Scroll to the top: the virtualizer measures rows as they appear, so keep going until the first shows.
    for (let i = 0; i < 200; i++) {
      if (await list.getByText('Question 1 of session 1', { exact: true }).isVisible()) break;
      await list.evaluate((el) => {
        const scroller = (el.querySelector('[data-scroll-container]') as HTMLElement | null) ?? el;
        scroller.scrollTop = 0;
      });
      await page.waitForTimeout(50);
    }
    await expect(list.getByText('Question 1 of session 1', { exact: true })).toBeVisible();
    expect(await page.getByTestId('message').count()).toBeLessThanOrEqual(60);
    console.log(`[long-lists] 2,000 messages: ${mounted} rows mounted at open`);
  } finally {
    await h.close();
  }
});

test('10,000 sessions: the sidebar mounts only the visible rows and the filter finds any of them', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-many-'));
  for (let i = 0; i < 10_000; i++) seedSession(dataDir, { turns: 1, index: i, name: `Project ${i}`, answerChars: 40 });
  const h = await startHarness({ dataDir });
  try {
    const { page } = h;
    await expect(sessionItems(page).first()).toBeVisible();
    const mounted = await sessionItems(page).count();
    expect(mounted).toBeLessThanOrEqual(60);
    await page.getByTestId('session-filter').fill('Project 4242');
    await expect(sessionItems(page)).toHaveCount(1);
    await expect(sessionItems(page).first()).toContainText('Project 4242');
    console.log(`[long-lists] 10,000 sessions: ${mounted} sidebar rows mounted`);
  } finally {
    await h.close();
  }
});
