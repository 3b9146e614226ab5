// Find in the open chat (Ctrl/Cmd+F): every occurrence is marked, and the current one in a colour of its own — the
// word, not a box around its whole message (which touched the next bubble). Both themes, both languages.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seedSession } from '../fixtures/seed-sessions.js';
import { screenshot, sessionItems, startHarness } from './helpers.js';

interface Marks {
  all: number;
  /** The text of the current mark and the text of the message it sits in. */
  current: string[];
  currentIn: string[];
  /** Background of the current mark's rule and of the others' rule: they differ. */
  colours: { current: string; others: string };
  /** Outline drawn around the focused message (none: the word is marked, not the message). */
  outline: string;
}

function marks(page: Page): Promise<Marks> {
  return page.evaluate(() => {
    const current = CSS.highlights.get('tiny-agent-find-current');
    const ranges = current ? ([...current] as Range[]) : [];
    const rule = (name: string) => {
      for (const sheet of document.styleSheets)
        for (const r of sheet.cssRules)
          if (r instanceof CSSStyleRule && r.selectorText.includes(`::highlight(${name})`)) return r.style.backgroundColor;
      return '';
    };
    const focused = document.querySelector('.chat-row[data-focused] .msg');
    return {
      all: CSS.highlights.get('tiny-agent-find')?.size ?? 0,
      current: ranges.map((r) => r.toString()),
      currentIn: ranges.map((r) => r.startContainer.parentElement?.closest('[data-testid="message-content"]')?.textContent?.trim() ?? ''),
      colours: { current: rule('tiny-agent-find-current'), others: rule('tiny-agent-find') },
      outline: focused ? getComputedStyle(focused).outlineStyle : 'no focused row',
    };
  });
}

for (const [locale, colorScheme] of [
  ['en-US', 'light'],
  ['zh-CN', 'dark'],
] as const) {
  test(`the current find match is its word in its own colour, stepping within a message too (${locale}, ${colorScheme})`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-find-current-'));
    seedSession(dataDir, {
      index: 3,
      turns: 6,
      answerChars: 200,
      name: 'Winds',
      texts: (turn) =>
        turn === 2
          ? { question: 'Where did the ZEPHYR come from?' }
          : turn === 5
            ? { answer: 'A zephyr again, and one more ｚｅｐｈｙｒ to end.' }
            : undefined,
    });
    const h = await startHarness({ dataDir, locale, colorScheme, viewport: { width: 1180, height: 800 } });
    try {
      const { page } = h;
      await sessionItems(page).first().click();
      await expect(page.getByTestId('session-title')).toHaveText('Winds');
      await page.keyboard.press('ControlOrMeta+f');
      await page.getByTestId('find-input').fill('zephyr');
      await expect(page.getByTestId('find-count')).toHaveText('1/3');
      await expect.poll(async () => (await marks(page)).current).toEqual(['ZEPHYR']);
      const first = await marks(page);
      expect(first.all).toBe(3);
      expect(first.currentIn).toEqual(['Where did the ZEPHYR come from?']);
      expect(first.colours.current).not.toBe(first.colours.others);
      expect(first.outline).toBe('none');

      // Two in one answer: the current mark moves from the first to the second.
      await page.getByTestId('find-input').press('Enter');
      await expect(page.getByTestId('find-count')).toHaveText('2/3');
      await expect.poll(async () => (await marks(page)).current).toEqual(['zephyr']);
      await page.getByTestId('find-input').press('Enter');
      await expect(page.getByTestId('find-count')).toHaveText('3/3');
      await expect.poll(async () => (await marks(page)).current).toEqual(['ｚｅｐｈｙｒ']);
      expect((await marks(page)).currentIn).toEqual(['A zephyr again, and one more ｚｅｐｈｙｒ to end.']);
      await screenshot(page, `find-current-${colorScheme}-${locale}`);
    } finally {
      await h.close();
    }
  });
}
