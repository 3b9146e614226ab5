// Hostile model output streamed from the model server and rendered in real Chromium: nothing runs, nothing
// dangerous stays in the DOM, nothing remote is fetched.
import { expect, test } from '@playwright/test';
import { XSS_PAYLOADS } from '../fixtures/xss-payloads.js';
import { lastAnswerText, sendMessage, startHarness } from './helpers.js';

const PER_ANSWER = 8;

test(`${XSS_PAYLOADS.length} XSS payloads in model output: no script runs, no handler or dangerous URL survives, nothing remote is fetched`, async () => {
  test.setTimeout(180_000);
  const h = await startHarness();
  try {
    const { page, server } = h;
    const appOrigin = new URL(page.url()).origin;
    const foreignRequests: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(appOrigin) && !url.startsWith('data:')) foreignRequests.push(url);
    });
    let answers = 0;
    for (let start = 0; start < XSS_PAYLOADS.length; start += PER_ANSWER) {
      const batch = XSS_PAYLOADS.slice(start, start + PER_ANSWER);
      const text = batch.map(({ label, payload }) => `Payload ${label}:\n\n${payload}\n\nend ${label}.`).join('\n\n');
      server.enqueue({ text, chunkSize: 9 });
      await sendMessage(page, `batch ${start / PER_ANSWER + 1}`);
      answers++;
      await expect(lastAnswerText(page)).toContainText(`end ${batch.at(-1)!.label}.`);
      await expect(page.getByTestId('stop')).toHaveCount(0);

      const findings = await page.evaluate(() => {
        const root = document.querySelector('[data-testid="message-list"]')!;
        const bad: string[] = [];
        for (const el of Array.from(root.querySelectorAll('*'))) {
          const tag = el.tagName.toLowerCase();
          const inModelOutput = el.closest('[data-testid="message-content"]') !== null;
          // KaTeX's output inside a formula is MathML, SVG and spans it sizes with inline styles of its own.
          const inFormula = el.closest('[data-testid="math"] .katex') !== null;
          if (['script', 'iframe', 'object', 'embed', 'style', 'link', 'meta', 'base', 'frame'].includes(tag)) bad.push(`element <${tag}>`);
          if (
            inModelOutput &&
            ['form', 'svg', 'math', 'input', 'textarea', 'select', 'video', 'audio'].includes(tag) &&
            !(inFormula && ['svg', 'math'].includes(tag))
          )
            bad.push(`element <${tag}> in model output`);
          if (inFormula && ['a', 'img', 'image', 'use', 'foreignobject'].includes(tag)) bad.push(`element <${tag}> in a formula`);
          for (const attr of Array.from(el.attributes)) {
            const name = attr.name.toLowerCase();
            const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
            if (name.startsWith('on')) bad.push(`<${tag} ${name}>`);
            if (
              ['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset', 'poster', 'background', 'data'].includes(name) &&
              /^(javascript|vbscript|data|livescript|file):/.test(value)
            )
              bad.push(`<${tag} ${name}=${value.slice(0, 40)}>`);
            const katexStyle = /^(?:[a-z-]+:(?:-?[\d.]+(?:em|ex|px|%)?|#[0-9a-f]{3,6}|[a-z]+|calc\([-+\d.em ]+\));?)+$/;
            if (name === 'style' && inModelOutput && !(inFormula && katexStyle.test(value)))
              bad.push(`<${tag} style=${value.slice(0, 40)}> in model output`);
            if (inFormula && ['id', 'href', 'xlink:href', 'src'].includes(name)) bad.push(`<${tag} ${name}> in a formula`);
          }
        }
        return { bad, canary: (window as unknown as { __xss?: unknown }).__xss };
      });
      expect(findings.canary, `canary after ${batch.map((b) => b.label).join(', ')}`).toBeUndefined();
      expect(findings.bad, `after ${batch.map((b) => b.label).join(', ')}`).toEqual([]);
    }
    // Hover and click every link left in model output: handlers would fire now if any survived.
    await page.evaluate(() => {
      for (const el of Array.from(document.querySelectorAll('[data-testid="message-content"] *'))) {
        for (const type of ['mouseover', 'pointerenter', 'focus', 'auxclick']) el.dispatchEvent(new Event(type, { bubbles: true }));
      }
    });
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(foreignRequests).toEqual([]);
    expect(h.app.openedExternally.filter((url) => !/^(https?|mailto):/.test(url))).toEqual([]);
    console.log(
      `[xss] ${XSS_PAYLOADS.length} payloads streamed in ${answers} answers: canary never set, no handler or dangerous URL in the DOM, ${foreignRequests.length} remote requests`,
    );
  } finally {
    await h.close();
  }
});
