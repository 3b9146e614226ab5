// Documents attached to a message through the real app core, the real store on a temp data folder, the document
// worker and the fake OpenAI server: what the chip gets, what the request carries, and what is refused.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import type { AddAttachmentResult, AttachmentPart } from '../../src/shared/attachments.js';
import type { SessionEvent, SessionEventEnvelope } from '../../src/shared/events.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
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

async function start(more: Record<string, string> = {}): Promise<Running> {
  const events: SessionEventEnvelope[] = [];
  const waiters: Array<() => void> = [];
  const core = await createAppCore({
    dataDir,
    // Every model request here is scripted: no model-written title after a first answer.
    env: {
      TINY_AGENT_AUTO_TITLE: '0',
      OPENAI_BASE_URL: server.url,
      OPENAI_API_KEY: 'sk-attach-test-000000',
      OPENAI_MODEL: 'vision-model',
      ...more,
    },
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

async function fresh(more: Record<string, string> = {}): Promise<Running> {
  server = await startFakeOpenAI();
  server.setDefaultReply({ text: 'I see it.' });
  dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-docs-'));
  return start(more);
}
import { gbkText, makePdf, makeProtectedPdf, makeZipBombDocx } from '../fixtures/documents.js';

const filler = (page: number) =>
  Array.from({ length: 40 }, (_, i) => `Line ${i} of page ${page}: routine operating notes, nothing to see here at all.`).join('\n');

function userText(request: { body: { messages: Array<{ role: string; content: unknown }> } }): string {
  const user = request.body.messages.at(-1)!;
  const content = user.content as string | Array<{ type: string; text?: string }>;
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
}

describe('reading progress of a document being added', () => {
  it('a 120-page PDF named by a reading id reports its pages in order, all before the add answers; one without an id reports none', async () => {
    const app = await fresh();
    const pdf = await makePdf(Array.from({ length: 120 }, (_, i) => `Page ${i + 1} of the long report`));
    const readingId = 'b3c1e2a4-0d6f-4e8a-9b7c-5a4d3c2b1e0f';
    const result = await app.call<AddAttachmentResult>('attachments:add', { name: 'report.pdf', bytes: pdf, readingId });
    const progress = app.events.filter((e) => e.event.type === 'document_progress');
    expect(result).toMatchObject({ attachment: { kind: 'document', document: { pages: 120 } } });
    expect(progress.map(({ sessionId, runId, seq }) => ({ sessionId, runId, seq }))).toEqual(
      Array.from({ length: 12 }, () => ({ sessionId: '', runId: '', seq: 0 })),
    );
    expect(progress.map((e) => e.event)).toEqual(
      Array.from({ length: 12 }, (_, i) => ({ type: 'document_progress', readingId, done: (i + 1) * 10, total: 120 })),
    );

    const before = app.events.length;
    await attach(app, 'again.pdf', await makePdf(['One page', 'Two pages']));
    expect(app.events.slice(before).filter((e) => e.event.type === 'document_progress')).toEqual([]);
  });
});

describe('documents in a message', () => {
  it('a small PDF goes whole, as a fenced block numbered and labelled by page; the chip part has its pages and tokens', async () => {
    const app = await fresh();
    const pdf = await makePdf(['Intro to the device', 'Setup: plug it in', 'The warranty lasts 24 months']);
    const sessionId = await newSession(app);
    const part = await attach(app, 'manual.pdf', pdf);
    expect(part).toMatchObject({ kind: 'document', name: 'manual.pdf', size: pdf.length, sha256: sha256(pdf) });
    expect(part.document).toMatchObject({ kind: 'pdf', pages: 3, parts: 3 });
    expect(part.document!.tokens).toBeGreaterThan(10);
    await sendAndWait(app, sessionId, 'How long is the warranty (page 3)?', [part]);
    expect(userText(server.chatRequests[0]!)).toBe(
      'Document: manual.pdf — cite the parts you use by their numbers, like [1]\n```document\n[1] Page 1\nIntro to the device\n\n[2] Page 2\nSetup: plug it in\n\n[3] Page 3\nThe warranty lasts 24 months\n```\n\nHow long is the warranty (page 3)?',
    );
    expect(stored()).toEqual([`${sha256(pdf)}.bin`]);
  });

  it('a PDF past the budget sends only the pages relevant to the question: asked about the warranty, page 3 goes', async () => {
    const app = await fresh();
    const pages = Array.from({ length: 80 }, (_, i) => filler(i + 1));
    pages[2] = `Warranty terms\nThe warranty lasts 24 months from the day of purchase.\n${filler(3)}`;
    const pdf = await makePdf(pages);
    const sessionId = await newSession(app);
    const part = await attach(app, 'big-manual.pdf', pdf);
    expect(part.document!.pages).toBe(80);
    expect(part.document!.tokens).toBeGreaterThan(32_000);
    await sendAndWait(app, sessionId, 'What does the warranty cover?', [part]);
    const sent = userText(server.chatRequests[0]!);
    expect(sent).toMatch(/\[\d+\] Page 3\nWarranty terms\nThe warranty lasts 24 months from the day of purchase\./);
    expect(sent.split('\n')[0]).toMatch(
      /^Document: big-manual\.pdf \(only the parts relevant to the question: Page 3.* — of 80 pages\) — cite the parts you use by their numbers, like \[1\]$/,
    );
    expect(sent.length).toBeLessThan(pdf.length);
  });

  it('a protected PDF, a ZIP bomb named .docx are refused with their reasons; a GBK text file is read', async () => {
    const app = await fresh();
    expect(await app.call('attachments:add', { name: 'locked.pdf', bytes: makeProtectedPdf() })).toEqual({
      refused: { reason: 'document', name: 'locked.pdf', code: 'protected' },
    });
    expect(await app.call('attachments:add', { name: 'bomb.docx', bytes: makeZipBombDocx(16, true) })).toEqual({
      refused: { reason: 'document', name: 'bomb.docx', code: 'too_large' },
    });
    const gbk = await attach(app, '会议.txt', gbkText('会议在三楼的大会议室举行，时间是下午三点。请准时参加。'));
    expect(gbk.kind).toBe('document');
    const sessionId = await newSession(app);
    await sendAndWait(app, sessionId, '会议在哪里？', [gbk]);
    expect(userText(server.chatRequests[0]!)).toContain('会议在三楼的大会议室举行，时间是下午三点。请准时参加。');
  });

  it('a chunked document keeps which pages went on the user message, after a restart too; a whole one says whole', async () => {
    const app = await fresh();
    const pages = Array.from({ length: 80 }, (_, i) => filler(i + 1));
    pages[2] = `Warranty terms\nThe warranty lasts 24 months from the day of purchase.\n${filler(3)}`;
    pages[6] = `Warranty claims\nSend the warranty card with the receipt.\n${filler(7)}`;
    const big = await attach(app, 'big-manual.pdf', await makePdf(pages));
    const small = await attach(app, 'card.pdf', await makePdf(['Register the kettle', 'Keep the receipt']));
    const sessionId = await newSession(app);
    await sendAndWait(app, sessionId, 'What does the warranty cover?', [big, small]);
    const notes = async (running: Running) => {
      const detail = await running.call<SessionDetail>('sessions:get', { sessionId });
      const user = detail.messages.find((m) => m.role === 'user')!;
      return (user.content as Array<{ type: string; name?: string; document?: { sent?: unknown } }>)
        .filter((part) => part.type === 'attachment')
        .map((part) => [part.name, part.document?.sent]);
    };
    const expected = [
      ['big-manual.pdf', { whole: false, pages: [3, 7], labels: ['Page 3', 'Page 7'] }],
      ['card.pdf', { whole: true, pages: [1, 2], labels: ['Page 1', 'Page 2'] }],
    ];
    const sent = userText(server.chatRequests[0]!);
    expect(sent).toContain('(only the parts relevant to the question: Page 3, Page 7 — of 80 pages)');
    expect(await notes(app)).toEqual(expected);
    await app.core.dispose();
    opened.splice(opened.indexOf(app.core), 1);
    expect(await notes(await start())).toEqual(expected);
  });

  it("the whole-or-parts budget is a quarter of the chat model's context", async () => {
    const pages = Array.from({ length: 6 }, (_, i) => filler(i + 1));
    pages[2] = `Warranty terms\nThe warranty lasts 24 months.\n${filler(3)}`;
    const pdf = await makePdf(pages);
    // About 6 × 700 tokens: past a quarter of 8,000, within a quarter of 1,000,000.
    let app = await fresh({ TINY_AGENT_CONTEXT_WINDOW: '8000' });
    let part = await attach(app, 'manual.pdf', pdf);
    expect(part.document!.tokens).toBeGreaterThan(2000);
    expect(part.document!.tokens).toBeLessThan(250_000);
    await sendAndWait(app, await newSession(app), 'What does the warranty cover?', [part]);
    expect(userText(server.chatRequests[0]!).split('\n')[0]).toMatch(
      /^Document: manual\.pdf \(only the parts relevant to the question: Page 3/,
    );
    await app.core.dispose();
    opened.splice(opened.indexOf(app.core), 1);
    app = await start({ TINY_AGENT_CONTEXT_WINDOW: '1000000' });
    part = await attach(app, 'manual.pdf', pdf);
    await sendAndWait(app, await newSession(app), 'What does the warranty cover?', [part]);
    expect(userText(server.chatRequests[1]!).split('\n')[0]).toBe(
      'Document: manual.pdf — cite the parts you use by their numbers, like [1]',
    );
  });
});

describe('citations of an attached document', () => {
  const PAGES = ['Welcome to the kettle.', 'Fill with cold water.', 'The heating plate is covered for 36 months.', 'Descale monthly.'];

  it("an answer citing page 3's number stores page 3's passage, an unknown number nothing; a restart keeps it", async () => {
    const app = await fresh();
    const pdf = await makePdf(PAGES);
    const part = await attach(app, 'kettle.pdf', pdf);
    const sessionId = await newSession(app);
    server.enqueue({ text: 'The heating plate is covered for 36 months [3]; see also [9].' });
    await sendAndWait(app, sessionId, 'How long is the warranty?', [part]);
    expect(userText(server.chatRequests[0]!)).toContain('[3] Page 3\nThe heating plate is covered for 36 months.');
    const page3 = { n: 3, attachment: sha256(pdf), file: 'kettle.pdf', label: 'Page 3', page: 3, text: PAGES[2] };
    const citationsOf = async (running: Running) =>
      (await running.call<SessionDetail>('sessions:get', { sessionId })).messages
        .filter((m) => m.role === 'assistant')
        .map((m) => m.citations);
    expect(await citationsOf(app)).toEqual([[page3]]);

    // The next run numbers the chat's document again from 1: the same page, the same number.
    server.enqueue({ text: 'Descale it monthly [4].' });
    const ended = app.runEnd(sessionId);
    await app.call('chat:send', { sessionId, text: 'And cleaning?' });
    await ended;
    const messages = server.chatRequests[1]!.body.messages as Array<{ role: string; content: unknown }>;
    const firstQuestion = messages.find((m) => m.role === 'user')!;
    expect(userText({ body: { messages: [firstQuestion] } })).toContain('[4] Page 4\nDescale monthly.');
    expect(await citationsOf(app)).toEqual([[page3], [{ ...page3, n: 4, label: 'Page 4', page: 4, text: PAGES[3] }]]);

    await app.core.dispose();
    opened.splice(opened.indexOf(app.core), 1);
    expect((await citationsOf(await start()))[0]).toEqual([page3]);
  });

  it("opening a cited document hands a named copy of its bytes to the system's viewer; a web page or a missing file is refused", async () => {
    server = await startFakeOpenAI();
    dataDir = mkdtempSync(join(tmpdir(), 'tiny-agent-docs-'));
    const copies = join(dataDir, 'opened');
    let clock = Date.now();
    const openedPaths: string[] = [];
    const core = await createAppCore({
      dataDir,
      env: { TINY_AGENT_AUTO_TITLE: '0', OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-attach-test-000000', OPENAI_MODEL: 'm' },
      systemLocale: 'en-US',
      secrets: testSecretBox,
      emit: () => {},
      openExternal: async () => {},
      openPath: async (file) => {
        openedPaths.push(file);
        return '';
      },
      openCopies: { dir: copies, now: () => clock },
      writeLog: () => {},
    });
    opened.push(core);
    const pdf = await makePdf(PAGES);
    const added = await core.router.handle('attachments:add', { name: 'kettle.pdf', bytes: pdf });
    expect(added.ok).toBe(true);
    const open = (payload: unknown) => core.router.handle('attachments:openDocument', payload);
    expect(await open({ sha256: sha256(pdf), name: 'kettle.pdf' })).toEqual({ ok: true, value: { opened: true } });
    expect(openedPaths).toHaveLength(1);
    expect(openedPaths[0]!.startsWith(copies)).toBe(true);
    expect(basename(openedPaths[0]!)).toBe('kettle.pdf');
    expect(new Uint8Array(readFileSync(openedPaths[0]!))).toEqual(pdf);

    expect(await open({ sha256: sha256(pdf), name: 'page.html' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'Only a document (PDF, Word, Excel, slides, EPUB, RTF) can be opened this way.' },
    });
    expect(await open({ sha256: 'f'.repeat(64), name: 'gone.pdf' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'The attachment is no longer in the data folder. Please attach it again.' },
    });
    expect(openedPaths).toHaveLength(1);

    // Opened again two days on: the old copy is gone, the new one is there.
    clock += 2 * 24 * 60 * 60 * 1000;
    await open({ sha256: sha256(pdf), name: 'kettle.pdf' });
    expect(openedPaths).toHaveLength(2);
    expect(readdirSync(copies)).toEqual([basename(dirname(openedPaths[1]!))]);
  });
});
