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

test('every KaTeX font is shipped as a file and loads in its first format under the CSP, at every delimiter size', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        // The sanitizer's self-test parses an `onerror` attribute in an inert DOMParser document: Chromium reports
        // that (nothing runs). What is asked here is that no font, style or image the page loads is refused.
        if (event.violatedDirective !== 'script-src-attr') seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    // \\big … \\Bigg take their delimiters from KaTeX_Size1 … KaTeX_Size4, the smallest fonts KaTeX ships (one of
    // them small enough for the bundler to inline as a data: URL, which the CSP refuses, unless told not to).
    server.enqueue({
      text: 'Sizes: $\\big( \\Big( \\bigg( \\Bigg( x \\Bigg) \\bigg) \\Big) \\big)$ and $\\mathfrak{g} \\mathcal{C} \\mathbb{R}$',
      chunkSize: 8,
    });
    await sendMessage(page, 'Brackets of every size');
    await waitForAnswers(page, 1);
    await expect(lastAnswerText(page).getByTestId('math')).toHaveCount(2);
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name.split('/').pop() ?? '')
        .filter((name) => name.startsWith('KaTeX_'));
      return {
        // A woff2 that could not be used (refused, or missing) makes the browser fall back to the .woff or .ttf.
        fetched: files.map((name) => name.replace(/^(KaTeX_[A-Za-z0-9]+-[A-Za-z]+)-.*\.(woff2?|ttf)$/, '$1.$2')).sort(),
        violations: (window as unknown as { cspViolations: string[] }).cspViolations,
        inlined: [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((rule) => rule.cssText.includes('url("data:font'))
          .length,
      };
    });
    expect(fonts.violations).toEqual([]);
    expect(fonts.inlined).toBe(0);
    for (const family of ['Size1', 'Size2', 'Size3', 'Size4', 'Fraktur-Regular', 'Caligraphic-Regular', 'AMS-Regular'])
      expect(fonts.fetched.filter((name) => name.includes(family))).toEqual([
        `KaTeX_${family.includes('-') ? family : `${family}-Regular`}.woff2`,
      ]);
  } finally {
    await h.close();
  }
});
