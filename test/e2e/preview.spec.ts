// Live previews of html and svg code blocks, in real Chromium under the app's CSP: the Preview button opens a side
// panel whose frame is sandboxed (scripts, no same origin) behind a no-network CSP; a preview that reaches for the
// app, navigates the window, fetches a local server or opens a pop-up achieves none of it; Escape and the close
// button close the panel, which follows the window's size.
import { readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { PREVIEW_CONTENT_SECURITY_POLICY } from '../../src/shared/preview-policy.js';
import { lastAnswerText, screenshot, sendMessage, startHarness, waitForAnswers } from './helpers.js';

/** A local server that counts every request it sees (it must see none). */
async function spyServer(): Promise<{ port: number; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'access-control-allow-origin': '*' }).end('seen');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function attackPage(port: number): string {
  const target = `http://127.0.0.1:${port}`;
  return `<!doctype html>
<html><body>
<h1 id="title">Hostile preview</h1>
<pre id="out"></pre>
<img src="${target}/img.png" alt="">
<script>
  const out = {};
  try { out.parentApi = typeof parent.window.api; } catch (e) { out.parentApi = 'blocked: ' + e.name; }
  try { out.topApi = typeof top.api; } catch (e) { out.topApi = 'blocked: ' + e.name; }
  out.ownApi = typeof window.api;
  try { top.location = '${target}/top'; out.topNavigation = 'no error'; } catch (e) { out.topNavigation = 'blocked: ' + e.name; }
  try { const w = window.open('${target}/popup'); out.popup = w === null ? 'null' : 'window'; } catch (e) { out.popup = 'blocked: ' + e.name; }
  try { out.cookie = document.cookie; } catch (e) { out.cookie = 'blocked: ' + e.name; }
  try { localStorage.setItem('x', '1'); out.storage = 'allowed'; } catch (e) { out.storage = 'blocked: ' + e.name; }
  out.origin = String(self.origin);
  fetch('${target}/fetch').then(() => 'reached', (e) => 'blocked: ' + e.name).then((fetchResult) => {
    out.fetch = fetchResult;
    document.getElementById('out').textContent = JSON.stringify(out);
  });
</script>
</body></html>`;
}

test('a hostile preview reaches neither the app, the window, the network nor a pop-up', async () => {
  const spy = await spyServer();
  const h = await startHarness();
  try {
    const { page, server } = h;
    const appUrl = page.url();
    const popups: string[] = [];
    page.context().on('page', (popup) => popups.push(popup.url()));
    server.enqueue({ text: `Try this:\n\n\`\`\`html\n${attackPage(spy.port)}\n\`\`\`\n`, chunkSize: 80 });
    await sendMessage(page, 'Make me a page');
    await waitForAnswers(page, 1);

    await lastAnswerText(page).getByTestId('preview-open').click();
    const frame = page.getByTestId('preview-frame');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    const inside = page.frameLocator('[data-testid="preview-frame"]');
    await expect(inside.locator('#title')).toHaveText('Hostile preview');
    await expect(inside.locator('#out')).not.toBeEmpty();
    const results = JSON.parse((await inside.locator('#out').textContent()) ?? '{}') as Record<string, string>;
    expect(results).toEqual({
      parentApi: 'blocked: SecurityError',
      topApi: 'blocked: SecurityError',
      ownApi: 'undefined',
      topNavigation: expect.stringMatching(/^(blocked: SecurityError|no error)$/) as unknown as string,
      popup: 'null',
      cookie: 'blocked: SecurityError',
      storage: 'blocked: SecurityError',
      origin: 'null',
      fetch: 'blocked: TypeError',
    });
    // The document carries the preview's own policy, and nothing left the frame.
    const policy = await inside.locator('meta[http-equiv="Content-Security-Policy"]').first().getAttribute('content');
    expect(policy).toBe(PREVIEW_CONTENT_SECURITY_POLICY);
    await page.waitForTimeout(300);
    expect(page.url()).toBe(appUrl);
    expect(popups).toEqual([]);
    expect(spy.requests).toEqual([]);
    // The app still works: its api is there and the chat is on screen.
    expect(await page.evaluate(() => typeof (window as unknown as { api?: object }).api)).toBe('object');
    await expect(lastAnswerText(page)).toContainText('Try this:');
  } finally {
    await h.close();
    await spy.close();
  }
});

test('an answer that is one hostile web page previews whole, reaching nothing; "Open in browser" writes it behind the same CSP only when asked', async () => {
  const spy = await spyServer();
  const h = await startHarness();
  try {
    const { page, server } = h;
    const appUrl = page.url();
    const popups: string[] = [];
    page.context().on('page', (popup) => popups.push(popup.url()));
    // The whole answer is the raw page: no fence, no code block, so only the answer's own Preview runs it.
    const hostile = attackPage(spy.port);
    server.enqueue({ text: hostile, chunkSize: 120 });
    await sendMessage(page, 'Make me a whole page');
    await waitForAnswers(page, 1);
    await expect(lastAnswerText(page).getByTestId('preview-open')).toHaveCount(0);

    await page.locator('[data-role="assistant"]').last().getByTestId('answer-preview').click();
    const panel = page.getByTestId('preview-panel');
    await expect(panel).toHaveAttribute('aria-label', 'Preview · the whole answer');
    await expect(page.getByTestId('preview-frame')).toHaveAttribute('sandbox', 'allow-scripts');
    const inside = page.frameLocator('[data-testid="preview-frame"]');
    await expect(inside.locator('#title')).toHaveText('Hostile preview');
    await expect(inside.locator('#out')).not.toBeEmpty();
    expect(JSON.parse((await inside.locator('#out').textContent()) ?? '{}')).toEqual({
      parentApi: 'blocked: SecurityError',
      topApi: 'blocked: SecurityError',
      ownApi: 'undefined',
      topNavigation: expect.stringMatching(/^(blocked: SecurityError|no error)$/) as unknown as string,
      popup: 'null',
      cookie: 'blocked: SecurityError',
      storage: 'blocked: SecurityError',
      origin: 'null',
      fetch: 'blocked: TypeError',
    });
    await page.waitForTimeout(300);
    expect(page.url()).toBe(appUrl);
    expect(popups).toEqual([]);
    expect(spy.requests).toEqual([]);
    expect(await page.evaluate(() => typeof (window as unknown as { api?: object }).api)).toBe('object');

    // Nothing was written for the browser until now; asked, main writes one file and opens exactly it.
    expect(h.app.openedExternally).toEqual([]);
    await page.getByTestId('preview-open-browser').click();
    await expect.poll(() => h.app.openedExternally.length).toBe(1);
    const url = h.app.openedExternally[0]!;
    expect(url).toMatch(/^file:\/\/.*\/tiny-agent-previews\/[0-9a-f-]{36}\.html$/);
    const written = readFileSync(fileURLToPath(url), 'utf8');
    expect(written).toBe(
      `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CONTENT_SECURITY_POLICY}">${hostile.trim()}`,
    );
    rmSync(fileURLToPath(url), { force: true });
  } finally {
    await h.close();
    await spy.close();
  }
});

test('a preview that navigates its own frame away is held to the app: the local server sees nothing', async () => {
  const spy = await spyServer();
  const h = await startHarness();
  try {
    const { page, server } = h;
    const html = `<p id="p">moving</p><meta http-equiv="refresh" content="0;url=http://127.0.0.1:${spy.port}/refresh"><script>setTimeout(() => { location.href = 'http://127.0.0.1:${spy.port}/self'; }, 50); const f = document.createElement('form'); f.action = 'http://127.0.0.1:${spy.port}/form'; f.method = 'post'; document.body.append(f); setTimeout(() => f.submit(), 100);</script>`;
    server.enqueue({ text: `\`\`\`html\n${html}\n\`\`\``, chunkSize: 80 });
    await sendMessage(page, 'Move away');
    await waitForAnswers(page, 1);
    const appUrl = page.url();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await lastAnswerText(page).getByTestId('preview-open').click();
    // The frame's own navigations (refresh, location, form) are refused by the page's frame-src: the one that runs
    // first is reported, the frame stays on the app's origin and the server hears nothing.
    await expect.poll(() => refused.some((text) => text.includes(`127.0.0.1:${spy.port}`) && text.includes('frame-src'))).toBe(true);
    await page.waitForTimeout(500);
    expect(spy.requests).toEqual([]);
    expect(page.url()).toBe(appUrl);
  } finally {
    await h.close();
    await spy.close();
  }
});

test('an svg block previews in the panel; Escape and the close button close it; the panel follows the window', async () => {
  const h = await startHarness({ viewport: { width: 1600, height: 900 } });
  try {
    const { page, server } = h;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle id="c" cx="50" cy="50" r="40" fill="tomato"/></svg>';
    server.enqueue({ text: `\`\`\`svg\n${svg}\n\`\`\`\n\n\`\`\`js\nconsole.log(1)\n\`\`\``, chunkSize: 40 });
    await sendMessage(page, 'A circle');
    await waitForAnswers(page, 1);
    // Only html and svg blocks can be previewed.
    await expect(lastAnswerText(page).getByTestId('preview-open')).toHaveCount(1);
    await lastAnswerText(page).getByTestId('preview-open').click();
    const panel = page.getByTestId('preview-panel');
    await expect(panel).toBeVisible();
    await expect(page.frameLocator('[data-testid="preview-frame"]').locator('#c')).toHaveAttribute('fill', 'tomato');
    const wide = (await page.getByTestId('preview-frame').boundingBox())!;
    await page.setViewportSize({ width: 1000, height: 700 });
    await expect.poll(async () => (await page.getByTestId('preview-frame').boundingBox())!.width).toBeLessThan(wide.width);
    const narrowBox = (await page.getByTestId('preview-frame').boundingBox())!;
    expect(narrowBox.height).toBeLessThan(wide.height);

    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await lastAnswerText(page).getByTestId('preview-open').click();
    await expect(panel).toBeVisible();
    await page.getByTestId('preview-close').click();
    await expect(panel).toHaveCount(0);
  } finally {
    await h.close();
  }
});

for (const locale of ['en-US', 'zh-CN'] as const)
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [420, 1600])
      test(`screenshot: an html preview beside the chat (${locale}, ${colorScheme}, ${width} px)`, async () => {
        const h = await startHarness({ locale, colorScheme, viewport: { width, height: 900 } });
        try {
          const { page, server } = h;
          const html =
            '<style>body{font-family:sans-serif;margin:24px}button{font-size:16px;padding:6px 14px}</style><h2>Counter</h2><p>Clicked <b id="n">0</b> times.</p><button id="b" onclick="document.getElementById(\'n\').textContent = +document.getElementById(\'n\').textContent + 1">Click me</button>';
          server.enqueue({ text: `A small page:\n\n\`\`\`html\n${html}\n\`\`\`\n`, chunkSize: 60 });
          await sendMessage(page, 'A counter page');
          await waitForAnswers(page, 1);
          await lastAnswerText(page).getByTestId('preview-open').click();
          const inside = page.frameLocator('[data-testid="preview-frame"]');
          await inside.locator('#b').click();
          await expect(inside.locator('#n')).toHaveText('1');
          console.log(`[screenshot] ${await screenshot(page, `preview-${locale}-${colorScheme}-${width}`)}`);
        } finally {
          await h.close();
        }
      });
