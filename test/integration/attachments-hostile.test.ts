// Attachments against hostile and unlucky input, through the real app core on a temp data folder and the fake OpenAI
// server: files whose bytes are not what their names say, a scripted SVG, a PNG that decodes to 30,000 × 30,000,
// names with paths and control characters, one file shared by two chats when one goes, and SIGKILLs of a real child
// process between writing a picture and committing its run.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import type { AddAttachmentResult, AttachmentPart } from '../../src/shared/attachments.js';
import type { SessionEvent, SessionEventEnvelope } from '../../src/shared/events.js';
import { messageText } from '../../src/shared/messages.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import { loopPicture } from '../fixtures/attachment-crash-child.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { bombPng, EXE_BYTES, makePng, SCRIPTED_HTML, SCRIPTED_SVG } from '../fixtures/images.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** SIGKILLs of the loop test (each start of the child costs a few seconds). */
const KILLS = 5;
const child = fileURLToPath(new URL('../fixtures/attachment-crash-child.ts', import.meta.url));

let server: FakeOpenAIServer;
let dataDir: string;
const opened: AppCore[] = [];
let events: SessionEventEnvelope[] = [];

afterEach(async () => {
  for (const core of opened.splice(0)) await core.dispose();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<AppCore> {
  const core = await createAppCore({
    dataDir,
    env: { TINY_AGENT_AUTO_TITLE: '0', OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-hostile-000000', OPENAI_MODEL: 'vision-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => events.push(envelope),
    openExternal: async () => {},
    writeLog: () => {},
  });
  opened.push(core);
  return core;
}

async function stop(core: AppCore): Promise<void> {
  opened.splice(opened.indexOf(core), 1);
  await core.dispose();
}

async function fresh(): Promise<AppCore> {
  server = await startFakeOpenAI();
  server.setDefaultReply({ text: 'Seen.' });
  dataDir = mkdtempSync(join(tmpdir(), 'tiny-attach-hostile-'));
  events = [];
  return start();
}

async function call<T>(core: AppCore, channel: string, request?: unknown): Promise<T> {
  const result = await core.router.handle(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

const add = (core: AppCore, name: string, bytes: Uint8Array, scaled?: Uint8Array) =>
  call<AddAttachmentResult>(core, 'attachments:add', { name, bytes, ...(scaled && { scaled }) });

async function attach(core: AppCore, name: string, bytes: Uint8Array): Promise<AttachmentPart> {
  const result = await add(core, name, bytes);
  if (!('attachment' in result)) throw new Error(`refused: ${JSON.stringify(result.refused)}`);
  return result.attachment;
}

async function sendAndWait(core: AppCore, sessionId: string, text: string, parts: AttachmentPart[]): Promise<SessionEvent[]> {
  const from = events.length;
  await call(core, 'chat:send', { sessionId, text, attachments: parts.map((p) => p.sha256) });
  await expect.poll(() => events.slice(from).some((e) => e.sessionId === sessionId && e.event.type === 'run_end')).toBe(true);
  return events
    .slice(from)
    .filter((e) => e.sessionId === sessionId)
    .map((e) => e.event);
}

const stored = () =>
  existsSync(join(dataDir, 'attachments'))
    ? readdirSync(join(dataDir, 'attachments'))
        .filter((name) => name !== 'refs.json')
        .sort()
    : [];
const refsFile = () => JSON.parse(readFileSync(join(dataDir, 'attachments', 'refs.json'), 'utf8'));

describe('a file whose bytes do not match its name', () => {
  it('an executable or a web page named .png, and a scripted SVG under any name, are refused as what their bytes are', async () => {
    const core = await fresh();
    expect(await add(core, 'holiday.png', EXE_BYTES)).toEqual({
      refused: { reason: 'not_an_image', name: 'holiday.png', extension: 'png', label: 'windows-program' },
    });
    expect(await add(core, 'page.jpg', SCRIPTED_HTML)).toEqual({
      refused: { reason: 'not_an_image', name: 'page.jpg', extension: 'jpg', label: 'text' },
    });
    expect(await add(core, 'logo.png', SCRIPTED_SVG)).toEqual({
      refused: { reason: 'not_an_image', name: 'logo.png', extension: 'png', label: 'text' },
    });
    expect(await add(core, 'logo.svg', SCRIPTED_SVG)).toEqual({ refused: { reason: 'unsupported', name: 'logo.svg', extension: 'svg' } });
    expect(stored()).toEqual([]);
  });

  it('a web page or an SVG named as text is only ever text: the model gets it in a fence, the window a file chip', async () => {
    const core = await fresh();
    const page = await attach(core, 'page.html', SCRIPTED_HTML);
    const svg = await attach(core, 'logo.xml', SCRIPTED_SVG);
    expect([page, svg].map((p) => [p.kind, p.mimeType])).toEqual([
      ['text', 'text/plain'],
      ['text', 'text/plain'],
    ]);
    const chat = await call<SessionDetail>(core, 'sessions:create', {});
    await sendAndWait(core, chat.id, 'What do these do?', [page, svg]);
    expect(server.chatRequests[0]!.body.messages.at(-1).content).toBe(
      `page.html\n\`\`\`html\n${SCRIPTED_HTML.toString()}\n\`\`\`\n\nlogo.xml\n\`\`\`xml\n${SCRIPTED_SVG.toString()}\n\`\`\`\n\nWhat do these do?`,
    );
    const read = await call<{ mimeType: string }>(core, 'attachments:read', { sha256: svg.sha256 });
    expect(read.mimeType).toBe('text/plain');
  });
});

describe('a PNG that decodes to 30,000 × 30,000', () => {
  it('is refused from its header, with or without a scaled copy; nothing is stored and nothing is decoded', async () => {
    const core = await fresh();
    const bomb = bombPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200_000);
    const refusal = { refused: { reason: 'too_many_pixels', name: 'bomb.png', width: 30_000, height: 30_000, limit: 100_000_000 } };
    expect(await add(core, 'bomb.png', bomb)).toEqual(refusal);
    expect(await add(core, 'bomb.png', bomb, makePng(2048, 2048))).toEqual(refusal);
    // Within the limit a large picture is still taken with its scaled copy.
    const wide = await add(core, 'wide.png', bombPng(12_000, 8_000), makePng(2048, 1365));
    expect(wide).toMatchObject({ attachment: { width: 12_000, height: 8_000, scaled: { width: 2048, height: 1365 } } });
    expect(stored()).toHaveLength(2);
  });
});

describe('file names', () => {
  it('keep only their last segment, lose control and direction characters, and never break the fence the model reads', async () => {
    const core = await fresh();
    const text = Buffer.from('hello\n');
    const names = await Promise.all(
      [
        '../../../etc/passwd.md',
        '..\\..\\Windows\\win.ini.txt',
        'a\u0000b\u0007c.txt',
        'report\u202Etxt.md',
        'two\nlines\r\n```\nx.md',
      ].map(async (name) => (await attach(core, name, text)).name),
    );
    expect(names).toEqual(['passwd.md', 'win.ini.txt', 'abc.txt', 'reporttxt.md', 'two lines ``` x.md']);
    const result = await core.router.handle('attachments:add', { name: '\u0000\u0001 ', bytes: text });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const chat = await call<SessionDetail>(core, 'sessions:create', {});
    const part = await attach(core, 'two\nlines\r\n```\nx.md', text);
    await sendAndWait(core, chat.id, 'Read it', [part]);
    expect(server.chatRequests[0]!.body.messages.at(-1).content).toBe('two lines ``` x.md\n````md\nhello\n````\n\nRead it');
  });
});

describe('one file attached by two chats', () => {
  it('stays, and still reaches the model from the other chat, when one chat is deleted; goes with the last one', async () => {
    let core = await fresh();
    const png = makePng(24, 24);
    const a = (await call<SessionDetail>(core, 'sessions:create', {})).id;
    const b = (await call<SessionDetail>(core, 'sessions:create', {})).id;
    await sendAndWait(core, a, 'first', [await attach(core, 'one.png', png)]);
    await sendAndWait(core, b, 'second', [await attach(core, 'two.png', png)]);
    expect(refsFile().sessions).toEqual({ [a]: [sha256(png)], [b]: [sha256(png)] });

    await call(core, 'sessions:delete', { sessionId: a });
    await core.dispose();
    expect(stored()).toEqual([`${sha256(png)}.png`]);
    expect(refsFile().sessions).toEqual({ [b]: [sha256(png)] });
    opened.splice(0);
    core = await start();
    await call(core, 'chat:regenerate', { sessionId: b });
    await expect.poll(() => server.chatRequests.length).toBe(3);
    const image = server.chatRequests[2]!.body.messages.at(-1).content[0];
    expect(image).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } });

    await expect.poll(() => events.filter((e) => e.sessionId === b && e.event.type === 'run_end').length).toBe(2);
    await call(core, 'sessions:delete', { sessionId: b });
    await stop(core);
    expect(stored()).toEqual([]);
  });
});

/** Starts the crash child (its pictures numbered from `first`); resolves with it once `until` matches its output so far. */
async function runChild(mode: 'hold' | 'loop', until: (out: string) => boolean, first = 1) {
  const args = ['--import', 'tsx', child, dataDir, server.url, mode, String(first)];
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (until(out)) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`crash child exited early (${code}): ${out}`)));
  });
  return {
    output: () => out,
    async kill() {
      proc.kill('SIGKILL');
      await exited;
    },
  };
}

describe('a crash (SIGKILL) between writing a picture and committing its run', () => {
  it('keeps the picture for its chat, commits nothing half, and the file goes when the chat is deleted', async () => {
    server = await startFakeOpenAI();
    dataDir = mkdtempSync(join(tmpdir(), 'tiny-attach-crash-'));
    events = [];
    // The answer never comes: the run is in flight, its reference on disk, when the process dies.
    server.setDefaultReply({ text: 'never', gate: new Promise(() => {}) });
    const proc = await runChild('hold', (out) => /^sent /m.test(out));
    await server.waitForRequests(1);
    await proc.kill();
    const [, sessionId, hash] = /^sent (\S+) (\S+)$/m.exec(proc.output())!;

    const png = makePng(40, 30);
    expect(hash).toBe(sha256(png));
    expect(readdirSync(join(dataDir, 'attachments')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    server.setDefaultReply({ text: 'Seen.' });
    const core = await start();
    expect(stored()).toEqual([`${hash}.png`]);
    expect(readFileSync(join(dataDir, 'attachments', `${hash}.png`)).equals(png)).toBe(true);
    expect(refsFile().sessions).toEqual({ [sessionId!]: [hash] });
    // Nothing of the run was committed: the chat shows no half turn.
    const detail = await call<SessionDetail>(core, 'sessions:get', { sessionId });
    expect(detail.messages.map((m) => m.role)).toEqual(['system']);

    await call(core, 'sessions:delete', { sessionId });
    await stop(core);
    expect(stored()).toEqual([]);
  });

  it('kills at random moments while pictures are written and sent: every saved run shows its picture, whole; no temp or stray file', async () => {
    server = await startFakeOpenAI();
    server.setDefaultReply({ text: 'Seen.' });
    dataDir = mkdtempSync(join(tmpdir(), 'tiny-attach-crash-'));
    const saved = new Map<string, { n: number; hash: string }>();
    let temps = 0;
    let unsaved = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      // After one to three saved runs; the kill points spread over the next run's adding (megabytes written), send
      // and commit.
      const proc = await runChild('loop', (out) => (out.match(/^saved /gm)?.length ?? 0) >= 1 + (kill % 3), kill * 100);
      await new Promise((resolve) => setTimeout(resolve, (kill * 17) % 60));
      await proc.kill();
      for (const [, n, sessionId, hash] of proc.output().matchAll(/^saved (\d+) (\S+) (\S+)$/gm))
        saved.set(sessionId!, { n: Number(n), hash: hash! });
      // What this kill left for the next start to clean: a cut write (temp file), a picture added but not saved.
      const left = readdirSync(join(dataDir, 'attachments'));
      const savedHashes = new Set([...saved.values()].map((run) => run.hash));
      temps += left.filter((name) => name.endsWith('.tmp')).length;
      unsaved += left.filter((name) => name.endsWith('.png') && !savedHashes.has(name.split('.')[0]!)).length;
    }
    expect(saved.size).toBeGreaterThan(0);
    console.log(
      `attachment crashes: ${KILLS} kills, ${saved.size} runs saved; left behind: ${temps} temp files, ${unsaved} unsaved pictures`,
    );

    events = [];
    const core = await start();
    await core.dispose();
    opened.splice(0);
    const files = readdirSync(join(dataDir, 'attachments'));
    expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // Every stored file is whole (named by the hash of its bytes), and referenced by a chat that exists.
    const refs = refsFile().sessions as Record<string, string[]>;
    const referenced = new Set(Object.values(refs).flat());
    for (const name of files.filter((f) => f !== 'refs.json')) {
      const hash = name.split('.')[0]!;
      expect(sha256(readFileSync(join(dataDir, 'attachments', name)))).toBe(hash);
      expect(referenced.has(hash), `${name} is kept but no chat refers to it`).toBe(true);
    }
    const again = await start();
    for (const [sessionId, { n, hash }] of saved) {
      const detail = await call<SessionDetail>(again, 'sessions:get', { sessionId });
      const question = detail.messages[1]!;
      expect(messageText(question)).toBe(`picture ${n}`);
      expect(
        question.role === 'user' &&
          typeof question.content !== 'string' &&
          question.content.some((p) => p.type === 'attachment' && p.sha256 === hash),
      ).toBe(true);
      expect(sha256(readFileSync(join(dataDir, 'attachments', `${hash}.png`)))).toBe(hash);
      expect(hash).toBe(sha256(loopPicture(n)));
    }
  }, 180_000);
});
