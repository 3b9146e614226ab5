// Sending brings the view to what was sent: in a long chat scrolled up by one wheel notch, Enter shows the new
// question (no "jump to latest" left behind) and follows its answer as it streams in. Only a person who scrolls up
// while an answer streams keeps their place, and a steer sent from there brings them back to the end.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seedSession } from '../fixtures/seed-sessions.js';
import { assistantMessages, screenshot, scrollChat, settledTopOfView, startHarness, topOfView, userMessages } from './helpers.js';

/** Lines of a streamed answer, one frame each: together far taller than the view. */
const LINES = Array.from({ length: 40 }, (_, i) => `Line ${String(i + 1).padStart(2, '0')} of the streamed answer.\n\n`);
const ANSWER = LINES.join('');
const CHUNK = LINES[0]!.length;

/** How far the chat view's bottom is from the end of its content, in pixels. */
const gapToEnd = (page: Page) =>
  page.getByTestId('message-list').evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

/** A promise and the function that resolves it: a stream held at a point until the test lets it go on. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

test('a send while scrolled up shows the new question and follows its answer; reading back during a stream keeps the place', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-send-scroll-'));
  const sessionId = seedSession(dataDir, { turns: 60, index: 1, name: 'Long chat', answerChars: 400 });
  const h = await startHarness({ dataDir, viewport: { width: 1000, height: 800 } });
  try {
    const { page, server } = h;
    await page.getByTestId('session-item').first().click();
    await expect(page.getByTestId('session-title')).toHaveText('Long chat');
    // This chat is over the fake model's budget: condensing would ask the server for a summary first and take the
    // scripted answers below. Scrolling is what this spec is about, so the chat has condensing off.
    await page.evaluate(
      (id) =>
        (window as unknown as { api: { setCondenseOff(r: object): Promise<unknown> } }).api.setCondenseOff({ sessionId: id, off: true }),
      sessionId,
    );
    await expect.poll(() => gapToEnd(page)).toBeLessThanOrEqual(8);

    // One wheel notch up: the pill offers the way back.
    await scrollChat(page, -100);
    await expect(page.getByTestId('jump-to-latest')).toBeVisible();

    const first = gate();
    server.enqueue({ text: ANSWER, chunkSize: CHUNK, gate: first.promise, gateAfterChunks: 2 });
    const composer = page.getByTestId('composer-input');
    await composer.fill('A new question from a little way up');
    await composer.press('Enter');
    const question = userMessages(page).filter({ hasText: 'A new question from a little way up' });
    await expect(question).toBeInViewport();
    await expect(page.getByTestId('jump-to-latest')).toHaveCount(0);
    await expect(assistantMessages(page).last()).toContainText('Line 02');
    await expect(assistantMessages(page).last().getByText('Line 02')).toBeInViewport();

    // The rest streams in, many screens of it: the view stays at its end all the way.
    first.open();
    await expect(page.getByTestId('stop')).toHaveCount(0);
    await expect(assistantMessages(page).last().getByText('Line 40')).toBeInViewport();
    await expect.poll(() => gapToEnd(page)).toBeLessThanOrEqual(8);
    await expect(page.getByTestId('jump-to-latest')).toHaveCount(0);

    // A second answer, held halfway: the person scrolls up to read while it streams.
    const second = gate();
    server.enqueue({ text: ANSWER, chunkSize: CHUNK, gate: second.promise, gateAfterChunks: 20, stallAfterChunks: 30 });
    await composer.fill('Another question');
    await composer.press('Enter');
    await expect(assistantMessages(page).last()).toContainText('Line 20');
    await expect.poll(() => gapToEnd(page)).toBeLessThanOrEqual(8);
    await scrollChat(page, -400);
    await expect(page.getByTestId('jump-to-latest')).toBeVisible();
    const reading = await settledTopOfView(page);

    // More text arrives while they read: the view does not move.
    second.open();
    await expect(assistantMessages(page).last()).toContainText('Line 30');
    expect(await settledTopOfView(page)).toEqual(reading);
    await expect(page.getByTestId('jump-to-latest')).toBeVisible();
    await expect(page.getByTestId('stop')).toBeVisible();

    // A steer is a send: from up there, Enter brings the view back to the end.
    await composer.fill('Shorter, please');
    await composer.press('Enter');
    await expect(page.getByTestId('jump-to-latest')).toHaveCount(0);
    await expect.poll(() => gapToEnd(page)).toBeLessThanOrEqual(8);
    expect(await topOfView(page)).not.toEqual(reading);
  } finally {
    await h.close();
  }
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`a send from a notch up, narrow and wide, ${locale}, ${colorScheme}`, async () => {
      const zh = locale === 'zh-CN';
      const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-send-scroll-'));
      seedSession(dataDir, { turns: 40, index: 2, name: zh ? '很长的对话' : 'Long chat', answerChars: 400 });
      const h = await startHarness({ dataDir, locale, colorScheme, viewport: { width: 1280, height: 800 } });
      try {
        const { page, server } = h;
        await page.getByTestId('session-item').first().click();
        await expect(page.getByTestId('session-title')).toHaveText(zh ? '很长的对话' : 'Long chat');
        for (const [width, name] of [
          [1280, 'wide'],
          [420, 'narrow'],
        ] as const) {
          await page.setViewportSize({ width, height: 800 });
          await expect(page.locator('.app.narrow')).toHaveCount(width < 768 ? 1 : 0);
          await expect.poll(() => gapToEnd(page)).toBeLessThanOrEqual(8);
          await scrollChat(page, -100);
          await expect(page.getByTestId('jump-to-latest')).toBeVisible();
          const held = gate();
          server.enqueue({ text: ANSWER, chunkSize: CHUNK, gate: held.promise, gateAfterChunks: 3 });
          const text = zh ? `从上面一点发出的问题（${name}）` : `A question sent from a notch up (${name})`;
          await page.getByTestId('composer-input').fill(text);
          await page.getByTestId('composer-input').press('Enter');
          await expect(userMessages(page).filter({ hasText: text })).toBeInViewport();
          await expect(assistantMessages(page).last().getByText('Line 03')).toBeInViewport();
          await expect(page.getByTestId('jump-to-latest')).toHaveCount(0);
          await screenshot(page, `send-scroll-${name}-${colorScheme}-${zh ? 'zh' : 'en'}`);
          held.open();
          await expect(page.getByTestId('stop')).toHaveCount(0);
        }
      } finally {
        await h.close();
      }
    });
  }
}
