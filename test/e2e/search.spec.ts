// Finding a message among 200 chats: Ctrl+K search in Chinese and in English opens the chat at that message, marked;
// Ctrl+F finds within the open chat with a count and next/previous.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seedSession, seededId } from '../fixtures/seed-sessions.js';
import { screenshot, sessionItems, startHarness } from './helpers.js';

const ZH_SESSION = 137;
const EN_SESSION = 58;

function seed200(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-search-'));
  for (let i = 0; i < 200; i++) {
    seedSession(dataDir, {
      index: i,
      turns: 20,
      answerChars: 200,
      name: i === ZH_SESSION ? '前端面试准备' : i === EN_SESSION ? 'Australian animals' : `Chat ${i}`,
      texts: (turn) => {
        if (i === ZH_SESSION && turn === 3) return { question: '什么是闭包？请用 JavaScript 举例说明。' };
        if (i === EN_SESSION && turn === 15) return { answer: 'The Quokka is a small marsupial that lives on Rottnest Island.' };
        return undefined;
      },
    });
  }
  return dataDir;
}

async function searchFor(page: Page, query: string) {
  await page.keyboard.press('ControlOrMeta+k');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.getByTestId('search-input').fill(query);
  return page.getByTestId('search-result');
}

/** The row a search result or the find bar brought into view, and how much text is marked in the chat. */
const focusedRow = (page: Page) => page.locator('.chat-row[data-focused]');
const markedCount = (page: Page) => page.evaluate(() => CSS.highlights.get('tiny-agent-find')?.size ?? 0);

/** Ctrl/Cmd+F, then `query` typed into the find bar. */
async function findInChat(page: Page, query: string) {
  await page.keyboard.press('ControlOrMeta+f');
  await expect(page.getByTestId('find-input')).toBeFocused();
  await page.getByTestId('find-input').fill(query);
}

/** The find bar counts `count`, and the row it stepped to holds `text` and is in view. */
async function expectFound(page: Page, count: string, text: string) {
  await expect(page.getByTestId('find-count')).toHaveText(count);
  await expect(focusedRow(page)).toContainText(text);
  await expect(focusedRow(page)).toBeInViewport();
}

test('a Chinese and an English query each find their message among 200 chats and open it there, marked', async () => {
  test.setTimeout(90_000);
  const h = await startHarness({ dataDir: seed200(), viewport: { width: 1200, height: 800 } });
  try {
    const { page } = h;
    await expect(sessionItems(page).first()).toBeVisible();

    const zh = await searchFor(page, '闭包');
    await expect(zh).toHaveCount(1);
    await expect(zh).toHaveAttribute('data-session-id', seededId(ZH_SESSION));
    await expect(zh).toHaveAttribute('data-message-id', `seed-${ZH_SESSION}-3-0`);
    await expect(zh.locator('mark')).toHaveText('闭包');
    // The chat is the heading of its group of hits, with their count.
    await expect(page.getByTestId('search-group')).toHaveCount(1);
    await expect(page.getByTestId('search-group')).toHaveAttribute('data-session-id', seededId(ZH_SESSION));
    await expect(page.getByTestId('search-group')).toContainText('前端面试准备');
    await expect(page.getByTestId('search-group')).toContainText('1 matching');
    await screenshot(page, 'search-light-en');
    await zh.click();

    await expect(page.getByTestId('search-dialog')).toHaveCount(0);
    await expect(page.getByTestId('session-title')).toHaveText('前端面试准备');
    await expect(page.locator('[data-testid="session-item"][aria-current="true"]')).toContainText('前端面试准备');
    await expect(focusedRow(page)).toBeInViewport();
    await expect(focusedRow(page)).toContainText('什么是闭包？');
    await expect.poll(() => markedCount(page)).toBeGreaterThan(0);

    const en = await searchFor(page, 'QUOKKA marsupial');
    await expect(en).toHaveCount(1);
    await expect(en).toHaveAttribute('data-message-id', `seed-${EN_SESSION}-15-1`);
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid="session-item"][aria-current="true"]')).toContainText('Australian animals');
    await expect(focusedRow(page)).toBeInViewport();
    await expect(focusedRow(page)).toContainText('Rottnest Island');

    // Find in this chat: every "session 58" question counts, Enter moves on, the count follows.
    await findInChat(page, 'OF SESSION 58');
    await expectFound(page, '1/20', 'Question 1 of session 58');
    await page.getByTestId('find-input').press('Enter');
    await expectFound(page, '2/20', 'Question 2 of session 58');
    await page.getByTestId('find-input').press('Shift+Enter');
    await page.getByTestId('find-input').press('Shift+Enter');
    await expectFound(page, '20/20', 'Question 20 of session 58');
    await page.getByTestId('find-input').fill('no such words anywhere');
    await expect(page.getByTestId('find-count')).toHaveText('No matches');
    await page.getByTestId('find-input').press('Escape');
    await expect(page.getByTestId('find-input')).toHaveCount(0);
  } finally {
    await h.close();
  }
});

test('find in a 2,000-message chat counts and reaches a word in message 3 while only the newest page is loaded', async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-find-'));
  seedSession(dataDir, {
    index: 7,
    turns: 1_000,
    answerChars: 200,
    name: 'Weather log',
    texts: (turn) =>
      turn === 2
        ? { question: 'Where did the ZEPHYR come from?' }
        : turn === 1_000
          ? { answer: 'A zephyr again, and one more ｚｅｐｈｙｒ.' }
          : undefined,
  });
  const h = await startHarness({ dataDir, viewport: { width: 1200, height: 800 } });
  try {
    const { page } = h;
    await sessionItems(page).first().click();
    await expect(page.getByTestId('session-title')).toHaveText('Weather log');
    await expect(page.getByTestId('message').last()).toContainText('one more');
    await findInChat(page, 'zephyr');
    // Message 3 is far above the newest page: counted all the same, and the first step goes there.
    await expectFound(page, '1/3', 'Where did the ZEPHYR come from?');
    await expect.poll(() => markedCount(page)).toBeGreaterThan(0);
    await page.getByTestId('find-input').press('Enter');
    await expectFound(page, '2/3', 'A zephyr again');
    await page.getByTestId('find-input').press('Enter');
    await page.getByTestId('find-input').press('Enter');
    await expectFound(page, '1/3', 'Where did the ZEPHYR come from?');
    await screenshot(page, 'find-long-chat');
  } finally {
    await h.close();
  }
});

for (const [colorScheme, locale, width] of [
  ['dark', 'zh-CN', 1200],
  ['light', 'zh-CN', 420],
  ['dark', 'en-US', 420],
] as const) {
  test(`the search dialog reads well: ${colorScheme}, ${locale}, ${width}px`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-search-look-'));
    seedSession(dataDir, {
      index: 1,
      turns: 3,
      name: '前端面试准备',
      texts: (turn) => (turn === 2 ? { question: '什么是闭包？请用 JavaScript 举例说明，并解释它和作用域链的关系。' } : undefined),
    });
    seedSession(dataDir, {
      index: 2,
      turns: 2,
      name: 'JavaScript closures',
      texts: () => ({ answer: 'A closure (闭包) keeps the variables of the scope where the function was created.' }),
    });
    const h = await startHarness({ dataDir, colorScheme, locale, viewport: { width, height: 760 } });
    try {
      await expect(h.page.getByTestId('composer-input')).toBeVisible();
      const results = await searchFor(h.page, '闭包');
      await expect(results).toHaveCount(3);
      await screenshot(h.page, `search-${colorScheme}-${locale === 'zh-CN' ? 'zh' : 'en'}-${width}`);
    } finally {
      await h.close();
    }
  });
}
