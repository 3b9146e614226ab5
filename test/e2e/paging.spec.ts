// A 20,000-message chat in the real renderer: it opens with one page across IPC (a 200-message chat costs the same),
// older pages load while scrolling up without moving what is on screen, and a search result or a version switch deep
// in a chat shows its rows at once. Work is counted (characters across the bridge, pages asked), never timed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seedSession, seededId } from '../fixtures/seed-sessions.js';
import { screenshot, sessionItems, startHarness, type Harness } from './helpers.js';

const LONG = 1; // 20,000 messages
const SHORT = 2; // 200 messages
const FORKED = 3; // 2,000 messages; answer 10 has a second version with 100 more exchanges under it

function seeded(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-paging-'));
  seedSession(dataDir, {
    index: LONG,
    turns: 10_000,
    name: 'Twenty thousand',
    answerChars: 300,
    reasoning: true,
    texts: (turn) => (turn === 5 ? { answer: 'The okapi is a giraffid of the Ituri rainforest.' } : undefined),
  });
  seedSession(dataDir, { index: SHORT, turns: 100, name: 'Two hundred', answerChars: 300, reasoning: true });
  seedSession(dataDir, { index: FORKED, turns: 1_000, name: 'Forked', answerChars: 300, fork: { turn: 10, turns: 100 } });
  return dataDir;
}

const open = async (page: Page, name: string) => sessionItems(page).filter({ hasText: name }).click();
const pagesAsked = (h: Harness) => h.app.invokes.filter((call) => call.channel === 'sessions:page');
const pagesPending = (h: Harness) => pagesAsked(h).filter((call) => call.chars === undefined).length;

/**
 * In the page: watches, every frame, the first message row whose top was inside the list right after the last
 * scroll, and keeps the largest distance it moved from there (what a person reading it would see jump).
 */
function installJumpMonitor(): void {
  const w = window as unknown as { __jump: { index: number; top: number; worst: number; checks: number } };
  const list = document.querySelector('[data-testid="message-list"]')!;
  const topOf = (row: Element) => row.getBoundingClientRect().top - list.getBoundingClientRect().top;
  w.__jump = { index: -1, top: 0, worst: 0, checks: 0 };
  const tick = () => {
    const j = w.__jump;
    const row = j.index >= 0 ? list.querySelector(`.chat-row[data-index="${j.index}"]:not(.chat-placeholder)`) : null;
    if (row) {
      j.worst = Math.max(j.worst, Math.abs(topOf(row) - j.top));
      j.checks += 1;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** In the page: scrolls the list up by `px` and, in the same task, takes the first message row shown as the anchor. */
function scrollUpAndAnchor(px: number): number {
  const w = window as unknown as { __jump: { index: number; top: number } };
  const list = document.querySelector('[data-testid="message-list"]')!;
  list.scrollTop -= px;
  const listTop = list.getBoundingClientRect().top;
  const rows = [...list.querySelectorAll<HTMLElement>('.chat-row:not(.chat-placeholder)')]
    .map((row) => ({ index: Number(row.dataset.index), top: row.getBoundingClientRect().top - listTop }))
    .filter((row) => row.top >= 0)
    .sort((a, b) => a.top - b.top);
  w.__jump.index = rows[0]?.index ?? -1;
  w.__jump.top = rows[0]?.top ?? 0;
  return w.__jump.index;
}

const frames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

test.describe('paging', () => {
  let h: Harness;
  test.beforeEach(async () => {
    test.setTimeout(120_000);
    h = await startHarness({ dataDir: seeded(), viewport: { width: 1180, height: 800 } });
    test.skip(h.app.mode === 'electron', 'counts IPC through the Chromium bridge, which the Electron binary does not use');
  });
  test.afterEach(async () => {
    await h.close();
  });

  test('20,000 messages open with one page (200 cost the same within 1.2×); scrolling up loads pages without moving the rows read', async () => {
    const { page } = h;
    const list = page.getByTestId('message-list');
    await open(page, 'Two hundred');
    await expect(list.getByText('Question 100 of session 2', { exact: true })).toBeVisible();
    await open(page, 'Twenty thousand');
    await expect(list.getByText('Question 10000 of session 1', { exact: true })).toBeVisible();
    const opens = h.app.invokes.filter((call) => call.channel === 'sessions:get');
    expect(opens.map((call) => (call.request as { sessionId: string }).sessionId)).toEqual([seededId(SHORT), seededId(LONG)]);
    const [short, long] = opens.map((call) => call.chars!);
    console.log(`[paging] open: 200 messages ${short} chars, 20,000 messages ${long} chars across IPC`);
    expect(long! / short!).toBeLessThanOrEqual(1.2);
    expect(pagesAsked(h)).toHaveLength(0);
    expect(await page.getByTestId('message').count()).toBeLessThanOrEqual(60);

    // Scroll up most of a screen at a time. After each scroll pages may arrive above; the row read must stay put.
    await page.evaluate(installJumpMonitor);
    let arrivedWhileReading = 0;
    for (let step = 0; step < 60; step++) {
      const asked = pagesAsked(h).length;
      expect(await page.evaluate(scrollUpAndAnchor, 600)).toBeGreaterThanOrEqual(0);
      await frames(page);
      await expect.poll(() => pagesPending(h)).toBe(0);
      await frames(page);
      await frames(page);
      // Asked after the anchor was taken, so it landed while that row was being read.
      if (pagesAsked(h).length > asked) arrivedWhileReading += 1;
    }
    const jump = await page.evaluate(() => (window as unknown as { __jump: { worst: number; checks: number } }).__jump);
    console.log(`[paging] ${arrivedWhileReading} pages landed while reading; the row read moved at most ${jump.worst} px`);
    expect(arrivedWhileReading).toBeGreaterThanOrEqual(3);
    expect(jump.checks).toBeGreaterThan(60);
    expect(jump.worst).toBeLessThanOrEqual(1);
    const asked = pagesAsked(h).map((call) => call.request);
    // Each page ends where the loaded rows began: 19,950, then 19,900, …
    expect(asked.slice(0, 3)).toEqual([
      { sessionId: seededId(LONG), before: 19_950 },
      { sessionId: seededId(LONG), before: 19_900 },
      { sessionId: seededId(LONG), before: 19_850 },
    ]);
    expect(pagesAsked(h).every((call) => call.chars! < 70_000)).toBe(true);
    await screenshot(page, 'paging-scrolled-light-en');

    // The scrollbar is honest: dragging it to the top lands on the first message, loading only what is shown there.
    const before = pagesAsked(h).length;
    await expect(async () => {
      await list.evaluate((el) => (el.scrollTop = 0));
      await expect(list.getByText('Question 1 of session 1', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    expect(pagesAsked(h).length - before).toBeLessThanOrEqual(3);
    expect(pagesAsked(h).at(-1)!.request).toMatchObject({ from: 0 });
    expect(await page.getByTestId('message').count()).toBeLessThanOrEqual(60);
  });

  test('a search result 19,990 messages up opens the chat there, marked, with one open and no page', async () => {
    const { page } = h;
    await expect(sessionItems(page).filter({ hasText: 'Twenty thousand' })).toBeVisible();
    await page.keyboard.press('ControlOrMeta+k');
    await expect(page.getByTestId('search-input')).toBeFocused();
    await page.getByTestId('search-input').fill('okapi');
    const result = page.getByTestId('search-result');
    // The index of 22,200 messages may still be building under load: the result comes once it is there.
    await expect(result).toHaveCount(1, { timeout: 60_000 });
    await expect(result).toHaveAttribute('data-message-id', `seed-${LONG}-5-1`);
    await result.click();
    const row = page.locator('.chat-row[data-focused]');
    await expect(row).toContainText('The okapi is a giraffid');
    await expect(row).toHaveAttribute('data-index', '9');
    await expect(row).toBeInViewport();
    expect(await page.evaluate(() => CSS.highlights.get('tiny-agent-find')?.size ?? 0)).toBeGreaterThan(0);
    const opens = h.app.invokes.filter((call) => call.channel === 'sessions:get');
    expect(opens.at(-1)!.request).toEqual({ sessionId: seededId(LONG), around: `seed-${LONG}-5-1` });
    expect(opens.at(-1)!.chars!).toBeLessThan(2 * 70_000);
    // Its neighbours came with it; the newest page is there too, one click away.
    await expect(page.getByTestId('message-list').getByText('Question 5 of session 1', { exact: true })).toBeVisible();
    await screenshot(page, 'paging-search-jump-light-en');
  });

  test('switching the version of answer 10 of 2,000 shows the other version and its neighbours at once', async () => {
    const { page } = h;
    const list = page.getByTestId('message-list');
    await open(page, 'Forked');
    await expect(list.getByText('Question 1000 of session 3', { exact: true })).toBeVisible();
    await expect(async () => {
      await list.evaluate((el) => (el.scrollTop = 0));
      await expect(list.getByText('Question 1 of session 3', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    const answer = page.locator('.chat-row[data-index="19"]:not(.chat-placeholder)');
    await expect(async () => {
      await list.evaluate((el) => (el.scrollTop += 400));
      await expect(answer).toBeInViewport({ timeout: 500 });
    }).toPass();
    await expect(answer.getByTestId('branch-indicator')).toHaveText('1/2');
    const pagesBefore = pagesAsked(h).length;
    await answer.getByTestId('branch-next').click();
    await expect(answer.getByTestId('branch-indicator')).toHaveText('2/2');
    await expect(answer).toContainText('Other answer 10');
    await expect(list.getByText('Other question 11', { exact: true })).toBeVisible();
    // The switch itself brought the rows around it: pages asked since only reach beyond them (the margin below).
    const since = pagesAsked(h)
      .slice(pagesBefore)
      .map((call) => call.request as { from?: number; before?: number });
    expect(since.every((request) => (request.from ?? request.before!) >= 45)).toBe(true);
    const switched = h.app.invokes.filter((call) => call.channel === 'chat:switchBranch').at(-1)!;
    expect(switched.chars!).toBeLessThan(2 * 70_000);
    // The end of the new branch is its last exchange.
    await page.getByTestId('jump-to-latest').click();
    await expect(list.getByText('Other answer 110', { exact: true })).toBeVisible();
  });
});

for (const [colorScheme, locale, width] of [
  ['dark', 'zh-CN', 1180],
  ['light', 'en-US', 560],
] as const) {
  test(`rows not loaded yet read as placeholders: ${colorScheme}, ${locale}, ${width}px`, async () => {
    test.setTimeout(120_000);
    const h = await startHarness({ dataDir: seeded(), colorScheme, locale, viewport: { width, height: 800 } });
    try {
      const { page } = h;
      if (width < 700) await page.getByTestId('sidebar-toggle').click();
      await open(page, 'Twenty thousand');
      const list = page.getByTestId('message-list');
      await expect(list.getByText('Question 10000 of session 1', { exact: true })).toBeVisible();
      // Half way up, before its page is there: the placeholders show (the page is then asked and lands). Main's
      // answer is held so the check and the screenshot see the placeholders however fast the page would land.
      const release = h.app.holdAnswers('sessions:page');
      await list.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
      await expect(page.getByTestId('message-placeholder').first()).toBeAttached();
      await screenshot(page, `paging-placeholders-${colorScheme}-${locale}-${width}`);
      release?.();
      await expect(page.getByTestId('message').first()).toBeVisible();
      await screenshot(page, `paging-middle-${colorScheme}-${locale}-${width}`);
    } finally {
      await h.close();
    }
  });
}
