// Wide tables in a narrow window, measured in Chromium: the table scrolls sideways inside its block, no word in a
// cell is broken across lines, and the header row keeps readable contrast in both themes.
import { expect, test, type Page } from '@playwright/test';
import { lastAnswerText, screenshot, sendMessage, startHarness, waitForAnswers } from './helpers.js';

const TABLE = [
  'Here is the comparison:',
  '',
  '| Language | Typical use | Package manager | Notable frameworks | 类型系统 |',
  '| --- | --- | --- | --- | --- |',
  '| TypeScript | Web applications and developer tooling | npm | React, Angular, NestJS | 结构化静态类型 |',
  '| Python | Data science, automation and scripting | pip | Django, FastAPI, PyTorch | 动态类型 |',
  '| Rust | Systems programming without garbage collection | cargo | Tokio, Actix, Axum | 静态类型与所有权 |',
].join('\n');

interface Measured {
  scrollWidth: number;
  clientWidth: number;
  scrolledTo: number;
  /** The block stays inside the answer: its right edge is not past the message's. */
  overflowsMessage: boolean;
  words: number;
  broken: string[];
  header: { color: string; background: string };
}

/** Measures the last answer's table: sizes, every cell word's line boxes, the header colours. */
function measure(page: Page): Promise<Measured> {
  return lastAnswerText(page).evaluate((content): Measured => {
    const block = content.querySelector<HTMLElement>('.md-table')!;
    const broken: string[] = [];
    let words = 0;
    for (const cell of block.querySelectorAll('th, td')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // Latin words only: Chinese wraps between characters by design.
        for (const match of text.matchAll(/[A-Za-z][A-Za-z,]*/g)) {
          words += 1;
          const range = document.createRange();
          range.setStart(node, match.index!);
          range.setEnd(node, match.index! + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    block.scrollLeft = 60;
    const th = block.querySelector('th')!;
    const style = getComputedStyle(th);
    return {
      scrollWidth: block.scrollWidth,
      clientWidth: block.clientWidth,
      scrolledTo: block.scrollLeft,
      overflowsMessage: block.getBoundingClientRect().right > content.getBoundingClientRect().right + 0.5,
      words,
      broken,
      header: { color: style.color, background: style.backgroundColor },
    };
  });
}

/** WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = css
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

for (const { colorScheme, locale } of [
  { colorScheme: 'light', locale: 'en-US' },
  { colorScheme: 'dark', locale: 'zh-CN' },
] as const) {
  test(`a wide table in a narrow ${colorScheme} window scrolls sideways and breaks no word (${locale})`, async () => {
    const h = await startHarness({ viewport: { width: 420, height: 760 }, colorScheme, locale });
    try {
      const { page, server } = h;
      server.enqueue({ text: TABLE });
      await sendMessage(page, 'Compare languages in a table');
      await waitForAnswers(page, 1);
      const m = await measure(page);
      expect(m.scrollWidth).toBeGreaterThan(m.clientWidth + 20);
      expect(m.scrolledTo).toBe(Math.min(60, m.scrollWidth - m.clientWidth));
      expect(m.overflowsMessage).toBe(false);
      expect(m.words).toBeGreaterThan(30);
      expect(m.broken).toEqual([]);
      expect(contrast(m.header.color, m.header.background)).toBeGreaterThan(7);
      await lastAnswerText(page).evaluate((content) => (content.querySelector<HTMLElement>('.md-table')!.scrollLeft = 0));
      await screenshot(page, `table-narrow-${colorScheme}-${locale}`);
    } finally {
      await h.close();
    }
  });
}

test('the row of a table being streamed is a row of the table, never `| JavaScript | yes | ev` as text', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    let open = (): void => undefined;
    const hold = new Promise<void>((resolve) => (open = resolve));
    const table = '| Language | Typed | Since |\n|---|:-:|--:|\n| Rust | yes | 2015 |\n| JavaScript | yes | ever |\n';
    // A character at a time, as a model writes, held after `| JavaScript | yes | ev`: the last row is half written.
    server.enqueue({ text: table, chunkSize: 1, delayMs: 20, gate: hold, gateAfterChunks: table.indexOf('ever') + 2 });
    await sendMessage(page, 'Which languages are typed?');
    const content = lastAnswerText(page);
    await expect(content.locator('tr').last()).toHaveText(/JavaScript\s*yes\s*ev/);
    const shown = await content.evaluate((el) => ({
      text: el.textContent ?? '',
      rows: [...el.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent)),
    }));
    expect(shown.text).not.toContain('|');
    expect(shown.rows).toEqual([
      ['Language', 'Typed', 'Since'],
      ['Rust', 'yes', '2015'],
      ['JavaScript', 'yes', 'ev'],
    ]);
    await screenshot(page, 'table-row-streaming');
    open();
    await waitForAnswers(page, 1);
    await expect(content.locator('tr').last()).toHaveText(/JavaScript\s*yes\s*ever/);
  } finally {
    await h.close();
  }
});
