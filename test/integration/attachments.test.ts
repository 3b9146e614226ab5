// Attachments through the real app core, the real store on a temp data folder and the fake OpenAI server: what is
// stored, what the model receives, what survives a restart and what is collected when sessions go.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import type { AddAttachmentResult, AttachmentBytes, AttachmentPart } from '../../src/shared/attachments.js';
import type { SessionEvent, SessionEventEnvelope } from '../../src/shared/events.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { EXE_BYTES, makePng, TINY_GIF } from '../fixtures/images.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Running {
  core: AppCore;
  events: SessionEventEnvelope[];
  call<T>(channel: string, payload?: unknown): Promise<T>;
  /** Resolves with the events of the next run of `sessionId` once it ended. */
  runEnd(sessionId: string): Promise<SessionEvent[]>;
}

let server: FakeOpenAIServer;
let dataDir: string;
const opened: AppCore[] = [];

async function start(): Promise<Running> {
  const events: SessionEventEnvelope[] = [];
  const waiters: Array<() => void> = [];
  const core = await createAppCore({
    dataDir,
    // Every model request here is scripted: no model-written title after a first answer.
    env: { TINY_AGENT_AUTO_TITLE: '0', OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-attach-test-000000', OPENAI_MODEL: 'vision-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => {
      events.push(envelope);
      for (const wake of waiters.splice(0)) wake();
    },
    openExternal: async () => {},
    writeLog: () => {},
  });
  opened.push(core);
  const call = async <T>(channel: string, payload?: unknown): Promise<T> => {
    const result = await core.router.handle(channel, payload);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result.value as T;
  };
  const runEnd = (sessionId: string) =>
    new Promise<SessionEvent[]>((resolve) => {
      const from = events.length;
      const check = () => {
        const mine = events.slice(from).filter((e) => e.sessionId === sessionId);
        if (mine.some((e) => e.event.type === 'run_end')) resolve(mine.map((e) => e.event));
        else waiters.push(check);
      };
      check();
    });
  return { core, events, call, runEnd };
}

async function stop(app: Running): Promise<void> {
  await app.core.dispose();
  opened.splice(opened.indexOf(app.core), 1);
}

const stored = () =>
  readdirSync(join(dataDir, 'attachments'))
    .filter((name) => name !== 'refs.json')
    .sort();

async function attach(app: Running, name: string, bytes: Uint8Array, scaled?: Uint8Array): Promise<AttachmentPart> {
  const result = await app.call<AddAttachmentResult>('attachments:add', { name, bytes, ...(scaled && { scaled }) });
  if (!('attachment' in result)) throw new Error(`refused: ${JSON.stringify(result.refused)}`);
  return result.attachment;
}

async function sendAndWait(app: Running, sessionId: string, text: string, attachments: AttachmentPart[]): Promise<SessionEvent[]> {
  const ended = app.runEnd(sessionId);
  await app.call('chat:send', { sessionId, text, attachments: attachments.map((a) => a.sha256) });
  return ended;
}

async function newSession(app: Running): Promise<string> {
  return (await app.call<SessionDetail>('sessions:create', {})).id;
}

afterEach(async () => {
  for (const core of opened.splice(0)) await core.dispose();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function fresh(): Promise<Running> {
  server = await startFakeOpenAI();
  server.setDefaultReply({ text: 'I see it.' });
  dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-attach-'));
  return start();
}

describe('images to the model', () => {
  it('a PNG within the limits goes as one image_url part with the same bytes; the session file holds only the reference', async () => {
    const app = await fresh();
    const png = makePng(64, 48);
    const sessionId = await newSession(app);
    const part = await attach(app, 'chart.png', png);
    expect(part).toEqual({
      type: 'attachment',
      kind: 'image',
      sha256: sha256(png),
      mimeType: 'image/png',
      name: 'chart.png',
      size: png.length,
      width: 64,
      height: 48,
    });

    const events = await sendAndWait(app, sessionId, 'What is this?', [part]);
    expect(events.map((e) => e.type)).toContain('saved');
    const user = server.chatRequests[0]!.body.messages.at(-1);
    expect(user.role).toBe('user');
    expect(user.content).toEqual([
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
      { type: 'text', text: 'What is this?' },
    ]);

    expect(stored()).toEqual([`${sha256(png)}.png`]);
    const file = readFileSync(join(dataDir, 'sessions', `${sessionId}.jsonl`), 'utf8');
    expect(file).toContain(`"sha256":"${sha256(png)}"`);
    expect(file).not.toContain(png.toString('base64').slice(0, 40));
  });

  it('a larger image sends its scaled copy (longest side 2,048) and keeps the original', async () => {
    const app = await fresh();
    const original = makePng(4096, 1024);
    const scaled = makePng(2048, 512, [10, 20, 30]);
    const part = await attach(app, 'wide.png', original, scaled);
    expect(part.scaled).toEqual({ sha256: sha256(scaled), mimeType: 'image/png', size: scaled.length, width: 2048, height: 512 });
    const sessionId = await newSession(app);
    await sendAndWait(app, sessionId, '', [part]);

    const content = server.chatRequests[0]!.body.messages.at(-1).content;
    expect(content).toEqual([{ type: 'image_url', image_url: { url: `data:image/png;base64,${scaled.toString('base64')}` } }]);
    expect(stored()).toEqual([`${sha256(original)}.png`, `${sha256(scaled)}.png`].sort());
    const back = await app.call<AttachmentBytes>('attachments:read', { sha256: part.sha256 });
    expect(Buffer.from(back.bytes).equals(original)).toBe(true);
  });

  it('refuses a large image without a scaled copy, or with a copy of another shape or size', async () => {
    const app = await fresh();
    const original = makePng(4096, 1024);
    for (const scaled of [undefined, makePng(2048, 2048), makePng(1024, 256), makePng(4096, 1024)]) {
      const result = await app.call<AddAttachmentResult>('attachments:add', {
        name: 'wide.png',
        bytes: original,
        ...(scaled && { scaled }),
      });
      expect(result).toEqual({ refused: { reason: 'unreadable_image', name: 'wide.png' } });
    }
    expect(stored()).toEqual([]);
  });

  it('a model that rejects images: its error is shown and the message with its attachments is handed back', async () => {
    const app = await fresh();
    server.enqueue({ status: 400, errorMessage: 'This model does not support image input.' });
    const sessionId = await newSession(app);
    const part = await attach(app, 'cat.gif', TINY_GIF);
    const events = await sendAndWait(app, sessionId, 'Describe', [part]);
    const error = events.find((e) => e.type === 'error');
    expect(error).toMatchObject({ type: 'error', unsentText: 'Describe', unsentAttachments: [part] });
    expect((error as { message: string }).message).toContain('This model does not support image input.');
    // The new chat held only that send: it is gone, and its file stays for the message handed back.
    expect(events.at(-1)).toMatchObject({ type: 'run_end', discarded: true });
    expect(stored()).toEqual([`${sha256(TINY_GIF)}.gif`]);
    // Sent again as they came back (in a new chat, as the composer does), they work.
    await sendAndWait(app, await newSession(app), 'Describe', [part]);
    expect(server.chatRequests[1]!.body.messages.at(-1).content[0]).toEqual({
      type: 'image_url',
      image_url: { url: `data:image/gif;base64,${TINY_GIF.toString('base64')}` },
    });
  });
});

describe('text files', () => {
  it('arrive as a fenced block named after the file, before the question', async () => {
    const app = await fresh();
    const source = 'const fence = "```";\nexport default fence;\n';
    const part = await attach(app, 'fence.ts', Buffer.from(source));
    expect(part).toMatchObject({ kind: 'text', mimeType: 'text/plain', name: 'fence.ts' });
    const sessionId = await newSession(app);
    await sendAndWait(app, sessionId, 'Explain this file', [part]);
    expect(server.chatRequests[0]!.body.messages.at(-1).content).toBe(
      'fence.ts\n````ts\nconst fence = "```";\nexport default fence;\n````\n\nExplain this file',
    );
  });
});

describe('refusals name the type', () => {
  it('an .exe, a PDF, a binary named .txt, an unknown extension, a text file over 256 KB and an empty file', async () => {
    const app = await fresh();
    const add = (name: string, bytes: Uint8Array) => app.call<AddAttachmentResult>('attachments:add', { name, bytes });
    expect(await add('setup.exe', EXE_BYTES)).toEqual({
      refused: { reason: 'unsupported', name: 'setup.exe', label: 'windows-program', extension: 'exe' },
    });
    // A PDF is read as a document now; this one has no body, so it is damaged.
    expect(await add('paper.pdf', Buffer.from('%PDF-1.7\n%\xff\xfe'))).toEqual({
      refused: { reason: 'document', name: 'paper.pdf', code: 'damaged' },
    });
    expect(await add('notes.txt', Buffer.from([0x00, 0x01, 0xfe, 0xff]))).toEqual({
      refused: { reason: 'unsupported', name: 'notes.txt', extension: 'txt' },
    });
    expect(await add('data.bin', Buffer.from('plain text'))).toEqual({
      refused: { reason: 'unsupported', name: 'data.bin', extension: 'bin' },
    });
    const long = Buffer.from('word '.repeat(60_000));
    expect(await add('long.md', long)).toEqual({ refused: { reason: 'too_large', name: 'long.md', size: 300_000, limit: 256 * 1024 } });
    expect(await add('empty.md', new Uint8Array())).toEqual({ refused: { reason: 'empty', name: 'empty.md' } });
    expect(stored()).toEqual([]);
  });

  it('a 30 MB file never reaches the store: the request itself is invalid', async () => {
    const app = await fresh();
    const result = await app.core.router.handle('attachments:add', { name: 'huge.png', bytes: new Uint8Array(30 * 1024 * 1024) });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(stored()).toEqual([]);
  });

  it('send refuses hashes this process never accepted, and names are reduced to their last segment', async () => {
    const app = await fresh();
    const sessionId = await newSession(app);
    const result = await app.core.router.handle('chat:send', { sessionId, text: 'x', attachments: ['a'.repeat(64)] });
    expect(result).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'The attachment is no longer in the data folder. Please attach it again.' },
    });
    expect((await attach(app, '../../etc/passwd.md', Buffer.from('# hi'))).name).toBe('passwd.md');
  });
});

describe('stored once, kept while referenced', () => {
  it('restart shows the reference and reads the bytes; deleting the last session that references a file removes it', async () => {
    let app = await fresh();
    const png = makePng(32, 32);
    const a = await newSession(app);
    const b = await newSession(app);
    const part = await attach(app, 'shared.png', png);
    await sendAndWait(app, a, 'one', [part]);
    await sendAndWait(app, b, 'two', [await attach(app, 'same-bytes.png', png)]);
    expect(stored()).toEqual([`${sha256(png)}.png`]);

    await stop(app);
    app = await start();
    const detail = await app.call<SessionDetail>('sessions:get', { sessionId: a });
    expect(detail.messages[1]).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'one' }, part] });
    const bytes = await app.call<AttachmentBytes>('attachments:read', { sha256: part.sha256 });
    expect(bytes.mimeType).toBe('image/png');
    expect(Buffer.from(bytes.bytes).equals(png)).toBe(true);

    await app.call('sessions:delete', { sessionId: a });
    await app.core.dispose();
    expect(stored()).toEqual([`${sha256(png)}.png`]);
    app = await start();
    await app.call('sessions:delete', { sessionId: b });
    await app.core.dispose();
    expect(stored()).toEqual([]);
  });

  it('at start, files nothing references (added, never sent) and refs of missing sessions are swept; a lost refs.json is rebuilt from the sessions', async () => {
    let app = await fresh();
    const kept = makePng(16, 16);
    const sessionId = await newSession(app);
    await sendAndWait(app, sessionId, 'keep', [await attach(app, 'kept.png', kept)]);
    await attach(app, 'never-sent.png', makePng(8, 8));
    expect(stored()).toHaveLength(2);

    await stop(app);
    rmSync(join(dataDir, 'attachments', 'refs.json'));
    app = await start();
    expect(stored()).toEqual([`${sha256(kept)}.png`]);
    const refs = JSON.parse(readFileSync(join(dataDir, 'attachments', 'refs.json'), 'utf8'));
    expect(refs).toEqual({ version: 1, sessions: { [sessionId]: [sha256(kept)] } });
  });

  it('a failed first send hands its picture back: kept while this process runs, swept at the next start if never sent', async () => {
    let app = await fresh();
    server.enqueue({ status: 500 });
    const png = makePng(12, 12);
    const part = await attach(app, 'draft.png', png);
    const events = await sendAndWait(app, await newSession(app), 'fails', [part]);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', discarded: true });
    expect(JSON.parse(readFileSync(join(dataDir, 'attachments', 'refs.json'), 'utf8'))).toEqual({ version: 1, sessions: {} });
    expect(stored()).toEqual([`${sha256(png)}.png`]);

    await stop(app);
    app = await start();
    expect(stored()).toEqual([]);
  });

  it('a crash after the reference is written but before the run commits keeps the file (over-count, never loss)', async () => {
    const app = await fresh();
    const sessionId = await newSession(app);
    await sendAndWait(app, sessionId, 'hello', []);
    server.enqueue({ status: 500 });
    const png = makePng(20, 20);
    await sendAndWait(app, sessionId, 'fails', [await attach(app, 'a.png', png)]);
    await stop(app);
    await start();
    expect(existsSync(join(dataDir, 'attachments', `${sha256(png)}.png`))).toBe(true);
  });
});
