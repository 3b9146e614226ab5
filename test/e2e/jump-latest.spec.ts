// "Jump to latest" sits in a band of its own under the chat, never over it: scrolled up a little from an answer that
// ends in display math, the pill covers neither the formula nor the last bubble, at 420 and 1600 px, in both themes and
// languages.
import { expect, test, type Page } from '@playwright/test';
import { screenshot, scrollChat, sendMessage, startHarness, waitForAnswers } from './helpers.js';

const ANSWER = [
  'The sum of the first n numbers:',
  '',
  ...Array.from({ length: 30 }, (_, i) => `Step ${i + 1}: pair the numbers from both ends once more.\n`),
  '$$',
  '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}',
  '$$',
].join('\n');

interface Overlap {
  pill: { top: number; bottom: number };
  /** The visible part of the chat list. */
  list: { top: number; bottom: number };
  /** Square pixels of the pill over what is seen of the formula, and of the last bubble. */
  overMath: number;
  overLastBubble: number;
}

function overlap(page: Page): Promise<Overlap> {
  return page.evaluate(() => {
    const rect = (el: Element | null | undefined) => el?.getBoundingClientRect() ?? new DOMRect();
    const pill = rect(document.querySelector('[data-testid="jump-to-latest"]'));
    const list = rect(document.querySelector('[data-testid="message-list"]'));
    const area = (a: DOMRect, b: DOMRect) =>
      Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
      Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
    // What of an element is seen: the part inside the list's box (the list clips the rest).
    const seen = (el: Element | undefined) => {
      const r = rect(el);
      const top = Math.max(r.top, list.top);
      const bottom = Math.min(r.bottom, list.bottom);
      return new DOMRect(r.left, top, r.width, Math.max(0, bottom - top));
    };
    const maths = [...document.querySelectorAll('[data-testid="math"]')];
    const messages = [...document.querySelectorAll('[data-testid="message"]')];
    return {
      pill: { top: Math.round(pill.top), bottom: Math.round(pill.bottom) },
      list: { top: Math.round(list.top), bottom: Math.round(list.bottom) },
      overMath: Math.round(area(pill, seen(maths.at(-1)))),
      overLastBubble: Math.round(area(pill, seen(messages.at(-1)))),
    };
  });
}

for (const [locale, colorScheme, width] of [
  ['en-US', 'light', 1600],
  ['zh-CN', 'dark', 1600],
  ['zh-CN', 'light', 420],
  ['en-US', 'dark', 420],
] as const) {
  test(`"Jump to latest" covers neither display math nor the last bubble (${locale}, ${colorScheme}, ${width} px)`, async () => {
    const h = await startHarness({ locale, colorScheme, viewport: { width, height: 800 } });
    try {
      const { page, server } = h;
      server.enqueue({ text: ANSWER });
      await sendMessage(page, 'Why is the sum n(n+1)/2?');
      await waitForAnswers(page, 1);
      await expect(page.getByTestId('math').last()).toBeVisible();
      // A little way up: the formula and the last bubble are still at the bottom of the view.
      await scrollChat(page, -60);
      await expect(page.getByTestId('jump-to-latest')).toBeVisible();
      await expect(page.getByTestId('math').last()).toBeInViewport();
      const measured = await overlap(page);
      expect(measured.pill.top).toBeGreaterThanOrEqual(measured.list.bottom);
      expect({ overMath: measured.overMath, overLastBubble: measured.overLastBubble }).toEqual({ overMath: 0, overLastBubble: 0 });
      await screenshot(page, `jump-latest-${colorScheme}-${locale}-${width}`);
      // And it still takes the person back.
      await page.getByTestId('jump-to-latest').click();
      await expect(page.getByTestId('jump-to-latest')).toHaveCount(0);
    } finally {
      await h.close();
    }
  });
}
