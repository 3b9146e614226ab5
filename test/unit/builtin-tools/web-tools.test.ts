// The web tools against real local servers on 127.0.0.1: fake search APIs in each engine's JSON shape, pages with
// scripts and ads, a 50 MB page, a page that never ends, redirects to private addresses and a name resolving to
// loopback — each refused with a clear error in both languages; hostile HTML comes out as inert Markdown.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { marked } from 'marked';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPage } from '../../../src/main/builtin-tools/web/extract.js';
import { guardedFetch, GuardedFetchError, isPublicAddress, type Resolver } from '../../../src/main/builtin-tools/web/net-guard.js';
import { PageReader } from '../../../src/main/builtin-tools/web/page-reader.js';
import { WebToolSettings } from '../../../src/main/builtin-tools/web/web-settings.js';
import { fetchPageDefinition, webSearchDefinition } from '../../../src/main/builtin-tools/web/web-tools.js';
import { BuiltinToolRegistry } from '../../../src/main/builtin-tools/registry.js';
import { builtinToolDefinitions } from '../../../src/main/builtin-tools/definitions.js';
import { XSS_PAYLOADS } from '../../fixtures/xss-payloads.js';
import { testSecretBox } from '../../fixtures/test-secret-box.js';
import { makePdf, makeProtectedPdf } from '../../fixtures/documents.js';

const ARTICLE = `<!doctype html><html><head><title>Otters hold hands</title><script>window.evil = 1</script></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a> <a href="/shop">Shop</a></nav>
<div class="ad banner">BUY CHEAP WATCHES NOW</div>
<article><h1>Otters hold hands while sleeping</h1>
<p>Sea otters are known to hold hands while they sleep so that they do not drift apart from each other in the water. This behaviour is called rafting and groups can include dozens of animals.</p>
<p>Researchers observed the habit along the coast of California for many years and found that young otters learn it from their mothers within the first months of their lives.</p>
<p>Read the <a href="https://example.org/study">full study</a> or <a href="javascript:alert(1)">this link</a>.</p></article>
<footer>© Ads Inc · <a href="/privacy">Privacy</a></footer><script>document.write('tracker')</script></body></html>`;

let server: http.Server;
let base = '';
let manualPdf: Uint8Array;
const seen: Array<{ path: string; auth?: string; token?: string; body?: string }> = [];

beforeAll(async () => {
  manualPdf = await makePdf(['Unpacking the kettle.', 'Filling it with water.', 'The warranty lasts two years.']);
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({
        path: url.pathname + url.search,
        auth: req.headers.authorization,
        token: req.headers['x-subscription-token'] as string | undefined,
        body,
      });
      switch (url.pathname) {
        case '/article':
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
          return;
        case '/huge': {
          res.writeHead(200, { 'content-type': 'text/html' });
          const chunk = Buffer.alloc(1024 * 1024, 'a');
          let sent = 0;
          const pump = () => {
            while (sent < 50 && res.write(chunk)) sent++;
            if (sent >= 50) res.end();
            else res.once('drain', pump);
          };
          pump();
          return;
        }
        case '/endless': {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.write('<html><body><p>still loading');
          const timer = setInterval(() => res.write('.'), 20);
          res.on('close', () => clearInterval(timer));
          return;
        }
        case '/to-loopback':
          res.writeHead(302, { location: 'http://127.0.0.1:1/secret' }).end();
          return;
        case '/to-metadata':
          res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
          return;
        case '/to-private':
          res.writeHead(307, { location: 'http://10.0.0.7/admin' }).end();
          return;
        case '/loop':
          res.writeHead(302, { location: '/loop' }).end();
          return;
        case '/manual.pdf':
          res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(manualPdf));
          return;
        case '/files/locked':
          res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(makeProtectedPdf()));
          return;
        case '/picture.png':
          res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
          return;
        case '/xss':
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(
              `<html><body><article><h1>Hostile</h1>${XSS_PAYLOADS.map((p) => `<p>${p.label}: ${p.payload}</p>`).join('\n')}</article></body></html>`,
            );
          return;
        case '/search':
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              query: url.searchParams.get('q'),
              results: [
                {
                  title: 'Otters — Wikipedia',
                  url: 'https://en.wikipedia.org/wiki/Otter',
                  content: 'Otters are carnivorous mammals.',
                  publishedDate: '2026-01-02T00:00:00',
                },
                { title: 'No scheme', url: 'ftp://bad', content: 'dropped' },
                { title: 'Sea otter facts', url: 'https://example.org/otters', content: 'They hold hands.', publishedDate: null },
              ],
            }),
          );
          return;
        case '/res/v1/web/search':
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              type: 'search',
              web: {
                results: [
                  {
                    title: 'Brave otters',
                    url: 'https://brave.example/otters',
                    description: 'Otters <strong>hold</strong> hands',
                    page_age: '2025-12-01T10:00:00',
                  },
                ],
              },
            }),
          );
          return;
        default:
          res.writeHead(404).end('nope');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** The test server is on loopback; the guard is told that 127.0.0.1 is allowed only where a test says so. */
const allowLocal = { allowedHosts: ['127.0.0.1'] };
/** Whatever in `markdown` would be live once rendered (Markdown → HTML with raw HTML passed through): elements that
 *  run or load things, event-handler attributes, and script URLs. Empty for inert Markdown. */
function liveMarkup(markdown: string): string[] {
  const { document } = parseHTML(`<html><body>${marked.parse(markdown, { async: false })}</body></html>`);
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'style', 'svg', 'math', 'form', 'base', 'meta', 'link'].includes(tag)) found.push(tag);
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) found.push(`${tag}[${attribute.name}]`);
      if (/^\s*(javascript|vbscript|data):/i.test(attribute.value)) found.push(`${tag}[${attribute.name}=${attribute.value.slice(0, 20)}]`);
    }
  }
  return found;
}
const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    return error instanceof GuardedFetchError ? `${error.code}: ${error.detail}` : String(error);
  }
};

describe('addresses', () => {
  it('only public addresses pass', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect([a, isPublicAddress(a)]).toEqual([a, true]);
  });
});

describe('guarded fetch', () => {
  it('refuses loopback without leave and reads it with the host allowed', async () => {
    expect(await codeOf(guardedFetch(`${base}/article`))).toBe(`blocked-address: 127.0.0.1 → 127.0.0.1`);
    const page = await guardedFetch(`${base}/article`, allowLocal);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('Otters hold hands');
  });

  it('checks every redirect after resolution: loopback, metadata and private targets are refused', async () => {
    expect(await codeOf(guardedFetch(`${base}/to-metadata`, allowLocal))).toBe('blocked-address: 169.254.169.254 → 169.254.169.254');
    expect(await codeOf(guardedFetch(`${base}/to-private`, allowLocal))).toBe('blocked-address: 10.0.0.7 → 10.0.0.7');
    // With only the name `localhost`-less literal allowed for the first hop, a redirect to loopback on another name is refused.
    const resolver: Resolver = async (host) => (host === 'public.test' ? [{ address: '127.0.0.1', family: 4 }] : []);
    expect(await codeOf(guardedFetch(`http://public.test:${new URL(base).port}/article`, { resolver }))).toBe(
      'blocked-address: public.test → 127.0.0.1',
    );
  });

  it('a redirect back to 127.0.0.1 from an allowed host is refused unless that host is allowed too', async () => {
    const resolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const port = new URL(base).port;
    expect(await codeOf(guardedFetch(`http://wiki.local:${port}/to-loopback`, { resolver, allowedHosts: ['wiki.local'] }))).toBe(
      'blocked-address: 127.0.0.1 → 127.0.0.1',
    );
  });

  it('connects to the checked address, not to what the name says later (no rebinding)', async () => {
    let calls = 0;
    const port = new URL(base).port;
    // First answer is the allowed test server; any second lookup would give a private address and be noticed.
    const resolver: Resolver = async () => (calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }]);
    const page = await guardedFetch(`http://rebind.test:${port}/article`, { resolver, allowedHosts: ['rebind.test'] });
    expect([page.status, calls]).toEqual([200, 1]);
  });

  it('bounds bytes, time and redirects, and only speaks http(s)', async () => {
    const before = seen.length;
    expect(await codeOf(guardedFetch(`${base}/huge`, allowLocal))).toBe(`too-large: ${5 * 1024 * 1024}`);
    expect(await codeOf(guardedFetch(`${base}/endless`, { ...allowLocal, timeoutMs: 300 }))).toBe(`timeout: ${base}/endless`);
    expect(await codeOf(guardedFetch(`${base}/loop`, allowLocal))).toBe('too-many-redirects: 5');
    expect(seen.length - before).toBe(2 + 6);
    expect(await codeOf(guardedFetch('file:///etc/passwd'))).toBe('scheme: file:');
    expect(await codeOf(guardedFetch('javascript:alert(1)'))).toBe('scheme: javascript:');
  });
});

describe('page extraction', () => {
  it('keeps the article and drops scripts, ads and navigation', () => {
    const page = extractPage(Buffer.from(ARTICLE), 'text/html; charset=utf-8', `${base}/article`);
    expect(page.kind).toBe('text');
    if (page.kind !== 'text') return;
    expect(page.title).toBe('Otters hold hands');
    expect(page.markdown).toContain('Sea otters are known to hold hands');
    expect(page.markdown).toContain('[full study](https://example.org/study)');
    for (const gone of ['BUY CHEAP', 'window.evil', 'tracker', 'Privacy', 'Shop', 'javascript:'])
      expect([gone, page.markdown.includes(gone)]).toEqual([gone, false]);
  });

  it('says a picture is not text', () => {
    expect(extractPage(Buffer.from([0x89, 0x50]), 'image/png', 'x')).toEqual({ kind: 'notText', contentType: 'image/png' });
  });

  it('turns the XSS corpus into Markdown with no live markup', () => {
    const html = `<html><body><article><h1>Hostile</h1>${XSS_PAYLOADS.map((p) => `<p>${p.label}: ${p.payload}</p>`).join('\n')}</article></body></html>`;
    const page = extractPage(Buffer.from(html), 'text/html', 'x');
    if (page.kind !== 'text') throw new Error('not text');
    // The check itself sees raw HTML in Markdown; the page's Markdown has none.
    expect(liveMarkup('<img src=x onerror=alert(1)> [a](javascript:alert(1))')).toEqual(['img[onerror]', 'a[href=javascript:alert(1)]']);
    expect(liveMarkup(page.markdown)).toEqual([]);
  });
});

describe('tools', () => {
  let dir = '';
  let reader: PageReader;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-tools-'));
    reader = new PageReader();
  });
  afterAll(async () => {
    await reader.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  const run = (tool: { execute: (...a: never[]) => Promise<unknown> }, args: unknown) =>
    (
      tool.execute as unknown as (
        id: string,
        a: unknown,
        s: AbortSignal,
        u: () => void,
      ) => Promise<{ content: Array<{ text: string }>; details: unknown }>
    )('c1', args, new AbortController().signal, () => {});

  it('web_search with SearXNG: numbered results to the model, sources in details', async () => {
    const settings = new WebToolSettings(path.join(dir, 'a.json'), testSecretBox);
    const definition = webSearchDefinition({ settings, reader });
    expect([definition.ready(), definition.notReadyReason?.('zh-CN')]).toEqual([
      false,
      '尚未设置网页搜索：请在“设置 → 内置工具”中选择搜索引擎。',
    ]);
    await settings.update({ engine: 'searxng', url: base });
    const result = await run(definition.create({ sessionId: 's', language: 'en' }), { query: 'otters', count: 5 });
    expect(result.content[0]!.text).toBe(
      '[1] Otters — Wikipedia\nURL: https://en.wikipedia.org/wiki/Otter\nDate: 2026-01-02T00:00:00\nOtters are carnivorous mammals.\n\n[2] Sea otter facts\nURL: https://example.org/otters\nThey hold hands.',
    );
    expect((result.details as { sources: unknown[] }).sources).toHaveLength(2);
    expect(seen.at(-1)!.path).toBe('/search?q=otters&format=json');
  });

  it('Brave and Tavily send their key only to the origin it was sealed for', async () => {
    const settings = new WebToolSettings(path.join(dir, 'b.json'), testSecretBox);
    await settings.update({ engine: 'brave', url: base, apiKey: 'brave-secret' });
    const stored = await fs.readFile(path.join(dir, 'b.json'), 'utf8');
    expect(stored).not.toContain('brave-secret');
    const again = new WebToolSettings(path.join(dir, 'b.json'), testSecretBox);
    await again.load();
    const result = await run(webSearchDefinition({ settings: again, reader }).create({ sessionId: 's', language: 'en' }), {
      query: 'otters',
    });
    expect(result.content[0]!.text).toBe(
      '[1] Brave otters\nURL: https://brave.example/otters\nDate: 2025-12-01T10:00:00\nOtters hold hands',
    );
    expect(seen.at(-1)).toMatchObject({ path: '/res/v1/web/search?q=otters&count=5', token: 'brave-secret' });
    // Moving the URL to another origin leaves the key behind: the tool asks for a key instead of sending it there.
    await again.update({ engine: 'tavily', url: base.replace('127.0.0.1', 'localhost') });
    expect(again.notReadyReason()).toBe('no-key');
    const definition = webSearchDefinition({ settings: again, reader });
    expect(definition.notReadyReason?.('en')).toBe('Web search with Tavily needs an API key (Settings → Built-in tools).');
  });

  it('fetch_page reads an article, and every refusal is a clear tool error in both languages', async () => {
    const settings = new WebToolSettings(path.join(dir, 'c.json'), testSecretBox);
    const en = fetchPageDefinition({ settings, reader }).create({ sessionId: 's', language: 'en' });
    const zh = fetchPageDefinition({ settings, reader }).create({ sessionId: 's', language: 'zh-CN' });
    const error = async (tool: typeof en, url: string) =>
      run(tool, { url }).then(
        () => 'ran',
        (e: Error) => e.message,
      );
    expect(await error(en, `${base}/article`)).toBe(
      'Refused: the page is on a local, private or link-local address (127.0.0.1 → 127.0.0.1). Allow this host in Settings → Built-in tools to read it.',
    );
    expect(await error(zh, `${base}/article`)).toBe(
      '已拒绝：该网页位于本机、私有或链路本地地址（127.0.0.1 → 127.0.0.1）。如需读取，请在“设置 → 内置工具”中允许此主机。',
    );
    await settings.update({ engine: 'none', url: '', allowedHosts: ['127.0.0.1'] });
    const page = await run(en, { url: `${base}/article` });
    expect(page.content[0]!.text).toMatch(/^# Otters hold hands\nURL: http:\/\/127\.0\.0\.1:\d+\/article\n\n/);
    expect(page.content[0]!.text).not.toContain('BUY CHEAP');
    expect(await error(en, `${base}/huge`)).toBe('Refused: the page is larger than 5 MB.');
    expect(await error(zh, `${base}/huge`)).toBe('已拒绝：网页大于 5 MB。');
    expect(await error(en, `${base}/to-metadata`)).toContain('(169.254.169.254 → 169.254.169.254)');
    expect(await error(zh, `${base}/to-private`)).toContain('（10.0.0.7 → 10.0.0.7）');
    expect(await error(en, `${base}/picture.png`)).toBe('This page is not text (image/png); it was not read.');
    expect(await error(zh, `${base}/picture.png`)).toBe('此网页不是文本（image/png），未读取。');
    const xss = await run(en, { url: `${base}/xss` });
    expect(liveMarkup(xss.content[0]!.text)).toEqual([]);
  });

  it('fetch_page reads a PDF page by page through the document reader; a protected one is refused by name', async () => {
    const settings = new WebToolSettings(path.join(dir, 'd.json'), testSecretBox);
    await settings.update({ engine: 'none', url: '', allowedHosts: ['127.0.0.1'] });
    const en = fetchPageDefinition({ settings, reader }).create({ sessionId: 's', language: 'en' });
    const zh = fetchPageDefinition({ settings, reader }).create({ sessionId: 's', language: 'zh-CN' });
    const page = await run(en, { url: `${base}/manual.pdf` });
    expect(page.content[0]!.text).toMatch(
      /^# manual\.pdf\nURL: http:\/\/127\.0\.0\.1:\d+\/manual\.pdf\n\n## Page 1\n\nUnpacking the kettle\.\n\n## Page 2\n\nFilling it with water\.\n\n## Page 3\n\nThe warranty lasts two years\.$/,
    );
    await expect(run(en, { url: `${base}/files/locked` })).rejects.toThrow('locked: protected: not read (it needs a password).');
    await expect(run(zh, { url: `${base}/files/locked` })).rejects.toThrow('locked：受密码保护：未读取。');
  });
});

describe('registry', () => {
  it('lists every definition, asks once per chat and remembers the answer', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-reg-'));
    const settings = new WebToolSettings(path.join(dir, 'w.json'), testSecretBox);
    const reader = new PageReader();
    const remembered = new Map<string, string[]>();
    const registry = new BuiltinToolRegistry(
      builtinToolDefinitions({ web: { settings, reader } }),
      { allowed: (s) => remembered.get(s) ?? [], allow: async (s, t) => void remembered.set(s, [...(remembered.get(s) ?? []), t]) },
      { policy: () => 'ask' },
    );
    expect(registry.list('en')).toEqual([
      { id: 'web_search', ready: false, reason: 'Web search is not set up: choose an engine in Settings → Built-in tools.', policy: 'ask' },
      { id: 'fetch_page', ready: true, policy: 'ask' },
      { id: 'run_python', ready: true, policy: 'ask' },
      { id: 'search_knowledge', ready: false, reason: 'Add a knowledge base first (Settings → Knowledge bases).', policy: 'ask' },
    ]);
    await settings.update({ engine: 'searxng', url: base });
    const asked: string[] = [];
    const statuses: string[] = [];
    const hooks = {
      requestApproval: async (r: { tool: string }) => (asked.push(r.tool), 'always' as const),
      onStatus: (s: { status: string }) => void statuses.push(s.status),
    };
    const [search] = registry.tools(['web_search'], { sessionId: 'chat-1', language: 'en' }, hooks);
    await search!.execute('1', { query: 'otters' }, new AbortController().signal, () => {});
    await search!.execute('2', { query: 'otters' }, new AbortController().signal, () => {});
    const [other] = registry.tools(['web_search'], { sessionId: 'chat-2', language: 'en' }, hooks);
    await other!.execute('3', { query: 'otters' }, new AbortController().signal, () => {});
    expect(asked).toEqual(['web_search', 'web_search']);
    expect(statuses).toEqual(['approval', 'running', 'done', 'running', 'done', 'approval', 'running', 'done']);
    expect(remembered.get('chat-1')).toEqual(['web_search']);
    await reader.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
});
