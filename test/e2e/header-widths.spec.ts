// The header at every width a window takes, measured in Chromium while an answer streams and the chat has a usage
// total: every button is inside the header and none covers another, the "answering" status is one line inside the
// header or hidden, and the title truncates inside its own box. Both languages, with the sidebar shown and hidden
// (a narrow window's sidebar is a drawer over the page, so there it is measured closed). Screenshots at 420 and 1600
// in both themes and both languages.
import { expect, test, type Page } from '@playwright/test';
import { screenshot, sendMessage, startHarness, waitForAnswers } from './helpers.js';

const WIDTHS = [360, 420, 600, 800, 1000, 1180, 1600];
/** Below this width the sidebar is a drawer (NARROW_QUERY in hooks/useMediaQuery.ts). */
const DRAWER_BELOW = 768;
const USAGE = { prompt_tokens: 123_456, completion_tokens: 7_890, total_tokens: 131_346 };
const QUESTION = 'Planning a two-week trip through Yunnan and Sichuan on a tight budget, with trains where possible';

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface HeaderLayout {
  header: Box;
  /** Every visible interactive element of the header, by test id (or class). */
  controls: Box[];
  title: Box & { scrollWidth: number; clientWidth: number; textOverflow: string; overflowX: string };
  /** The status text, when it is shown: its box and how many line boxes its text takes. */
  status: (Box & { lines: number }) | null;
}

/** The header's boxes, as the page lays them out now. */
function measureHeader(page: Page): Promise<HeaderLayout> {
  return page.locator('.main-header').evaluate((header): HeaderLayout => {
    const boxOf = (el: Element, name: string): Box => {
      const r = el.getBoundingClientRect();
      return { name, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const controls = [...header.querySelectorAll('button, a[href], input, select, [role="button"]')]
      // The header's own row; popovers opened from it are not part of the bar.
      .filter((el) => shown(el) && !el.closest('[role="dialog"], [role="menu"], [role="region"], [role="listbox"]'))
      .map((el) => boxOf(el, el.getAttribute('data-testid') ?? el.className));
    const titleEl = header.querySelector('[data-testid="session-title"]')!;
    const titleStyle = getComputedStyle(titleEl);
    const statusEl = header.querySelector('[role="status"]');
    let status: HeaderLayout['status'] = null;
    const statusText = statusEl?.querySelector('.answering-text') ?? statusEl;
    // A status folded into its dot keeps its words for screen readers in a box of no width: hidden to the eye.
    const statusBox = statusText?.getBoundingClientRect();
    if (statusText && statusBox && statusBox.width > 1 && statusBox.height > 1 && shown(statusText)) {
      const range = document.createRange();
      range.selectNodeContents(statusText);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      status = { ...boxOf(statusText, 'status'), lines };
    }
    return {
      header: boxOf(header, 'header'),
      controls,
      title: {
        ...boxOf(titleEl, 'title'),
        scrollWidth: titleEl.scrollWidth,
        clientWidth: titleEl.clientWidth,
        textOverflow: titleStyle.textOverflow,
        overflowX: titleStyle.overflowX,
      },
      status,
    };
  });
}

const EPS = 0.5;
const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left - EPS && inner.right <= outer.right + EPS && inner.top >= outer.top - EPS && inner.bottom <= outer.bottom + EPS;
const overlap = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > EPS && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > EPS;
const round = (b: Box) => `${b.name} ${Math.round(b.left)}–${Math.round(b.right)}×${Math.round(b.top)}–${Math.round(b.bottom)}`;

/** What is wrong with the header's layout, in words (empty when nothing is). */
function problems(layout: HeaderLayout): string[] {
  const found: string[] = [];
  const { header, controls, title, status } = layout;
  for (const box of controls) if (!inside(box, header)) found.push(`${round(box)} is outside the header ${round(header)}`);
  for (let i = 0; i < controls.length; i++)
    for (let j = i + 1; j < controls.length; j++)
      if (overlap(controls[i]!, controls[j]!)) found.push(`${round(controls[i]!)} overlaps ${round(controls[j]!)}`);
  if (!inside(title, header)) found.push(`the title ${round(title)} is outside the header`);
  for (const box of controls) if (overlap(title, box)) found.push(`the title ${round(title)} runs under ${round(box)}`);
  if (title.scrollWidth > title.clientWidth && (title.textOverflow !== 'ellipsis' || title.overflowX !== 'hidden'))
    found.push(`the title is wider than its box (${title.scrollWidth} > ${title.clientWidth}) and not cut with an ellipsis`);
  if (title.right - title.left < 24) found.push(`the title is ${Math.round(title.right - title.left)} px wide: gone`);
  if (status) {
    if (status.lines !== 1) found.push(`the status takes ${status.lines} lines`);
    if (!inside(status, header)) found.push(`the status ${round(status)} is outside the header`);
    for (const box of controls) if (overlap(status, box)) found.push(`the status ${round(status)} runs under ${round(box)}`);
    if (overlap(status, title)) found.push(`the status ${round(status)} runs over the title`);
  }
  return found;
}

/** A chat with a usage total and a second answer held open mid-stream. */
async function streamingChatWithTotal(page: Page, server: Awaited<ReturnType<typeof startHarness>>['server']): Promise<void> {
  server.enqueue(
    { text: 'Start in Kunming, then Dali and Lijiang by train.', usage: USAGE },
    { text: 'Then north to Chengdu, slowly, stop by stop.', stallAfterChunks: 3 },
  );
  await sendMessage(page, QUESTION);
  await waitForAnswers(page, 1);
  await expect(page.getByTestId('usage-total')).toBeVisible();
  await sendMessage(page, 'And the way back?');
  await expect(page.getByTestId('stop')).toBeVisible();
  await expect(page.locator('.main-header [role="status"]')).toHaveCount(1);
}

/** Shows or hides the wide window's sidebar with its toggle. */
async function setSidebar(page: Page, shown: boolean): Promise<void> {
  const toggle = page.getByTestId('sidebar-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== String(shown)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', String(shown));
  await expect(page.getByTestId('session-list')).toHaveCount(shown ? 1 : 0);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`the header keeps every control clear at every width, ${locale}`, async () => {
    test.setTimeout(120_000);
    const h = await startHarness({ locale, viewport: { width: 1600, height: 800 } });
    try {
      const { page } = h;
      await streamingChatWithTotal(page, h.server);
      const failures: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const drawer = width < DRAWER_BELOW;
        // The layout the window's width asks for, before the sidebar's toggle is read or pressed.
        await expect(page.locator('.app.narrow')).toHaveCount(drawer ? 1 : 0);
        for (const sidebar of drawer ? [false] : [true, false]) {
          if (!drawer) await setSidebar(page, sidebar);
          for (const problem of problems(await measureHeader(page)))
            failures.push(`${width}px, sidebar ${sidebar ? 'shown' : 'hidden'}: ${problem}`);
        }
      }
      expect(failures).toEqual([]);
    } finally {
      await h.close();
    }
  });
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the streaming header at 420 and 1600 px, ${locale}, ${colorScheme}`, async () => {
      const zh = locale === 'zh-CN';
      const h = await startHarness({ locale, colorScheme, viewport: { width: 1600, height: 800 } });
      try {
        const { page } = h;
        await streamingChatWithTotal(page, h.server);
        await setSidebar(page, true);
        expect(problems(await measureHeader(page))).toEqual([]);
        await screenshot(page, `header-1600-${colorScheme}-${zh ? 'zh' : 'en'}`);
        await page.setViewportSize({ width: 420, height: 800 });
        await expect(page.locator('.app.narrow')).toHaveCount(1);
        expect(problems(await measureHeader(page))).toEqual([]);
        await screenshot(page, `header-420-${colorScheme}-${zh ? 'zh' : 'en'}`);
      } finally {
        await h.close();
      }
    });
  }
}
