// Knowledge bases end to end in main: real temp folders, the real derived worker and SQLite, and a fake `/embeddings`
// server on 127.0.0.1 whose vectors place a word and its translation on the same axis (so hybrid retrieval crosses
// languages the way a real multilingual model does).
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DerivedDb } from '../../src/main/derived/derived-db.js';
import { knowledgeToolDefinition } from '../../src/main/builtin-tools/knowledge/index.js';
import { makeEmbedder } from '../../src/main/knowledge/embeddings.js';
import { KnowledgeIndexer } from '../../src/main/knowledge/indexer.js';
import { parseKnowledgeFile, KnowledgeConfigFile } from '../../src/main/knowledge/config.js';
import type { KnowledgeBase } from '../../src/shared/knowledge.js';

const AXES: string[][] = [
  ['volcano', 'lava', 'eruption', '火山', '熔岩', '喷发'],
  ['tea', 'leaves', 'brew', '茶', '茶叶', '冲泡'],
  ['rocket', 'orbit', 'launch', '火箭', '轨道', '发射'],
  ['bread', 'flour', 'oven', '面包', '面粉', '烤箱'],
];

function fakeVector(text: string): number[] {
  const lower = text.toLowerCase();
  return AXES.map((words) => words.reduce((n, w) => n + (lower.split(w).length - 1), 0) + 0.01);
}

let dir: string;
let docs: string;
let db: DerivedDb;
let server: http.Server;
let embedUrl: string;
let embedRequests = 0;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-knowledge-'));
  docs = path.join(dir, 'docs');
  await fs.mkdir(docs);
  db = await DerivedDb.open({ dataDir: dir, sessionsDir: path.join(dir, 'sessions'), log: () => undefined });
  embedRequests = 0;
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      embedRequests += 1;
      const { input } = JSON.parse(body) as { input: string[] };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: input.map((t, index) => ({ index, embedding: fakeVector(t) })).reverse() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  embedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterEach(async () => {
  await db.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await fs.rm(dir, { recursive: true, force: true });
});

const base = (embedding = false): KnowledgeBase => ({
  id: 'kb1',
  name: 'Notes',
  paths: [docs],
  ...(embedding ? { embedding: { providerId: 'fake', model: 'fake-embed' } } : {}),
});

function indexer(embedding: boolean, debounceMs = 50, reports: string[] = []): KnowledgeIndexer {
  return new KnowledgeIndexer({
    store: db,
    debounceMs,
    onStatus: (kbId, status) => reports.push(`${kbId} ${status}`),
    onProgress: (kbId, done, total) => reports.push(`${kbId} ${done}/${total}`),
    ...(embedding ? { embedderFor: () => makeEmbedder({ baseUrl: embedUrl, model: 'fake-embed' }) } : {}),
  });
}

async function writeDocs(): Promise<void> {
  await fs.writeFile(
    path.join(docs, 'volcano.md'),
    '# Volcanoes\n\nA volcano erupts when lava rises through the crust.\n\n# Safety\n\nStay away from an eruption zone.',
  );
  await fs.writeFile(path.join(docs, 'tea.txt'), 'Green tea leaves should brew at 80 degrees for two minutes.');
  await fs.writeFile(path.join(docs, '火箭.md'), '# 火箭\n\n火箭发射后进入轨道，需要巨大的推力。');
}

describe('knowledge bases', () => {
  it('answers with BM25 alone when no embedding model is chosen, citing file and section', async () => {
    await writeDocs();
    const kb = indexer(false);
    const report = await kb.sync(base());
    expect(report).toEqual({ read: 3, removed: 0, chunks: 4, failed: 0 });
    const hits = await kb.retrieve([base()], 'when does lava erupt?');
    expect(hits[0]).toMatchObject({ file: path.join(docs, 'volcano.md'), label: 'Volcanoes' });
    expect(hits[0]!.text).toContain('lava rises');
    // A Chinese question finds Chinese text through the app's CJK bigrams.
    const zh = await kb.retrieve([base()], '火箭怎么进入轨道');
    expect(zh[0]!.file).toBe(path.join(docs, '火箭.md'));
    // Without vectors, a Chinese question over English text finds nothing about volcanoes.
    expect((await kb.retrieve([base()], '火山')).map((h) => h.file)).not.toContain(path.join(docs, 'volcano.md'));
    expect(embedRequests).toBe(0);
  });

  it('fuses vectors with BM25 when an embedding model is chosen: a CJK question over English docs and the reverse', async () => {
    await writeDocs();
    const kb = indexer(true);
    await kb.sync(base(true));
    const zhOverEn = await kb.retrieve([base(true)], '火山喷发');
    expect(zhOverEn[0]!.file).toBe(path.join(docs, 'volcano.md'));
    const enOverZh = await kb.retrieve([base(true)], 'rocket orbit');
    expect(enOverZh[0]!.file).toBe(path.join(docs, '火箭.md'));
    const tea = await kb.retrieve([base(true)], '怎么冲泡茶叶');
    expect(tea[0]!.file).toBe(path.join(docs, 'tea.txt'));
  });

  it('re-reads only the changed file, and the next retrieval sees the new text', async () => {
    await writeDocs();
    const kb = indexer(false);
    await kb.sync(base());
    expect(kb.filesRead).toBe(3);
    expect(await kb.sync(base())).toEqual({ read: 0, removed: 0, chunks: 0, failed: 0 });
    await fs.writeFile(path.join(docs, 'tea.txt'), 'Black tea wants boiling water and four minutes.');
    expect(await kb.sync(base())).toEqual({ read: 1, removed: 0, chunks: 1, failed: 0 });
    expect(kb.filesRead).toBe(4);
    const hits = await kb.retrieve([base()], 'how long does tea brew');
    expect(hits[0]!.text).toBe('Black tea wants boiling water and four minutes.');
    await fs.rm(path.join(docs, 'tea.txt'));
    expect(await kb.sync(base())).toEqual({ read: 0, removed: 1, chunks: 0, failed: 0 });
  });

  it('watches the folder: an edited file is indexed again on its own, the base indexing meanwhile', async () => {
    await writeDocs();
    const reports: string[] = [];
    const kb = indexer(false, 30, reports);
    await kb.sync(base());
    kb.watch(base());
    reports.length = 0;
    await fs.writeFile(path.join(docs, 'tea.txt'), 'Oolong tea is rolled and brewed several times.');
    let text = '';
    for (let i = 0; i < 200 && !text.includes('Oolong'); i++) {
      await new Promise((r) => setTimeout(r, 25));
      await kb.idle();
      text = (await kb.retrieve([base()], 'tea'))[0]?.text ?? '';
    }
    kb.close();
    expect(text).toBe('Oolong tea is rolled and brewed several times.');
    expect(kb.filesRead).toBeGreaterThanOrEqual(4);
    // One write may be seen as more than one change: each re-read is the same three reports.
    expect(reports.length).toBeGreaterThanOrEqual(3);
    expect(reports.length % 3).toBe(0);
    expect(reports.slice(0, 3)).toEqual(['kb1 indexing', 'kb1 0/1', 'kb1 ready']);
  });

  it('deleting a knowledge base removes its rows and leaves the files', async () => {
    await writeDocs();
    const kb = indexer(true);
    await kb.sync(base(true));
    expect(await db.call('knowledge.count', { kbId: 'kb1' })).toBe(4);
    await kb.remove('kb1');
    expect(await db.call('knowledge.count', { kbId: 'kb1' })).toBe(0);
    expect(await db.call('knowledge.files', { kbId: 'kb1' })).toEqual([]);
    expect(await kb.retrieve([base()], 'volcano')).toEqual([]);
    expect((await fs.readdir(docs)).sort()).toEqual(['tea.txt', 'volcano.md', '火箭.md']);
  });

  it('gives the agent a search_knowledge tool that numbers its passages for citation', async () => {
    await writeDocs();
    const kb = indexer(false);
    await kb.sync(base());
    const tool = knowledgeToolDefinition({
      basesFor: (id) => (id === 's1' ? [base()] : []),
      retrieve: (bases, q, limit) => kb.retrieve(bases, q, limit),
      anyBases: () => true,
    });
    expect(tool.ready()).toBe(true);
    const run = tool.create({ sessionId: 's1', language: 'en' });
    const result = await run.execute('c1', { query: 'lava eruption', limit: 2 }, new AbortController().signal, () => undefined);
    const text = (result.content[0] as { text: string }).text;
    expect(text.startsWith('[1] volcano.md — ')).toBe(true);
    expect(text).toContain('[2] volcano.md — ');
    const other = tool.create({ sessionId: 's2', language: 'zh-CN' });
    const none = await other.execute('c2', { query: 'lava' }, new AbortController().signal, () => undefined);
    expect(none.content).toEqual([{ type: 'text', text: '此对话未使用任何知识库。' }]);
  });
});

describe('knowledge.json', () => {
  it('is validated, with the reason in the person’s language, and survives hand edits', async () => {
    expect(parseKnowledgeFile('{', 'en')).toMatchObject({ ok: false });
    expect(parseKnowledgeFile('{"version":1,"knowledgeBases":[{"id":"a","name":"A","paths":["rel/path"]}]}', 'zh-CN')).toEqual({
      ok: false,
      message: 'knowledge.json 的内容无效: knowledgeBases.0.paths paths must be absolute',
    });
    const file = path.join(dir, 'knowledge.json');
    const config = new KnowledgeConfigFile(file, () => 'en');
    await config.update(() => [base()]);
    const hand = JSON.parse(await fs.readFile(file, 'utf8')) as { knowledgeBases: KnowledgeBase[] };
    hand.knowledgeBases.push({ id: 'kb2', name: 'By hand', paths: [dir] });
    await fs.writeFile(file, JSON.stringify(hand));
    const after = await config.update((bases) => bases.map((b) => (b.id === 'kb1' ? { ...b, name: 'Renamed' } : b)));
    expect(after.map((b) => b.name)).toEqual(['Renamed', 'By hand']);
    await fs.writeFile(file, '{"version":1,"knowledgeBases":[{"id":"x","name":"X","paths":[]},{"id":"x","name":"Y","paths":[]}]}');
    await expect(config.update((b) => b)).rejects.toThrow('two knowledge bases share the id "x"');
  });
});
