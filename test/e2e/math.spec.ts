// Math in a streamed answer, in real Chromium under the app's CSP: the four delimiters are typeset by KaTeX (its
// stylesheet and fonts load from the app itself), a price with dollar signs stays text, code is left alone; captured
// in both themes.
import { expect, test } from '@playwright/test';
import { lastAnswerText, screenshot, sendMessage, startHarness, waitForAnswers } from './helpers.js';

const ANSWER = [
  'Inline: Euler’s identity $e^{i\\pi} + 1 = 0$, and Pythagoras \\(a^2 + b^2 = c^2\\).',
  '',
  'The sum of the first $n$ integers:',
  '',
  '$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$',
  '',
  'and an integral:',
  '',
  '\\[\\int_0^1 x^2\\,dx = \\frac{1}{3}\\]',
  '',
  'The book costs $5 and the course $10, so $15 in total.',
  '',
  'In code it stays as typed: `$x$` and',
  '',
  '```tex',
  '$y$ \\(z\\)',
  '```',
].join('\n');

const SOURCES = ['e^{i\\pi} + 1 = 0', 'a^2 + b^2 = c^2', 'n', '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}', '\\int_0^1 x^2\\,dx = \\frac{1}{3}'];

for (const colorScheme of ['light', 'dark'] as const) {
  test(`math in four delimiters is typeset by KaTeX while prices stay text (${colorScheme})`, async () => {
    const h = await startHarness({ colorScheme });
    try {
      const { page, server } = h;
      const failedRequests: string[] = [];
      page.on('requestfailed', (request) => failedRequests.push(request.url()));
      server.enqueue({ text: ANSWER, chunkSize: 5 });
      await sendMessage(page, 'Show me some maths');
      await waitForAnswers(page, 1);
      const answer = lastAnswerText(page);
      const formulas = answer.getByTestId('math');
      await expect(formulas).toHaveCount(SOURCES.length);
      // KaTeX's MathML carries each formula's TeX source (and is what screen readers read).
      expect(await formulas.evaluateAll((els) => els.map((el) => el.querySelector('math annotation')?.textContent))).toEqual(SOURCES);
      expect(await answer.locator('.katex-display').count()).toBe(2);
      await expect(answer).toContainText('The book costs $5 and the course $10, so $15 in total.');
      await expect(answer.locator('p code')).toHaveText('$x$');
      await expect(answer.locator('pre code')).toHaveText('$y$ \\(z\\)');

      // KaTeX's stylesheet applied and its fonts loaded from the app (the CSP allows only 'self').
      const typeset = await page.evaluate(async () => {
        await document.fonts.ready;
        const el = document.querySelector('[data-testid="math"] .katex .mathnormal');
        const loaded = Array.from(document.fonts)
          .filter((font) => font.family.includes('KaTeX') && font.status === 'loaded')
          .map((font) => font.family);
        return {
          fontFamily: el ? getComputedStyle(el).fontFamily : '',
          mathmlHidden: getComputedStyle(document.querySelector('.katex-mathml')!).position,
          loaded,
        };
      });
      expect(typeset.fontFamily).toContain('KaTeX_Math');
      expect(typeset.mathmlHidden).toBe('absolute');
      expect(typeset.loaded).toContain('KaTeX_Math');
      expect(failedRequests).toEqual([]);

      await formulas.nth(3).scrollIntoViewIfNeeded();
      console.log(`[screenshot] ${await screenshot(page, `math-${colorScheme}`)}`);
    } finally {
      await h.close();
    }
  });
}
