// Knowledge bases through the real app core: a folder chosen in the (scripted) open dialog is indexed by the real
// derived worker, a chat that chose the base sends the top passages with its question and gets search_knowledge, the
// answer's [n] marks are stored as citations, and only files of a base open. The model is the fake OpenAI server, the
// embedding model a fake `/embeddings` server, both on 127.0.0.1.
import fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import { DATABASE_FILE } from '../../src/main/derived/database.js';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import type { KnowledgeBaseView, KnowledgeView } from '../../src/shared/knowledge.js';
import type { AssistantMessage } from '../../src/shared/messages.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import type { SettingsView } from '../../src/shared/settings.js';
import { makeDocx, makePdf } from '../fixtures/documents.js';
import { startFakeEmbeddings, type FakeEmbeddingsServer } from '../fixtures/fake-embeddings.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

let model: FakeOpenAIServer;
let embed: FakeEmbeddingsServer;
let dataDir: string;
let docs: string;
let core: AppCore | undefined;
const events: SessionEventEnvelope[] = [];
const opened: string[] = [];
let folderChoice: string | undefined;
let transferPath: string | undefined;
let filesChoice: string[] | undefined;

async function open(): Promise<AppCore> {
  core = await createAppCore({
    dataDir,
    env: { TINY_AGENT_AUTO_TITLE: '0' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => events.push(envelope),
    openExternal: async () => {},
    openPath: async (file) => {
      opened.push(file);
      return '';
    },
    dialogs: {
      chooseSavePath: async () => transferPath,
      chooseOpenPath: async () => transferPath,
      chooseFolder: async () => folderChoice,
      chooseOpenPaths: async () => filesChoice,
    },
    writeLog: () => {},
  });
  return core;
}

beforeEach(async () => {
  events.length = 0;
  opened.length = 0;
  model = await startFakeOpenAI();
  embed = await startFakeEmbeddings();
  dataDir = mkdtempSync(path.join(tmpdir(), 'tiny-kb-app-'));
  docs = mkdtempSync(path.join(tmpdir(), 'tiny-kb-docs-'));
  folderChoice = docs;
  filesChoice = undefined;
  await fs.writeFile(
    path.join(docs, 'volcano.md'),
    '# Volcanoes\n\nA volcano erupts when lava rises through the crust.\n\n# Safety\n\nStay away from an eruption zone.',
  );
  await fs.writeFile(path.join(docs, 'tea.txt'), 'Green tea leaves should brew at 80 degrees for two minutes.');
  await fs.writeFile(path.join(docs, 'rocket.md'), '# Rockets\n\nA rocket reaches orbit after launch with enormous thrust.');
  await fs.writeFile(path.join(docs, '面包.md'), '# 面包\n\n面包需要面粉，放进烤箱烤三十分钟。');
  await open();
});

afterEach(async () => {
  await core?.dispose();
  core = undefined;
  await model.close();
  await embed.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(docs, { recursive: true, force: true });
});

async function call<T>(channel: string, request?: unknown): Promise<T> {
  const result = await core!.router.handle(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

async function refused(channel: string, request?: unknown): Promise<{ code: string; message: string }> {
  const result = await core!.router.handle(channel, request);
  if (result.ok) throw new Error(`${channel} was not refused`);
  return result.error;
}

async function until(pred: () => boolean | Promise<boolean>, what = 'condition'): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (await pred()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const saved = () => events.filter((e) => e.event.type === 'saved').length;
const lastStatus = (): KnowledgeView | undefined =>
  events.flatMap((e) => (e.event.type === 'knowledge_status' ? [e.event.knowledge] : [])).at(-1);

/** A base over the docs folder, indexed; and a chat that uses it. */
async function folderBase(): Promise<{ kb: KnowledgeBaseView; sessionId: string }> {
  await call('settings:saveProvider', { baseUrl: model.url, model: 'm', apiKey: 'sk-test-000000000000' });
  const kb = await call<KnowledgeBaseView>('knowledge:create', { name: 'Notes' });
  expect(kb).toMatchObject({ name: 'Notes', paths: [], status: 'ready', files: 0, chunks: 0 });
  const view = await call<KnowledgeView>('knowledge:addPaths', { kbId: kb.id, kind: 'folder' });
  expect(view.bases[0]!.paths).toEqual([docs]);
  await until(() => lastStatus()?.bases[0]?.status === 'ready' && lastStatus()?.bases[0]?.files === 4, 'the folder indexed');
  expect(lastStatus()!.bases[0]).toMatchObject({ status: 'ready', files: 4, chunks: 5 });
  const session = await call<SessionDetail>('sessions:create', {});
  expect(await call('sessions:setKnowledge', { sessionId: session.id, kbIds: [kb.id] })).toEqual({ knowledgeBases: [kb.id] });
  return { kb, sessionId: session.id };
}

type WireMessage = { role: string; content: string | Array<{ type: string; text?: string }> };
const wireText = (m: WireMessage) => (typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join(''));
const lastUserText = (i: number) => wireText(model.chatRequests[i]!.body.messages.filter((m: WireMessage) => m.role === 'user').at(-1));
const toolNames = (i: number) => (model.chatRequests[i]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);

describe('knowledge bases in a chat', () => {
  it('sends the top passages of two files with the question, and stores the marks the answer uses as citations', async () => {
    const { kb, sessionId } = await folderBase();
    model.enqueue({ text: 'Lava rises through the crust [1]; green tea brews at 80 degrees [2].' });
    await call('chat:send', { sessionId, text: 'lava and green tea' });
    await until(() => saved() === 1, 'the answer saved');

    expect(toolNames(0)).toEqual(['search_knowledge']);
    const sent = lastUserText(0);
    const [question, heading, ...passages] = sent.split('\n\n');
    expect(question).toBe('lava and green tea');
    expect(heading).toMatch(/^Passages from the person's knowledge bases/);
    const marks = passages.filter((p) => /^\[\d\] /.test(p)).map((p) => p.split('\n')[0]!);
    expect(marks.sort()).toEqual(['[1] tea.txt — tea.txt', '[2] volcano.md — Volcanoes'].sort());
    const number = (file: string) => Number(marks.find((m) => m.includes(file))!.slice(1, 2));

    const detail = await call<SessionDetail>('sessions:get', { sessionId });
    const [user, answer] = detail.messages.slice(1);
    // The stored question is what the person wrote; the passages went with the request only.
    expect(user!.content).toBe('lava and green tea');
    const citations = (answer as AssistantMessage).citations!;
    expect(citations.map((c) => [c.n, path.basename(c.file), c.label, c.kbId])).toEqual(
      [
        [number('volcano.md'), 'volcano.md', 'Volcanoes', kb.id],
        [number('tea.txt'), 'tea.txt', 'tea.txt', kb.id],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    expect(citations.find((c) => c.file.endsWith('volcano.md'))!.text).toContain('lava rises through the crust');
    const end = events.find((e) => e.event.type === 'assistant_end')!.event as { citations?: unknown };
    expect(end.citations).toEqual(citations);

    // After a restart the citations are read back from the session file.
    await core!.dispose();
    await open();
    const again = await call<SessionDetail>('sessions:get', { sessionId });
    expect((again.messages[2] as AssistantMessage).citations).toEqual(citations);
    expect(again.chat.knowledgeBases).toEqual([kb.id]);

    // A JSON export carries them, and its import brings them back.
    transferPath = path.join(dataDir, 'chat.json');
    expect(await call('transfer:exportSession', { sessionId, format: 'json' })).toMatchObject({ saved: true, count: 1 });
    const imported = await call<{ imported: Array<{ id: string }> }>('transfer:import');
    const copy = await call<SessionDetail>('sessions:get', { sessionId: imported.imported[0]!.id });
    expect((copy.messages[2] as AssistantMessage).citations).toEqual(citations);
  });

  it('round-trips a search_knowledge call: its passages are numbered after the automatic ones, and cited', async () => {
    const { sessionId } = await folderBase();
    model.enqueue(
      { toolCalls: [{ id: 'call_1', name: 'search_knowledge', arguments: '{"query":"rocket orbit"}' }] },
      { text: 'Lava rises [1]; a rocket reaches orbit [2].' },
    );
    await call('chat:send', { sessionId, text: 'lava' });
    await until(() => saved() === 1, 'the answer saved');
    expect(
      lastUserText(0)
        .split('\n\n')
        .filter((p) => /^\[\d+\] /.test(p))
        .map((p) => p.split('\n')[0]),
    ).toEqual(['[1] volcano.md — Volcanoes']);
    const toolMessage = model.chatRequests[1]!.body.messages.find((m: WireMessage) => m.role === 'tool') as WireMessage;
    expect(wireText(toolMessage)).toBe('[2] rocket.md — Rockets\n# Rockets\n\nA rocket reaches orbit after launch with enormous thrust.');
    const tool = events.flatMap((e) => (e.event.type === 'tool' ? [`${e.event.state.tool}:${e.event.state.status}`] : []));
    // Reading the chat's own knowledge bases needs no approval.
    expect(tool).toEqual(['search_knowledge:running', 'search_knowledge:done']);
    const detail = await call<SessionDetail>('sessions:get', { sessionId });
    const answer = detail.messages.at(-1) as AssistantMessage;
    expect(answer.citations!.map((c) => [c.n, path.basename(c.file)])).toEqual([
      [1, 'volcano.md'],
      [2, 'rocket.md'],
    ]);
  });

  it('offers nothing of knowledge to a chat that chose no base, and refuses an unknown base', async () => {
    const { sessionId } = await folderBase();
    const other = await call<SessionDetail>('sessions:create', {});
    model.enqueue({ text: 'plain' });
    await call('chat:send', { sessionId: other.id, text: 'lava' });
    await until(() => saved() === 1);
    expect(toolNames(0)).toEqual([]);
    expect(lastUserText(0)).toBe('lava');
    expect(await refused('sessions:setKnowledge', { sessionId, kbIds: ['no-such-base'] })).toEqual({
      code: 'invalid_input',
      message: 'That knowledge base no longer exists.',
    });
  });

  it('a new chat made with its bases searches them from its first question; if that send fails, no chat is left', async () => {
    const { kb } = await folderBase();
    const listed = async () => (await call<Array<{ id: string }>>('sessions:list')).map((s) => s.id);
    const before = await listed();
    expect(await refused('sessions:create', { knowledgeBases: ['no-such-base'] })).toEqual({
      code: 'invalid_input',
      message: 'That knowledge base no longer exists.',
    });
    expect(await listed()).toEqual(before);

    const failing = await call<SessionDetail>('sessions:create', { knowledgeBases: [kb.id, kb.id] });
    expect(failing.chat.knowledgeBases).toEqual([kb.id]);
    model.enqueue({ status: 401, errorMessage: 'Incorrect API key provided.' });
    await call('chat:send', { sessionId: failing.id, text: 'lava' });
    await until(async () => !(await listed()).includes(failing.id), 'the failed first send to take its chat away');
    await expect(fs.stat(path.join(dataDir, 'sessions', `${failing.id}.jsonl`))).rejects.toThrow();

    const chat = await call<SessionDetail>('sessions:create', { knowledgeBases: [kb.id] });
    model.enqueue({ text: 'Lava rises [1].' });
    await call('chat:send', { sessionId: chat.id, text: 'when does lava erupt?' });
    await until(() => saved() === 1);
    expect(lastUserText(1)).toContain('A volcano erupts when lava rises through the crust.');
    expect((await call<SessionDetail>('sessions:get', { sessionId: chat.id })).chat.knowledgeBases).toEqual([kb.id]);
  });

  it('re-reads only the edited file when the watched folder changes', async () => {
    const { kb } = await folderBase();
    const knowledge = core!.knowledge!;
    const before = knowledge.indexer.filesRead;
    expect(before).toBe(4);
    await fs.writeFile(path.join(docs, 'tea.txt'), 'Oolong tea is brewed at 95 degrees, several short steeps.');
    await until(async () => {
      const hits = await knowledge.retrieve(knowledge.basesOf([kb.id]), 'oolong', 3);
      return hits[0]?.text.startsWith('Oolong') === true;
    }, 'the edit indexed');
    await knowledge.idle();
    expect(knowledge.indexer.filesRead - before).toBe(1);
    expect(await knowledge.rowCounts(kb.id)).toEqual({ files: 4, chunks: 5 });
    // A start finds nothing changed: nothing is read again.
    await core!.dispose();
    await open();
    await call('app:painted');
    await core!.knowledge!.idle();
    expect(core!.knowledge!.indexer.filesRead).toBe(0);
  });

  it('deleting a base removes its rows and its use in chats, and leaves the files', async () => {
    const { kb, sessionId } = await folderBase();
    const knowledge = core!.knowledge!;
    expect(await knowledge.rowCounts(kb.id)).toEqual({ files: 4, chunks: 5 });
    expect(await call<KnowledgeView>('knowledge:delete', { kbId: kb.id })).toEqual({ bases: [] });
    expect(await knowledge.rowCounts(kb.id)).toEqual({ files: 0, chunks: 0 });
    expect((await fs.readdir(docs)).sort()).toEqual(['rocket.md', 'tea.txt', 'volcano.md', '面包.md']);
    model.enqueue({ text: 'no base' });
    await call('chat:send', { sessionId, text: 'lava' });
    await until(() => saved() === 1);
    expect(toolNames(0)).toEqual([]);
    expect(lastUserText(0)).toBe('lava');
    expect(JSON.parse(await fs.readFile(path.join(dataDir, 'knowledge.json'), 'utf8'))).toEqual({ version: 1, knowledgeBases: [] });
  });

  it('is indexed again after the history database is rebuilt', async () => {
    const { kb, sessionId } = await folderBase();
    await core!.dispose();
    await fs.rm(path.join(dataDir, DATABASE_FILE), { force: true });
    await open();
    await call('app:painted');
    await core!.knowledge!.idle();
    expect(core!.knowledge!.indexer.filesRead).toBe(4);
    expect(await core!.knowledge!.rowCounts(kb.id)).toEqual({ files: 4, chunks: 5 });
    model.enqueue({ text: 'ok [1]' });
    await call('chat:send', { sessionId, text: 'lava' });
    await until(() => saved() === 1);
    expect(lastUserText(0)).toContain('[1] volcano.md — Volcanoes');
  });
});

describe('documents in a knowledge base', () => {
  // 90 s: the document reader is bundled from the sources at its first start (the built app has it built).
  it('reads PDFs by page and DOCX by heading through the document reader, and cites the page', async () => {
    await fs.writeFile(path.join(docs, 'manual.pdf'), await makePdf(['Unpacking the kettle.', 'Descaling uses citric acid monthly.']));
    await fs.writeFile(
      path.join(docs, 'report.docx'),
      makeDocx([
        ['h1', 'Findings'],
        ['p', 'Glaciers retreat faster each decade.'],
      ]),
    );
    await call('settings:saveProvider', { baseUrl: model.url, model: 'm', apiKey: 'sk-test-000000000000' });
    const kb = await call<KnowledgeBaseView>('knowledge:create', { name: 'Docs' });
    await call('knowledge:addPaths', { kbId: kb.id, kind: 'folder' });
    await core!.knowledge!.idle();
    const knowledge = core!.knowledge!;
    const [pdf] = await knowledge.retrieve(knowledge.basesOf([kb.id]), 'descaling citric', 1);
    expect(pdf).toMatchObject({ file: path.join(docs, 'manual.pdf'), page: 2, text: 'Descaling uses citric acid monthly.' });
    const [docx] = await knowledge.retrieve(knowledge.basesOf([kb.id]), 'glaciers', 1);
    expect(docx).toMatchObject({ file: path.join(docs, 'report.docx'), label: 'Findings' });
    const session = await call<SessionDetail>('sessions:create', {});
    await call('sessions:setKnowledge', { sessionId: session.id, kbIds: [kb.id] });
    model.enqueue({ text: 'Monthly, with citric acid [1].' });
    await call('chat:send', { sessionId: session.id, text: 'descaling' });
    await until(() => saved() === 1);
    expect(lastUserText(0)).toContain('[1] manual.pdf — Page 2 (p. 2)\nDescaling uses citric acid monthly.');
    const detail = await call<SessionDetail>('sessions:get', { sessionId: session.id });
    expect((detail.messages.at(-1) as AssistantMessage).citations).toEqual([
      { n: 1, kbId: kb.id, file: path.join(docs, 'manual.pdf'), label: 'Page 2', page: 2, text: 'Descaling uses citric acid monthly.' },
    ]);
  }, 90_000);
});

describe('retrieval: words only, and hybrid with an embedding model', () => {
  it('BM25 alone finds words in either language but not across them; hybrid crosses both ways', async () => {
    const { kb, sessionId } = await folderBase();
    const knowledge = core!.knowledge!;
    const bases = () => knowledge.basesOf([kb.id]);
    const files = async (q: string) => (await knowledge.retrieve(bases(), q, 2)).map((p) => path.basename(p.file));
    expect(await files('thrust')).toEqual(['rocket.md']);
    expect(await files('烤箱')).toEqual(['面包.md']);
    expect(await files('火山')).toEqual([]);
    expect(await files('oven bread')).toEqual([]);
    expect(embed.requests).toBe(0);

    const settings = await call<SettingsView>('settings:saveProvider', {
      baseUrl: embed.url,
      model: 'fake-embed',
      apiKey: 'sk-embed-0000000000',
    });
    const providerId = settings.providers.find((p) => p.baseUrl === embed.url)!.id;
    await call('knowledge:setEmbedding', { kbId: kb.id, embedding: { providerId, model: 'fake-embed' } });
    await knowledge.idle();
    // Every chunk was embedded once (all four files read again for the new model).
    expect(embed.texts).toBe(5);
    expect((await call<KnowledgeView>('knowledge:list')).bases[0]).toMatchObject({
      embedding: { providerId, model: 'fake-embed' },
      chunks: 5,
    });
    // A Chinese question over English documents, and an English question over a Chinese one.
    expect((await files('火山是怎么喷发的'))[0]).toBe('volcano.md');
    expect((await files('oven bread'))[0]).toBe('面包.md');

    model.enqueue({ text: '[1]' });
    await call('chat:send', { sessionId, text: '火山喷发' });
    await until(() => saved() === 1);
    expect(lastUserText(0)).toContain('[1] volcano.md — ');
  });

  it('keeps answering by words when the embedding model fails, and says why', async () => {
    const { kb } = await folderBase();
    const settings = await call<SettingsView>('settings:saveProvider', {
      baseUrl: embed.url,
      model: 'fake-embed',
      apiKey: 'sk-embed-0000000000',
    });
    const providerId = settings.providers.find((p) => p.baseUrl === embed.url)!.id;
    embed.failing = true;
    await call('knowledge:setEmbedding', { kbId: kb.id, embedding: { providerId, model: 'fake-embed' } });
    await core!.knowledge!.idle();
    await until(() => lastStatus()?.bases[0]?.error !== undefined && lastStatus()?.bases[0]?.status === 'ready');
    expect(lastStatus()!.bases[0]!.error).toBe('The embedding model could not be used (searching by words only): embeddings: HTTP 500');
    const hits = await core!.knowledge!.retrieve(core!.knowledge!.basesOf([kb.id]), 'thrust', 2);
    expect(hits.map((h) => path.basename(h.file))).toEqual(['rocket.md']);
  });
});

describe('opening a cited file', () => {
  it('opens a file of a base with the system viewer and refuses any other path', async () => {
    await folderBase();
    const inside = path.join(docs, 'tea.txt');
    expect(await call('knowledge:openFile', { file: inside })).toEqual({ opened: true });
    expect(opened).toEqual([inside]);
    const outside = path.join(dataDir, 'knowledge.json');
    expect(await refused('knowledge:openFile', { file: outside })).toEqual({
      code: 'invalid_input',
      message: 'That file is not in any knowledge base.',
    });
    expect((await refused('knowledge:openFile', { file: path.join(docs, '..', path.basename(dataDir), 'knowledge.json') })).code).toBe(
      'invalid_input',
    );
    expect((await refused('knowledge:openFile', { file: 'tea.txt' })).code).toBe('invalid_input');
    expect(opened).toEqual([inside]);
  });

  it('files chosen one by one are indexed; taking a path out drops only its rows', async () => {
    const kb = await call<KnowledgeBaseView>('knowledge:create', { name: 'Two files' });
    filesChoice = [path.join(docs, 'tea.txt'), path.join(docs, 'rocket.md')];
    await call('knowledge:addPaths', { kbId: kb.id, kind: 'files' });
    await core!.knowledge!.idle();
    expect(await core!.knowledge!.rowCounts(kb.id)).toEqual({ files: 2, chunks: 2 });
    const view = await call<KnowledgeView>('knowledge:removePath', { kbId: kb.id, path: path.join(docs, 'tea.txt') });
    expect(view.bases[0]!.paths).toEqual([path.join(docs, 'rocket.md')]);
    await core!.knowledge!.idle();
    expect(await core!.knowledge!.rowCounts(kb.id)).toEqual({ files: 1, chunks: 1 });
    expect(await refused('knowledge:openFile', { file: path.join(docs, 'tea.txt') })).toMatchObject({ code: 'invalid_input' });
  });

  it('a cancelled dialog changes nothing', async () => {
    const kb = await call<KnowledgeBaseView>('knowledge:create', { name: 'Empty' });
    folderChoice = undefined;
    const view = await call<KnowledgeView>('knowledge:addPaths', { kbId: kb.id, kind: 'folder' });
    expect(view.bases.map((b) => b.paths)).toEqual([[]]);
    expect(await call<KnowledgeView>('knowledge:addPaths', { kbId: kb.id, kind: 'files' })).toEqual(view);
  });
});
