// The agent reaches the web, end to end: a fake SearXNG (JSON) and a page server on 127.0.0.1, the fake model scripted
// to call web_search, then fetch_page, then answer. Settings sets the engine and allows 127.0.0.1; the chat's picker
// chooses the tools; each tool asks once ("Always allow") and is remembered, after a restart too; the answer lists its
// sources, which open in the system browser; the composer's toggle and a pasted link offer the tools for one send.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { lastAnswerText, screenshot, sendMessage, startHarness, waitForAnswerText, type Harness } from './helpers.js';

interface WebFixture {
  searxUrl: string;
  pageUrl: string;
  queries: string[];
  close(): Promise<void>;
}

const PAGE = (
  zh: boolean,
) => `<!doctype html><html lang="${zh ? 'zh' : 'en'}"><head><title>${zh ? '水壶保养' : 'Kettle care'}</title></head>
<body><nav>Home · Shop · About</nav><article><h1>${zh ? '水壶保养' : 'Kettle care'}</h1>
<p>${zh ? '每月用柠檬酸除垢一次，水壶就能保持良好状态。不要空烧：加热元件会过热。' : 'Descale it once a month with citric acid to keep it working well. Never run it empty: the element overheats.'}</p>
<p>${zh ? '除垢后用清水煮沸两次再使用。' : 'After descaling, boil clean water twice before use.'}</p></article></body></html>`;

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A SearXNG instance answering JSON, and the page its first result points to. */
async function startWeb(zh = false): Promise<WebFixture> {
  const queries: string[] = [];
  const pages = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(PAGE(zh));
  });
  const pagesBase = await listen(pages);
  const pageUrl = `${pagesBase}/kettle-care`;
  const searx = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    queries.push(`${url.pathname} q=${url.searchParams.get('q')} format=${url.searchParams.get('format')}`);
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        results: [
          { title: zh ? '水壶保养指南' : 'Kettle care guide', url: pageUrl, content: zh ? '如何为水壶除垢。' : 'How to descale a kettle.' },
          {
            title: zh
              ? '除垢基础知识'
              : 'Descaling basics — a long title that goes on to show how a long one is cut at the end of its line',
            url: 'https://www.descale.example/basics',
            content: '…',
          },
        ],
      }),
    );
  });
  const searxUrl = await listen(searx);
  return {
    searxUrl,
    pageUrl,
    queries,
    close: async () => {
      await Promise.all([new Promise((r) => pages.close(r)), new Promise((r) => searx.close(r))]);
    },
  };
}

const toolBlock = (page: Page, tool: string) => page.locator(`[data-testid="tool-call"][data-tool="${tool}"]`);
const sourceUrls = (page: Page) => page.getByTestId('answer-sources').last().getByTestId('answer-source');
const offered = (h: Harness, index: number) =>
  ((h.server.chatRequests[index]!.body.tools ?? []) as Array<{ function: { name: string } }>).map((t) => t.function.name);
const toolTexts = (h: Harness, index: number) =>
  (h.server.chatRequests[index]!.body.messages as Array<{ role: string; content: string }>)
    .filter((m) => m.role === 'tool')
    .map((m) => m.content);

/** Settings → Built-in tools: SearXNG at `url`, and 127.0.0.1 allowed for fetch_page. */
async function setUpWeb(page: Page, url: string, shot?: string): Promise<void> {
  await page.getByTestId('settings-open').click();
  const section = page.getByTestId('settings-web-search');
  await section.getByTestId('web-search-engine').selectOption('searxng');
  await section.getByTestId('web-search-url').fill(url);
  await section.getByTestId('web-search-save').click();
  await expect(section.getByTestId('builtin-tool').first()).toHaveAttribute('data-ready', 'true');
  await section.getByTestId('web-allowed-host-input').fill('127.0.0.1');
  await section.getByTestId('web-allowed-host-add').click();
  await expect(section.getByTestId('web-allowed-host')).toHaveAttribute('data-host', '127.0.0.1');
  if (shot) {
    await section.getByTestId('web-allowed-hosts').scrollIntoViewIfNeeded();
    await screenshot(page, shot);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-dialog')).toHaveCount(0);
}

/** Ticks `tools` in the chat's tool picker (the strip above the composer). */
async function chooseTools(page: Page, tools: string[]): Promise<void> {
  await page.getByTestId('chat-servers-summary').click();
  for (const tool of tools) {
    const box = page.getByTestId('chat-servers').locator(`[data-testid="builtin-tool"][data-tool="${tool}"]`).getByRole('checkbox');
    // The box follows the chat's saved choice: ticked once main has kept it.
    await box.click();
    await expect(box).toBeChecked();
  }
}

/** Fires a paste of `text` into the composer and lets the box take it, as a person's Ctrl+V does. */
async function pasteIntoComposer(page: Page, text: string): Promise<void> {
  const box = page.getByTestId('composer-input');
  await box.evaluate((el, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  await box.fill(text);
}

test('search, read, answer with sources; each tool asks once and is remembered after a restart; a pasted link is read', async () => {
  test.setTimeout(120_000);
  const web = await startWeb();
  const h = await startHarness({ viewport: { width: 1600, height: 900 } });
  try {
    let page = h.page;
    await setUpWeb(page, web.searxUrl);
    const search = (id: string, query: string) => ({ toolCalls: [{ id, name: 'web_search', arguments: JSON.stringify({ query }) }] });
    const read = (id: string) => ({ toolCalls: [{ id, name: 'fetch_page', arguments: JSON.stringify({ url: web.pageUrl }) }] });

    // One question with "Search the web" pressed, in the new chat: web_search is offered for it alone.
    const toggle = page.getByTestId('composer-web-toggle');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    h.server.enqueue(search('s1', 'kettle descaling'), { text: 'Descale it monthly [1].' });
    await sendMessage(page, 'How often should I descale my kettle?');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(toolBlock(page, 'web_search')).toHaveAttribute('data-status', 'approval');
    await page.getByTestId('tool-approve-always').click();
    await waitForAnswerText(page, 'Descale it monthly [1].');
    expect(offered(h, 0)).toEqual(['web_search']);
    expect(web.queries).toEqual(['/search q=kettle descaling format=json']);
    await expect(sourceUrls(page)).toHaveCount(2);
    expect(await sourceUrls(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-url')))).toEqual([
      web.pageUrl,
      'https://www.descale.example/basics',
    ]);
    await expect(sourceUrls(page).nth(1)).toContainText('descale.example');

    // The chat chooses both web tools: search (remembered, no question), then read (asked once), then the answer.
    await chooseTools(page, ['web_search', 'fetch_page']);
    await expect(page.getByTestId('chat-servers-summary')).toHaveText('Built-in: Web search, Read a web page');
    await page.getByTestId('chat-servers-summary').click();
    h.server.enqueue(search('s2', 'kettle care'), read('r2'), { text: 'Use citric acid, then boil clean water twice [1].' });
    await sendMessage(page, 'How do I descale it?');
    await expect(toolBlock(page, 'fetch_page').last()).toHaveAttribute('data-status', 'approval');
    await expect(toolBlock(page, 'web_search').last()).toHaveAttribute('data-status', 'done');
    await page.getByTestId('tool-approve-always').click();
    await waitForAnswerText(page, 'Use citric acid, then boil clean water twice [1].');
    expect(offered(h, 2)).toEqual(['web_search', 'fetch_page']);
    expect(toolTexts(h, 4).at(-1)).toMatch(/^# Kettle care\nURL: http:\/\/127\.0\.0\.1:\d+\/kettle-care\n\n[^]*citric acid/);
    await expect(page.getByTestId('answer-sources')).toHaveCount(2);
    expect(await sourceUrls(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-url')))).toEqual([
      web.pageUrl,
      'https://www.descale.example/basics',
    ]);
    // A source opens in the system browser, never in the app.
    await sourceUrls(page).nth(1).getByRole('link').click();
    await expect.poll(() => h.app.openedExternally).toEqual(['https://www.descale.example/basics']);

    // After a restart: the same chat, the same tools, no question asked.
    await h.relaunch({ viewport: { width: 1600, height: 900 } });
    page = h.page;
    await page.getByTestId('session-item').first().click();
    await expect(page.getByTestId('answer-sources')).toHaveCount(2);
    const before = h.server.chatRequests.length;
    h.server.enqueue(search('s3', 'kettle element'), read('r3'), { text: 'Never run it empty [1].' });
    await sendMessage(page, 'Anything to avoid?');
    await waitForAnswerText(page, 'Never run it empty [1].');
    await expect(page.getByTestId('tool-approve')).toHaveCount(0);
    expect(h.server.chatRequests.length - before).toBe(3);
    await expect(toolBlock(page, 'fetch_page').last()).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('answer-sources')).toHaveCount(3);

    // A link pasted alone: "Read this page" sends the request, with fetch_page offered.
    await page.getByTestId('chat-servers-summary').click();
    for (const tool of ['fetch_page', 'web_search']) {
      const box = page.getByTestId('chat-servers').locator(`[data-testid="builtin-tool"][data-tool="${tool}"]`).getByRole('checkbox');
      await box.click();
      await expect(box).not.toBeChecked();
    }
    await expect(page.getByTestId('chat-servers-summary')).toHaveText('Built-in tools: off');
    await page.getByTestId('chat-servers-summary').click();
    await pasteIntoComposer(page, web.pageUrl);
    await expect(page.getByTestId('composer-url-offer')).toBeVisible();
    const reads = h.server.chatRequests.length;
    h.server.enqueue(read('r4'), { text: 'The page is about kettle care.' });
    await page.getByTestId('composer-url-read').click();
    await waitForAnswerText(page, 'The page is about kettle care.');
    expect(offered(h, reads)).toEqual(['fetch_page']);
    const asked = (h.server.chatRequests[reads]!.body.messages as Array<{ role: string; content: unknown }>).at(-1);
    expect(asked).toEqual({ role: 'user', content: `Read this page and tell me what it says: ${web.pageUrl}` });
    await expect(page.getByTestId('tool-approve')).toHaveCount(0);
    expect(await sourceUrls(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-url')))).toEqual([web.pageUrl]);
    await expect(lastAnswerText(page)).toHaveText('The page is about kettle care.');
  } finally {
    await h.close();
    await web.close();
  }
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`sources, toggle and link offer at 1600 and 420 px, ${locale}, ${colorScheme}`, async () => {
      test.setTimeout(90_000);
      const zh = locale === 'zh-CN';
      const name = `${colorScheme}-${zh ? 'zh' : 'en'}`;
      const web = await startWeb(zh);
      const h = await startHarness({ locale, colorScheme, viewport: { width: 1600, height: 900 } });
      try {
        const { page } = h;
        await setUpWeb(page, web.searxUrl, `web-tools-settings-1600-${name}`);
        h.server.enqueue(
          { toolCalls: [{ id: 's1', name: 'web_search', arguments: JSON.stringify({ query: zh ? '水壶除垢' : 'kettle descaling' }) }] },
          {
            text: zh
              ? '每月用柠檬酸除垢一次 [1]，除垢后煮沸清水两次 [1]。'
              : 'Descale it monthly with citric acid [1], then boil clean water twice [1].',
          },
        );
        await page.getByTestId('composer-web-toggle').click();
        await expect(page.getByTestId('composer-web-toggle')).toHaveAttribute('aria-pressed', 'true');
        await screenshot(page, `web-tools-toggle-1600-${name}`);
        await sendMessage(page, zh ? '我的水壶多久除垢一次？' : 'How often should I descale my kettle?');
        await page.getByTestId('tool-approve-always').click();
        await expect(lastAnswerText(page)).toHaveText(zh ? /每月用柠檬酸/ : /Descale it monthly/);
        await expect(page.getByTestId('stop')).toHaveCount(0);
        await expect(page.getByTestId('answer-sources').getByRole('heading')).toHaveText(zh ? '来源（2）' : 'Sources (2)');
        await chooseTools(page, ['fetch_page']);
        await expect(page.getByTestId('chat-servers-summary')).toHaveText(zh ? '内置：读取网页' : 'Built-in: Read a web page');
        await screenshot(page, `web-tools-answer-1600-${name}`);
        await page.getByTestId('chat-servers-summary').click();
        await page.setViewportSize({ width: 420, height: 800 });
        await expect(page.locator('.app.narrow')).toHaveCount(1);
        await page.getByTestId('answer-sources').scrollIntoViewIfNeeded();
        await screenshot(page, `web-tools-answer-420-${name}`);
        // The sources fit the column: no source row wider than the list.
        const overflow = await page.getByTestId('answer-sources').evaluate((list) => {
          const box = list.getBoundingClientRect();
          return [...list.querySelectorAll('a')].map((a) => Math.max(0, Math.round(a.getBoundingClientRect().right - box.right)));
        });
        expect(overflow).toEqual([0, 0]);
        await pasteIntoComposer(page, web.pageUrl);
        await expect(page.getByTestId('composer-url-read')).toHaveText(zh ? '读取此网页' : 'Read this page');
        await screenshot(page, `web-tools-offer-420-${name}`);
      } finally {
        await h.close();
        await web.close();
      }
    });
  }
}
