// "Open in browser" through the real app core: the preview is written, only on request, to a new randomly named
// .html file in its own folder, behind the preview's no-network CSP, readable by this user only, and main opens
// that file's URL — never anything the window names. Files older than a day are removed as the next is written.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import { PREVIEW_CONTENT_SECURITY_POLICY } from '../../src/shared/preview-policy.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

const made: string[] = [];
let core: AppCore | undefined;

afterEach(async () => {
  await core?.dispose();
  core = undefined;
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(now = () => Date.now()) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-preview-data-'));
  const previews = join(mkdtempSync(join(tmpdir(), 'tiny-agent-preview-tmp-')), 'tiny-agent-previews');
  made.push(dataDir, join(previews, '..'));
  const opened: string[] = [];
  core = await createAppCore({
    dataDir,
    env: {},
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: () => {},
    openExternal: async (url) => void opened.push(url),
    writeLog: () => {},
    previewFiles: { dir: previews, now },
  });
  return { core, opened, previews };
}

it('writes nothing until asked; then one new file per request, behind the CSP, and opens exactly that file', async () => {
  const app = await start();
  expect(() => readdirSync(app.previews)).toThrow();
  const page = '<!doctype html><html><body><script>fetch("http://127.0.0.1:1/")</script></body></html>';
  expect(await app.core.router.handle('preview:openInBrowser', { kind: 'html', source: page })).toEqual({
    ok: true,
    value: { opened: true },
  });
  expect(await app.core.router.handle('preview:openInBrowser', { kind: 'svg', source: '<svg/>' })).toEqual({
    ok: true,
    value: { opened: true },
  });

  const files = readdirSync(app.previews);
  expect(files).toHaveLength(2);
  for (const name of files) expect(name).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.html$/);
  expect(app.opened.map((url) => url.startsWith('file://'))).toEqual([true, true]);
  const [first, second] = app.opened.map((url) => fileURLToPath(url));
  expect(readFileSync(first!, 'utf8')).toBe(
    `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CONTENT_SECURITY_POLICY}">${page}`,
  );
  expect(readFileSync(second!, 'utf8')).toContain('<body><svg/></body>');
  if (process.platform !== 'win32') expect(statSync(first!).mode & 0o777).toBe(0o600);
});

it('a request the schema refuses writes and opens nothing', async () => {
  const app = await start();
  const refused = await app.core.router.handle('preview:openInBrowser', { kind: 'html', source: '<p>', path: '/tmp/evil.html' });
  expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  expect(app.opened).toEqual([]);
  expect(() => readdirSync(app.previews)).toThrow();
});

it('files over a day old go as the next is written; newer ones and files not its own stay', async () => {
  const day = 24 * 60 * 60 * 1000;
  const now = Date.UTC(2026, 11, 2, 12);
  const app = await start(() => now);
  await app.core.router.handle('preview:openInBrowser', { kind: 'html', source: '<p>one</p>' });
  const [kept] = readdirSync(app.previews);
  const old = join(app.previews, '11111111-2222-4333-8444-555555555555.html');
  const foreign = join(app.previews, 'notes.txt');
  writeFileSync(old, 'old');
  writeFileSync(foreign, 'mine');
  const ago = (ms: number) => new Date(now - ms);
  utimesSync(old, ago(day + 1000), ago(day + 1000));
  utimesSync(foreign, ago(3 * day), ago(3 * day));
  utimesSync(join(app.previews, kept!), ago(day - 1000), ago(day - 1000));

  await app.core.router.handle('preview:openInBrowser', { kind: 'html', source: '<p>two</p>' });
  const names = readdirSync(app.previews);
  expect(names).toHaveLength(3);
  expect(names).toContain(kept);
  expect(names).toContain('notes.txt');
  expect(names).not.toContain('11111111-2222-4333-8444-555555555555.html');
});
