// What a new user ran into: the view losing the newest text when the area below grows, the header still saying
// "New chat" while the first answer streams, inline code that vanishes in the dark theme, the "copied" notice
// covering the message actions, and no list of shortcuts.
import { expect, test, type Page } from '@playwright/test';
import { answerTexts, screenshot, sendMessage, startHarness, waitForAnswerText } from './helpers.js';

function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Pixels by which the last line of the streaming answer sits below the visible part of the message list. */
async function newestTextBelowFold(page: Page): Promise<number> {
  return page.evaluate(() => {
    const list = document.querySelector('[data-testid="message-list"]')!.getBoundingClientRect();
    const answers = document.querySelectorAll('[data-role="assistant"] [data-testid="message-content"]');
    const last = answers[answers.length - 1]!.getBoundingClientRect();
    return Math.max(0, Math.round(last.bottom - list.bottom));
  });
}

test('while the answer streams, the newest text stays in view when the queue strip appears and the composer grows', async () => {
  const h = await startHarness({ viewport: { width: 1000, height: 700 } });
  try {
    const { page, server } = h;
    const hold = gate();
    const long = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n');
    server.enqueue({ text: long, chunkSize: 40, gate: hold.promise, gateAfterChunks: 30 });
    await sendMessage(page, 'Tell me a long story');
    await expect(answerTexts(page).last()).toContainText('Line 20 of a long answer.');
    expect(await newestTextBelowFold(page)).toBe(0);

    const composer = page.getByTestId('composer-input');
    await composer.fill('and then summarize it');
    await composer.press('Alt+Enter');
    await expect(page.getByTestId('queue-list')).toBeVisible();
    await composer.fill('one\ntwo\nthree\nfour\nfive\nsix');
    await expect.poll(() => newestTextBelowFold(page)).toBe(0);

    hold.open();
    await expect(answerTexts(page).first()).toContainText('Line 60 of a long answer.');
    await expect.poll(() => newestTextBelowFold(page)).toBe(0);
  } finally {
    await h.close();
  }
});

test('the header names a new chat from its first message while the first answer is still streaming', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    const hold = gate();
    server.enqueue({ text: 'Kyoto in three days: temples, then tea.', chunkSize: 8, gate: hold.promise, gateAfterChunks: 1 });
    await sendMessage(page, 'Plan three days in Kyoto');
    await expect(page.getByTestId('stop')).toBeVisible();
    await expect(page.getByTestId('session-title')).toHaveText('Plan three days in Kyoto');
    hold.open();
    await waitForAnswerText(page, 'Kyoto in three days: temples, then tea.');
  } finally {
    await h.close();
  }
});

/** Contrast ratio between an element's background (blended over the page) and the page background. */
async function inlineCodeContrast(page: Page): Promise<number> {
  return page.evaluate(() => {
    const parse = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const page = parse(getComputedStyle(document.body).backgroundColor);
    const [r, g, b, a = 1] = parse(getComputedStyle(document.querySelector('.md code')!).backgroundColor);
    const blended = [r!, g!, b!].map((c, i) => c * a + page[i]! * (1 - a));
    const luminance = (rgb: number[]) => {
      const [R, G, B] = rgb.map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    const [hi, lo] = [luminance(blended), luminance(page)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  });
}

for (const colorScheme of ['dark', 'light'] as const) {
  test(`inline code stands out and the copied notice leaves the message actions clear (${colorScheme})`, async () => {
    const h = await startHarness({ colorScheme, viewport: { width: 900, height: 640 } });
    try {
      const { page, server } = h;
      server.enqueue({ text: 'Run `npm start` and then open `http://localhost:5173`.' });
      await sendMessage(page, 'How do I start it?');
      await waitForAnswerText(page, /Run npm start/);
      expect(await inlineCodeContrast(page)).toBeGreaterThan(1.2);

      await page.keyboard.press('ControlOrMeta+Shift+C');
      const notice = page.getByTestId('status-notice');
      await expect(notice).not.toBeEmpty();
      const noticeBox = (await notice.boundingBox())!;
      const actions = (await page.locator('[data-role="assistant"] .msg-actions').last().boundingBox())!;
      const overlaps =
        noticeBox.x < actions.x + actions.width &&
        actions.x < noticeBox.x + noticeBox.width &&
        noticeBox.y < actions.y + actions.height &&
        actions.y < noticeBox.y + noticeBox.height;
      expect(overlaps).toBe(false);
      await screenshot(page, `inline-code-copied-${colorScheme}`);
    } finally {
      await h.close();
    }
  });
}

for (const [colorScheme, locale, width] of [
  ['light', 'en-US', 1100],
  ['dark', 'zh-CN', 1100],
  ['dark', 'en-US', 400],
] as const) {
  test(`Ctrl+/ shows every shortcut: ${colorScheme}, ${locale}, ${width}px`, async () => {
    const h = await startHarness({ colorScheme, locale, viewport: { width, height: 720 } });
    try {
      const { page } = h;
      await expect(page.getByTestId('composer-input')).toBeVisible();
      await page.keyboard.press('ControlOrMeta+/');
      await expect(page.getByTestId('shortcut-help')).toBeVisible();
      // The seven shortcuts the person can rebind (quick ask among them), then the composer's five fixed keys.
      await expect(page.getByTestId('shortcut-help').locator('tr')).toHaveCount(12);
      await screenshot(page, `shortcuts-${colorScheme}-${locale === 'zh-CN' ? 'zh' : 'en'}-${width}`);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('shortcut-help')).toHaveCount(0);
    } finally {
      await h.close();
    }
  });
}
