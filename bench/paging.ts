// Constant cost at any length, in the built app in headless Chromium bridged to the real main-process core
// (test/e2e/launch.ts): opening a 20,000-message chat vs a 200-message one (click → first rows painted, and the
// characters the open carried across IPC), and scrolling the 20,000-message chat from its newest message to its
// oldest a screen per frame while pages load (the longest main-thread task, and the pages asked).
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { startHarness, type Harness } from '../test/e2e/helpers.js';
import { seedSession } from '../test/fixtures/seed-sessions.js';
import type { Reporter } from './report.js';
import { median, sessionRow, tempDir, timedOpen, waitOpened } from './ui.js';

const LONG = { index: 1, turns: 10_000 }; // 20,000 messages
const SHORT = { index: 2, turns: 100 }; // 200 messages
const OPEN_RUNS = 9;
/** Pixels scrolled per animation frame: a person flinging the wheel, or dragging the scrollbar. */
const SCROLL_STEP = 2_400;

/** The characters the last `sessions:get` carried across the bridge (the answer's JSON). */
function lastOpenChars(h: Harness): number {
  return h.app.invokes.filter((call) => call.channel === 'sessions:get').at(-1)!.chars!;
}

/**
 * In the page: scrolls the open chat from the end to the top, one step per frame, then waits for the first message;
 * resolves with the longest main-thread task seen meanwhile (0: none over 50 ms) and the frames it took.
 */
function scrollToOldest(step: number): Promise<{ longestTask: number; frames: number }> {
  return new Promise((resolve) => {
    const list = document.querySelector<HTMLElement>('[data-testid="message-list"]')!;
    let longestTask = 0;
    const tasks = new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) longestTask = Math.max(longestTask, entry.duration);
    });
    tasks.observe({ type: 'longtask' });
    let frames = 0;
    const first = () =>
      [...list.querySelectorAll('[data-testid="message-content"]')].some((el) => el.textContent?.trim() === 'Question 1 of session 1');
    const tick = () => {
      frames += 1;
      if (list.scrollTop > 0) list.scrollTop = Math.max(0, list.scrollTop - step);
      if (list.scrollTop > 0 || !first()) return requestAnimationFrame(tick);
      // Long tasks are reported after they end; let the observer deliver the last ones.
      setTimeout(() => {
        tasks.disconnect();
        resolve({ longestTask, frames });
      }, 100);
    };
    requestAnimationFrame(tick);
  });
}

async function measureScroll(report: Reporter, h: Harness, page: Page): Promise<void> {
  await sessionRow(page, LONG.index).click();
  await waitOpened(page, LONG.index, LONG.turns);
  const pagesBefore = h.app.invokes.filter((call) => call.channel === 'sessions:page').length;
  const { longestTask, frames } = await page.evaluate(scrollToOldest, SCROLL_STEP);
  const pages = h.app.invokes.filter((call) => call.channel === 'sessions:page').slice(pagesBefore);
  // Longest main-thread task from the newest to the oldest message (0 = none over 50 ms): jank a person would feel.
  report.figure('paging.scroll_20000_longest_task', longestTask, 'ms', { max: 50 });
  report.figure('paging.scroll_20000_frames', frames, 'frames');
  // Pages asked on the way: only where the view stopped long enough to show rows, never the whole history.
  report.figure('paging.scroll_20000_pages', pages.length, 'pages');
  report.figure('paging.scroll_20000_chars', pages.reduce((sum, call) => sum + (call.chars ?? 0), 0) / 1e6, 'M chars');
}

export async function run(report: Reporter): Promise<void> {
  const dataDir = tempDir('paging');
  try {
    seedSession(dataDir, { turns: LONG.turns, index: LONG.index, name: 'Twenty thousand', answerChars: 300, reasoning: true });
    seedSession(dataDir, { turns: SHORT.turns, index: SHORT.index, name: 'Two hundred', answerChars: 300, reasoning: true });
    const h = await startHarness({ dataDir });
    try {
      const { page } = h;
      await sessionRow(page, SHORT.index).waitFor();
      // Warm-up: JIT, markdown grammars, main's loaded sessions — once per size.
      await timedOpen(page, SHORT.index, SHORT.turns);
      await timedOpen(page, LONG.index, LONG.turns);
      const long: number[] = [];
      const short: number[] = [];
      let longChars = 0;
      let shortChars = 0;
      for (let i = 0; i < OPEN_RUNS; i++) {
        short.push(await timedOpen(page, SHORT.index, SHORT.turns));
        shortChars = lastOpenChars(h);
        long.push(await timedOpen(page, LONG.index, LONG.turns));
        longChars = lastOpenChars(h);
      }
      // Click → first message rows painted (median of 9: one open moves by a frame or two either way), 20,000 and 200
      // messages.
      report.figure('paging.open_20000_ttfp', median(long), 'ms');
      report.figure('paging.open_200_ttfp', median(short), 'ms');
      report.figure('paging.open_ttfp_ratio_20000_vs_200', median(long) / median(short), '×', { max: 1.3 });
      // What the open carried across IPC: the newest page either way.
      report.figure('paging.open_20000_chars', longChars, 'chars');
      report.figure('paging.open_200_chars', shortChars, 'chars');
      report.figure('paging.open_chars_ratio_20000_vs_200', longChars / shortChars, '×', { max: 1.2 });
      await measureScroll(report, h, page);
    } finally {
      await h.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
