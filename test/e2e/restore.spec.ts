// A restart gives the window back: the chat that was open, scrolled where it was, and every composer's draft. And the
// sidebar by keyboard: one Tab stop, arrows between chats and along a row, a visible focus ring (screenshots in both
// themes, both languages and a narrow window).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seedSession, seededId } from '../fixtures/seed-sessions.js';
import { screenshot, scrollChat, sessionItems, settledTopOfView, startHarness, topOfView } from './helpers.js';

const row = (page: Page, id: string) => page.locator(`[data-testid="session-item"][data-session-id="${id}"]`);

test('a restart reopens the chat that was open, scrolled where it was, with every draft back', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-restore-'));
  const long = seedSession(dataDir, { turns: 150, index: 1, name: 'Long chat', answerChars: 400 });
  const short = seedSession(dataDir, { turns: 2, index: 2, name: 'Short chat', answerChars: 80 });
  const h = await startHarness({ dataDir });
  try {
    let { page } = h;
    await row(page, long).click();
    await expect(page.getByTestId('session-title')).toHaveText('Long chat');
    // Up into the middle of the chat, well away from both ends.
    for (let i = 0; i < 12; i++) await scrollChat(page, -2_000);
    await expect(page.getByTestId('jump-to-latest')).toBeVisible();
    await page.getByTestId('composer-input').fill('a thought about the long chat');
    // A fling asks for the rows where it stops (chat/scrollMotion.ts): wait until they have landed and the view
    // has stopped moving.
    const before = await settledTopOfView(page);
    expect(before.text).not.toBe('');

    await row(page, short).click();
    await expect(page.getByTestId('session-title')).toHaveText('Short chat');
    await expect(page.getByTestId('composer-input')).toHaveValue('');
    await page.getByTestId('composer-input').fill('a draft in the short chat');

    // Back to the long chat within the same run: the same place, the same draft.
    await row(page, long).click();
    await expect(page.getByTestId('composer-input')).toHaveValue('a thought about the long chat');
    await expect.poll(() => topOfView(page)).toEqual(before);

    // Main has it on disk (written a moment after the last change) before the app quits.
    const file = join(dataDir, 'ui-state.json');
    await expect
      .poll(() => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null))
      .toMatchObject({
        lastSessionId: long,
        drafts: { [long]: { text: 'a thought about the long chat' }, [short]: { text: 'a draft in the short chat' } },
        anchors: { [long]: { anchor: { messageId: expect.any(String) } } },
      });

    await h.relaunch();
    page = h.page;
    await expect(page.getByTestId('session-title')).toHaveText('Long chat');
    await expect(row(page, long)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('composer-input')).toHaveValue('a thought about the long chat');
    await expect.poll(() => topOfView(page)).toEqual(before);
    await expect(page.getByTestId('jump-to-latest')).toBeVisible();

    await row(page, short).click();
    await expect(page.getByTestId('composer-input')).toHaveValue('a draft in the short chat');
  } finally {
    await h.close();
  }
});

test('a chat left a moment after a scroll reopens where it was, not at its end', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-restore-'));
  const long = seedSession(dataDir, { turns: 150, index: 1, name: 'Long chat', answerChars: 400 });
  const short = seedSession(dataDir, { turns: 2, index: 2, name: 'Short chat', answerChars: 80 });
  const h = await startHarness({ dataDir });
  try {
    const { page } = h;
    await row(page, long).click();
    await expect(page.getByTestId('session-title')).toHaveText('Long chat');
    for (let i = 0; i < 4; i++) await scrollChat(page, -2_000);
    await settledTopOfView(page);
    // A little further up, and the other chat picked at once: well inside the quarter second between two reports of
    // where the chat is, so only the report made as the chat closes can keep the place.
    await page.getByTestId('message-list').evaluate(async (list, id) => {
      list.scrollTop -= 300;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      document.querySelector<HTMLElement>(`[data-testid="session-item"][data-session-id="${id}"]`)!.click();
    }, short);
    await expect(page.getByTestId('session-title')).toHaveText('Short chat');
    const file = join(dataDir, 'ui-state.json');
    await expect
      .poll(() => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null))
      .toMatchObject({ anchors: { [long]: { anchor: { messageId: expect.any(String) } } } });
    await row(page, long).click();
    await expect(page.getByTestId('session-title')).toHaveText('Long chat');
    await expect(page.getByTestId('jump-to-latest')).toBeVisible();
  } finally {
    await h.close();
  }
});

test('a chat left at its newest message reopens there, following new text as before', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-restore-'));
  const id = seedSession(dataDir, { turns: 60, index: 3, name: 'At the end', answerChars: 300 });
  const h = await startHarness({ dataDir });
  try {
    await row(h.page, id).click();
    await expect(h.page.getByTestId('session-title')).toHaveText('At the end');
    await expect(h.page.getByTestId('jump-to-latest')).toHaveCount(0);
    await expect
      .poll(() => readFileSafe(join(dataDir, 'ui-state.json')))
      .toMatchObject({ lastSessionId: id, anchors: { [id]: { anchor: { atBottom: true } } } });
    await h.relaunch();
    await expect(h.page.getByTestId('session-title')).toHaveText('At the end');
    const list = h.page.getByTestId('message-list');
    await expect.poll(() => list.evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight))).toBeLessThanOrEqual(8);
    await expect(h.page.getByTestId('jump-to-latest')).toHaveCount(0);
  } finally {
    await h.close();
  }
});

function readFileSafe(path: string): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the sidebar by keyboard, ${locale}, ${colorScheme}`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-keys-'));
      const zh = locale === 'zh-CN';
      const names = zh
        ? ['周末的徒步路线', '把这段 Python 改成异步的', '给妈妈的生日礼物想法', '解释一下 Rust 的生命周期', '会议纪要整理']
        : [
            'Weekend hiking routes',
            'Make this Python async',
            'Birthday gift ideas for mum',
            'Explain Rust lifetimes',
            'Tidy up the meeting notes',
          ];
      names.forEach((name, i) => seedSession(dataDir, { turns: 1, index: 10 + i, name, answerChars: 60 }));
      const h = await startHarness({ dataDir, locale, colorScheme });
      try {
        const { page } = h;
        const grid = page.getByRole('grid', { name: zh ? '对话' : 'Chats' });
        await expect(sessionItems(page)).toHaveCount(5);
        // One Tab stop: from the filter, Tab lands on the newest chat's title; the next Tab leaves the list.
        await page.getByTestId('session-filter').focus();
        await page.keyboard.press('Tab');
        const newest = row(page, seededId(14)).locator('.session-open');
        await expect(newest).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowDown');
        const third = row(page, seededId(12));
        await expect(third.locator('.session-open')).toBeFocused();
        const ring = await third.locator('.session-open').evaluate((el) => getComputedStyle(el).outlineStyle);
        expect(ring).toBe('solid');
        await screenshot(page, `sidebar-keys-${colorScheme}-${zh ? 'zh' : 'en'}`);

        // Right arrow reaches the row's actions, shown over the title's end.
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await expect(third.getByTestId('session-rename')).toBeFocused();
        await expect(third.locator('.session-actions')).toHaveCSS('opacity', '1');
        if (!zh && colorScheme === 'light') await screenshot(page, 'sidebar-keys-actions-light-en');
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('session-rename-input')).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(third.locator('.session-open')).toBeFocused();

        // Enter opens the chat in focus; the Tab stop stays with it.
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('session-title')).toHaveText(names[3]!);
        await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
        await page.keyboard.press('Tab');
        await expect(grid.locator(':focus')).toHaveCount(0);
      } finally {
        await h.close();
      }
    });
  }
}

test('the sidebar by keyboard in a narrow window', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-keys-'));
  ['Weekend hiking routes', 'Make this Python async', 'Explain Rust lifetimes'].forEach((name, i) =>
    seedSession(dataDir, { turns: 1, index: 20 + i, name, answerChars: 60 }),
  );
  const h = await startHarness({ dataDir, viewport: { width: 420, height: 760 } });
  try {
    const { page } = h;
    await page.getByTestId('sidebar-toggle').click();
    // Keys go to rows only once the drawer shows them: Tab from the filter before then lands elsewhere.
    await expect(sessionItems(page)).toHaveCount(3);
    await page.getByTestId('session-filter').focus();
    await expect(page.getByTestId('session-filter')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('[data-testid="session-item"] .session-open:focus')).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await expect(row(page, seededId(21)).locator('.session-open')).toBeFocused();
    await screenshot(page, 'sidebar-keys-narrow-light-en');
  } finally {
    await h.close();
  }
});
