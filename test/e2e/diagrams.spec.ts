// Mermaid diagrams in answers, in real Chromium under the app's CSP: the library loads only when a diagram appears,
// a streaming block shows its source, a finished one its drawing (sanitized: labels carrying markup run nothing), a
// block that does not parse its source and the parser's message; the source is copied and the drawing saved.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { lastAnswerText, screenshot, sendMessage, startHarness, waitForAnswers } from './helpers.js';

const FLOW = ['flowchart LR', '  A[Question] --> B{Tools needed?}', '  B -->|yes| C[Run tools]', '  B -->|no| D[Answer]', '  C --> D'].join(
  '\n',
);
const ANSWER = `Here is the flow:\n\n\`\`\`mermaid\n${FLOW}\n\`\`\`\n\nAnd a broken one:\n\n\`\`\`mermaid\nflowchart LR\n  A --> \n  --> B ((\n\`\`\`\n`;

/** Records CSP violations on the page (the sanitizer's inert self-test parse aside, as in math.spec.ts). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.violatedDirective !== 'script-src-attr') seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

const mermaidChunks = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name.split('/').pop() ?? '')
      .filter((name) => name.startsWith('mermaid')),
  );

test('a mermaid block is drawn once it is finished, a broken one shows its source and the parser’s message', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    const violations = await watchViolations(page);
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    expect(await mermaidChunks(page)).toEqual([]);

    // While the block streams, its source shows as code and nothing of mermaid is loaded.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Held inside the open block, after its third line.
    server.enqueue({ text: ANSWER, chunkSize: 6, gate, gateAfterChunks: Math.ceil(ANSWER.indexOf('  C --> D') / 6) + 1 });
    await sendMessage(page, 'Draw the flow');
    const answer = lastAnswerText(page);
    await expect(answer.locator('pre code').first()).toContainText('B -->|yes| C[Run tools]');
    await expect(answer.getByTestId('mermaid')).toHaveCount(0);
    expect(await mermaidChunks(page)).toEqual([]);
    release();
    await waitForAnswers(page, 1);

    const diagrams = answer.getByTestId('mermaid');
    await expect(diagrams).toHaveCount(2);
    const good = diagrams.nth(0);
    await expect(good).toHaveAttribute('data-state', 'ready');
    await expect(good.locator('svg')).toHaveCount(1);
    await expect(good.locator('svg')).toContainText('Run tools');
    await expect(good.locator('svg')).toBeVisible();
    // The drawing keeps its geometry through the sanitizer (a box with no size would draw nothing).
    expect(
      await good
        .locator('svg')
        .evaluate((svg: SVGSVGElement) => [svg.viewBox.baseVal.width > 100, svg.querySelectorAll('path[d]').length > 3]),
    ).toEqual([true, true]);
    await expect(good.locator('pre')).toBeHidden();
    expect((await mermaidChunks(page)).some((name) => name.startsWith('mermaid.core'))).toBe(true);

    const bad = diagrams.nth(1);
    await expect(bad).toHaveAttribute('data-state', 'error');
    await expect(bad.locator('.md-mermaid-error')).toHaveAttribute(
      'data-label',
      'This diagram could not be drawn. Its source is shown below.',
    );
    await expect(bad.locator('.md-mermaid-error')).toBeVisible();
    await expect(bad.locator('.md-mermaid-message')).toContainText('Parse error on line 3:');
    await expect(bad.locator('pre code')).toHaveText('flowchart LR\n  A --> \n  --> B ((\n'.trimEnd());
    await expect(bad.locator('svg')).toHaveCount(0);

    expect(await violations()).toEqual([]);
    expect(failed).toEqual([]);
  } finally {
    await h.close();
  }
});

test('copy gives the diagram’s source; Source shows it; Save SVG and Save PNG download the drawing', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    server.enqueue({ text: `\`\`\`mermaid\n${FLOW}\n\`\`\``, chunkSize: 40 });
    await sendMessage(page, 'Draw the flow');
    await waitForAnswers(page, 1);
    const diagram = lastAnswerText(page).getByTestId('mermaid');
    await expect(diagram).toHaveAttribute('data-state', 'ready');

    await diagram.getByTestId('code-copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(FLOW);

    await diagram.getByTestId('mermaid-toggle').click();
    await expect(diagram.locator('pre code')).toBeVisible();
    await expect(diagram.locator('.md-mermaid-view')).toBeHidden();
    await diagram.getByTestId('mermaid-toggle').click();
    await expect(diagram.locator('.md-mermaid-view svg')).toBeVisible();

    const [svgDownload] = await Promise.all([page.waitForEvent('download'), diagram.getByTestId('mermaid-save-svg').click()]);
    expect(svgDownload.suggestedFilename()).toBe('diagram.svg');
    const svg = readFileSync(await svgDownload.path(), 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toMatch(/^<svg [^>]*><style>#md-mermaid-\d+\{/);
    expect(svg).toContain('>Run</tspan>');
    expect(svg).toContain('> tools</tspan>');
    expect(svg).toMatch(/<path [^>]*\bd="M/);

    const [pngDownload] = await Promise.all([page.waitForEvent('download'), diagram.getByTestId('mermaid-save-png').click()]);
    expect(pngDownload.suggestedFilename()).toBe('diagram.png');
    const png = readFileSync(await pngDownload.path());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.length).toBeGreaterThan(2000);
  } finally {
    await h.close();
  }
});

test('labels carrying markup are drawn as text: nothing runs, nothing loads, no element of theirs reaches the page', async () => {
  const h = await startHarness();
  try {
    const { page, server } = h;
    const violations = await watchViolations(page);
    const source = [
      'flowchart TD',
      '  A["<img src=x onerror=window.__pwned=1>"] --> B["<script>window.__pwned=2</script>"]',
      '  B --> C["<a href=javascript:window.__pwned=3>link</a>"]',
      '  C --> D["<iframe srcdoc=x></iframe><style>body{display:none}</style>"]',
      '  click A "javascript:window.__pwned=4"',
    ].join('\n');
    server.enqueue({ text: `\`\`\`mermaid\n${source}\n\`\`\``, chunkSize: 30 });
    await sendMessage(page, 'XSS labels');
    await waitForAnswers(page, 1);
    const diagram = lastAnswerText(page).getByTestId('mermaid');
    await expect(diagram).toHaveAttribute('data-state', /ready|error/);
    const found = await diagram.evaluate((el) => ({
      tags: [...el.querySelectorAll('img, script, iframe, a, foreignObject, object, embed')].map((node) => node.tagName),
      handlers: [...el.querySelectorAll('*')].flatMap((node) => [...node.attributes].map((a) => a.name)).filter((n) => n.startsWith('on')),
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
    }));
    expect(found).toEqual({ tags: [], handlers: [], pwned: null });
    await expect(page.locator('body')).toBeVisible();
    const links = await diagram.locator('svg [href], svg [xlink\\:href]').count();
    expect(links).toBe(0);
    expect(await violations()).toEqual([]);
  } finally {
    await h.close();
  }
});

for (const locale of ['en-US', 'zh-CN'] as const)
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [420, 1600])
      test(`screenshot: a diagram and a broken one (${locale}, ${colorScheme}, ${width} px)`, async () => {
        const h = await startHarness({ locale, colorScheme, viewport: { width, height: 900 } });
        try {
          const { page, server } = h;
          server.enqueue({ text: ANSWER, chunkSize: 40 });
          await sendMessage(page, 'Draw the flow');
          await waitForAnswers(page, 1);
          const diagrams = lastAnswerText(page).getByTestId('mermaid');
          await expect(diagrams.nth(0)).toHaveAttribute('data-state', 'ready');
          await expect(diagrams.nth(1)).toHaveAttribute('data-state', 'error');
          await diagrams.nth(0).scrollIntoViewIfNeeded();
          console.log(`[screenshot] ${await screenshot(page, `diagram-${locale}-${colorScheme}-${width}`)}`);
        } finally {
          await h.close();
        }
      });
