// A long fenced code block streamed into the app, measured in Chromium: it is shown in segments that are blocks of
// their own (so an append lays out the last one only), its lines keep the height of the <pre>'s line, and copying
// it — by its button, by selecting all of it, or by selecting across segments — gives exactly the code.
import { expect, test, type Page } from '@playwright/test';
import { lastAnswerText, screenshot, sendMessage, startHarness, waitForAnswers } from './helpers.js';

const CODE = Array.from(
  { length: 160 },
  (_, i) => `${'  '.repeat(i % 3)}const row${i} = { id: ${i}, label: "row ${i}" }; // <${i}> & 'quoted'`,
).join('\n');
const PLAIN = 'a block without a language\n  kept as typed: <b>not bold</b> & spaces';
const ANSWER = `Here is the module:\n\n\`\`\`ts\n${CODE}\n\`\`\`\n\nAnd a note:\n\n\`\`\`\n${PLAIN}\n\`\`\`\n`;

function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

interface Layout {
  segments: number;
  displays: string[];
  codeDisplay: string;
  /** The code's line height and the <pre>'s, in px. */
  codeLine: number;
  preLine: number;
  /** Lines the code's height holds at that line height. */
  lines: number;
}

/** How the first code block of the last answer is laid out. */
function layoutOf(page: Page): Promise<Layout> {
  return lastAnswerText(page).evaluate((content): Layout => {
    const pre = content.querySelector('pre')!;
    const code = pre.querySelector('code')!;
    const segments = [...code.querySelectorAll(':scope > .md-code-seg')];
    const codeLine = parseFloat(getComputedStyle(code).lineHeight);
    return {
      segments: segments.length,
      displays: [...new Set(segments.map((segment) => getComputedStyle(segment).display))],
      codeDisplay: getComputedStyle(code).display,
      codeLine,
      preLine: parseFloat(getComputedStyle(pre).lineHeight),
      lines: code.getBoundingClientRect().height / codeLine,
    };
  });
}

/** Selects characters [from, to) of the first code block's text in the last answer. */
function selectCode(page: Page, from: number, to: number): Promise<void> {
  return lastAnswerText(page).evaluate(
    (content, [start, end]) => {
      const code = content.querySelector('pre code')!;
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let at = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent?.length ?? 0;
        if (start >= at && start <= at + length) range.setStart(node, start - at);
        if (end >= at && end <= at + length) {
          range.setEnd(node, end - at);
          break;
        }
        at += length;
      }
      const selection = getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    },
    [from, to] as const,
  );
}

const clipboard = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText());
const selected = (page: Page): Promise<string> => page.evaluate(() => getSelection()?.toString() ?? '');

test('a long code block streams in block segments with the <pre>’s line height, and any copy of it is exactly the code', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const hold = gate();
    server.enqueue({ text: ANSWER, chunkSize: 40, gate: hold.promise, gateAfterChunks: 120 });
    await sendMessage(page, 'Write the module');
    // Halfway through the block: the lines so far are in finished segments and a run of text after them.
    const codeText = () => lastAnswerText(page).evaluate((content) => content.querySelector('pre code')?.textContent ?? '');
    await expect.poll(async () => (await layoutOf(page).catch(() => null))?.segments ?? 0).toBeGreaterThanOrEqual(3);
    const partial = await codeText();
    expect(CODE.startsWith(partial)).toBe(true);
    expect(partial.length).toBeLessThan(CODE.length);
    expect(await layoutOf(page)).toMatchObject({ displays: ['block'], codeDisplay: 'block' });
    hold.open();
    await waitForAnswers(page, 1);
    await expect.poll(codeText).toBe(CODE);

    const layout = await layoutOf(page);
    expect(layout.segments).toBeGreaterThanOrEqual(8);
    expect(layout).toMatchObject({ displays: ['block'], codeDisplay: 'block' });
    // Every line is a line of the <pre> (to the 1/64 px layout unit): the code holds exactly its 160 lines.
    expect(layout.codeLine).toBeCloseTo(layout.preLine, 1);
    expect(layout.lines).toBeCloseTo(160, 1);

    // Selecting across three segments copies exactly that stretch of code, no extra line breaks at their edges.
    const from = CODE.indexOf('row3 ');
    const to = CODE.indexOf('row70 ');
    await selectCode(page, from, to);
    expect(await selected(page)).toBe(CODE.slice(from, to));
    await page.keyboard.press('Control+C');
    await expect.poll(() => clipboard(page)).toBe(CODE.slice(from, to));
    await selectCode(page, 0, CODE.length);
    await page.keyboard.press('Control+C');
    await expect.poll(() => clipboard(page)).toBe(CODE);

    // The copy buttons copy exactly the code of their block, highlighted or not. The clipboard holds something else
    // first, and each copy is seen done (the button says so) before the next: a late copy cannot land after it.
    const buttons = lastAnswerText(page).getByTestId('code-copy');
    await page.evaluate(() => navigator.clipboard.writeText('before the buttons'));
    await buttons.nth(0).click();
    await expect(buttons.nth(0)).toHaveAttribute('data-copied', 'true');
    await expect.poll(() => clipboard(page)).toBe(CODE);
    await buttons.nth(1).click();
    await expect(buttons.nth(1)).toHaveAttribute('data-copied', 'true');
    await expect.poll(() => clipboard(page)).toBe(PLAIN);
    await page.evaluate(() => getSelection()?.removeAllRanges());
    await lastAnswerText(page)
      .locator('pre')
      .first()
      .evaluate((pre) => pre.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'code-block-segments');
  } finally {
    await h.close();
  }
});
