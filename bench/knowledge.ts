// Knowledge bases at scale, through the whole app core: 1,000 generated documents (~10,000 pages: Markdown files of
// ten pages each, a fifth of them Chinese, and 20 ten-page PDFs read by the document worker) in one folder base.
// Measured: the time to index them all (BM25), the derived database's size, retrieval p95 over 200 questions (each a
// round trip to the worker, as a send does), and main's longest task while indexing with a chat streaming at the same
// time; then the same base with a 1,024-dimension embedding model (a fake `/embeddings` server on 127.0.0.1, hashing
// words into dimensions): the time to embed and store every chunk, the size, and hybrid retrieval p95.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createAppCore } from '../src/main/app-core.js';
import { DATABASE_FILE } from '../src/main/derived/database.js';
import { extractForKnowledge } from '../src/main/knowledge/knowledge-service.js';
import type { SessionEventEnvelope } from '../src/shared/events.js';
import type { SessionDetail } from '../src/shared/sessions.js';
import type { SettingsView } from '../src/shared/settings.js';
import { makePdf } from '../test/fixtures/documents.js';
import { startFakeOpenAI } from '../test/fixtures/fake-openai.js';
import { testSecretBox } from '../test/fixtures/test-secret-box.js';
import type { Reporter } from './report.js';

const DOCS = Number(process.env.BENCH_KB_DOCS ?? 1_000);
const PDFS = Math.min(20, Math.floor(DOCS / 50));
const PAGES = 10;
const PAGE_CHARS = 1_800;
const QUERIES = 200;
const DIMENSIONS = 1_024;

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(7);
const SYLLABLES = ['ka', 'lo', 'mi', 'ten', 'dra', 'vor', 'sil', 'um', 'pe', 'rix', 'no', 'sha', 'tu', 'ble', 'gan', 'zo'];
const WORDS = Array.from({ length: 8_000 }, () => {
  let word = '';
  for (let n = 2 + Math.floor(random() * 3); n > 0; n--) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
  return word;
});
const HAN =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样';
const word = () => WORDS[Math.floor(random() * WORDS.length)]!;
const han = () => HAN[Math.floor(random() * HAN.length)]!;

function pageText(chinese: boolean, chars = PAGE_CHARS): string {
  let text = '';
  let sentence = 0;
  while (text.length < chars) {
    if (chinese) text += han() + han() + (++sentence % 20 === 0 ? '。\n\n' : '');
    else text += word() + (++sentence % 90 === 0 ? '.\n\n' : ' ');
  }
  return text;
}

/**
 * A fake `/embeddings` server on 127.0.0.1 in a worker thread (its JSON work must not count as main's): each
 * "embedding" hashes the text's words (and CJK bigrams) into DIMENSIONS buckets, deterministically.
 */
async function startEmbeddings(): Promise<{ url: string; close(): Promise<void> }> {
  const code = `
    const http = require('node:http');
    const { parentPort } = require('node:worker_threads');
    const DIMENSIONS = ${DIMENSIONS};
    function embed(text) {
      const v = new Array(DIMENSIONS).fill(0);
      for (const token of text.toLowerCase().match(/[a-z]+|[\\u4e00-\\u9fff]{2}/g) || []) {
        let h = 2166136261;
        for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 16777619);
        v[(h >>> 0) % DIMENSIONS] += 1;
      }
      return v;
    }
    const server = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const { input } = JSON.parse(Buffer.concat(chunks).toString());
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: input.map((t, index) => ({ index, embedding: embed(t) })) }));
      });
    });
    server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
    parentPort.on('message', () => server.close(() => process.exit(0)));
  `;
  const worker = new Worker(code, { eval: true });
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: async () => {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

function sizeOf(dir: string): number {
  let total = 0;
  for (const name of fs.readdirSync(dir)) if (name.startsWith(DATABASE_FILE)) total += fs.statSync(path.join(dir, name)).size;
  return total;
}

/**
 * Main's longest stall two ways. `delayMs`: the event loop's longest delay (monitorEventLoopDelay), which on a machine
 * shared with other work also counts the time the OS ran someone else. `cpuMs`: the most CPU main's own thread used
 * (process.threadCpuUsage) between two ticks of a 5 ms timer — an upper bound of its longest task's CPU time that
 * time spent descheduled does not inflate.
 */
function mainStalls(): { stop(): { delayMs: number; cpuMs: number } } {
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const threadCpu = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let previous = threadCpu();
  let cpuMs = 0;
  const timer = setInterval(() => {
    const now = threadCpu();
    cpuMs = Math.max(cpuMs, now - previous);
    previous = now;
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      lag.disable();
      return { delayMs: lag.max / 1e6, cpuMs };
    },
  };
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

export async function run(report: Reporter): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tiny-agent-bench-kb-'));
  const docs = path.join(root, 'docs');
  const dataDir = path.join(root, 'data');
  await fsp.mkdir(docs);
  await fsp.mkdir(dataDir);
  const made = performance.now();
  for (let d = 0; d < DOCS - PDFS; d++) {
    const chinese = d % 5 === 0;
    const pages = Array.from({ length: PAGES }, (_, p) => `## ${chinese ? `第 ${p + 1} 页` : `Page ${p + 1}`}\n\n${pageText(chinese)}`);
    await fsp.writeFile(path.join(docs, `doc-${d}.md`), `# Document ${d}\n\n${pages.join('\n\n')}\n`);
  }
  for (let d = 0; d < PDFS; d++) {
    // Lines of ~90 characters, as a PDF page holds them.
    const pages = Array.from({ length: PAGES }, () =>
      pageText(false, 1_500)
        .replace(/\n+/g, ' ')
        .match(/.{1,90}(\s|$)/g)!
        .join('\n'),
    );
    await fsp.writeFile(path.join(docs, `paper-${d}.pdf`), await makePdf(pages));
  }
  report.note(
    `knowledge: ${DOCS} documents (${DOCS * PAGES} pages, ${PDFS} of them PDFs) written in ${Math.round(performance.now() - made)} ms`,
  );
  await fsp.writeFile(
    path.join(dataDir, 'knowledge.json'),
    JSON.stringify({ version: 1, knowledgeBases: [{ id: 'bench', name: 'Bench', paths: [docs] }] }),
  );

  const model = await startFakeOpenAI();
  model.setDefaultReply({ text: Array.from({ length: 400 }, (_, i) => `word${i}`).join(' '), delayMs: 5 });
  const embeddings = await startEmbeddings();
  const events: SessionEventEnvelope[] = [];
  const core = await createAppCore({
    dataDir,
    env: { TINY_AGENT_AUTO_TITLE: '0' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: (envelope) => events.push(envelope),
    openExternal: async () => {},
    writeLog: () => {},
  });
  const call = async <T>(channel: string, request?: unknown): Promise<T> => {
    const result = await core.router.handle(channel, request);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };
  const knowledge = core.knowledge!;
  try {
    await call<SettingsView>('settings:saveProvider', { baseUrl: model.url, model: 'm', apiKey: 'sk-bench-0000000000000000' });
    const chat = await call<SessionDetail>('sessions:create', {});
    const runEnds = () => events.filter((e) => e.event.type === 'run_end').length;
    // Warm-up, not measured: the first answer, and the document reader's first start (from the sources it is bundled then).
    await call('chat:send', { sessionId: chat.id, text: 'warm' });
    while (runEnds() === 0) await new Promise((r) => setTimeout(r, 10));
    const warmPdf = path.join(root, 'warm.pdf');
    await fsp.writeFile(warmPdf, await makePdf(['warm']));
    await extractForKnowledge(warmPdf);

    // Indexing with a chat streaming beside it: one answer after another until the index is done.
    const indexStalls = mainStalls();
    const started = performance.now();
    await call('app:painted');
    let indexing = true;
    const streaming = (async () => {
      let answers = 0;
      while (indexing) {
        const before = runEnds();
        await call('chat:send', { sessionId: chat.id, text: `question ${answers++}` });
        while (runEnds() === before) await new Promise((r) => setTimeout(r, 10));
      }
      return answers;
    })();
    await new Promise((r) => setTimeout(r, 50));
    await knowledge.idle();
    const indexMs = performance.now() - started;
    indexing = false;
    const answers = await streaming;
    const indexMain = indexStalls.stop();
    const rows = await knowledge.rowCounts('bench');
    report.note(`knowledge: ${rows.files} files, ${rows.chunks} chunks; ${answers} chat answers streamed meanwhile`);
    report.figure('knowledge: index 1,000 documents (BM25)', indexMs / 1000, 's');
    report.figure('knowledge: database size (BM25)', sizeOf(dataDir) / 1024 / 1024, 'MB');
    report.figure('knowledge: main longest task (thread CPU) while indexing and streaming', indexMain.cpuMs, 'ms', { max: 50 });
    report.figure('knowledge: main longest event-loop delay while indexing and streaming', indexMain.delayMs, 'ms', { max: 50 });
    if (rows.files !== DOCS) report.figure('knowledge: files not indexed', DOCS - rows.files, 'files', { max: 0 });

    const bases = knowledge.basesOf(['bench']);
    const questions = Array.from({ length: QUERIES }, (_, i) => (i % 4 === 0 ? han() + han() + han() : `${word()} ${word()} ${word()}`));
    const timeQueries = async () => {
      const times: number[] = [];
      let found = 0;
      for (const q of questions) {
        const t = performance.now();
        const hits = await knowledge.retrieve(bases, q, 5);
        times.push(performance.now() - t);
        if (hits.length) found += 1;
      }
      return { p95: p95(times), found };
    };
    await timeQueries(); // warm-up
    const bm25 = await timeQueries();
    report.note(`knowledge: ${bm25.found}/${QUERIES} BM25 questions found passages`);
    report.figure('knowledge: retrieval p95 (BM25)', bm25.p95, 'ms', { max: 100 });

    // A chat that uses the base: retrieval on each send, while it streams.
    await call('sessions:setKnowledge', { sessionId: chat.id, kbIds: ['bench'] });
    const chatStalls = mainStalls();
    for (let i = 0; i < 5; i++) {
      const before = runEnds();
      await call('chat:send', { sessionId: chat.id, text: questions[i]! });
      while (runEnds() === before) await new Promise((r) => setTimeout(r, 10));
    }
    const chatting = chatStalls.stop();
    report.figure('knowledge: main longest task (thread CPU), chat with the base streaming', chatting.cpuMs, 'ms', { max: 50 });
    report.figure('knowledge: main longest event-loop delay, chat with the base streaming', chatting.delayMs, 'ms', { max: 50 });

    // Hybrid: every chunk embedded (1,024 dimensions) and stored as Float32.
    const view = await call<SettingsView>('settings:saveProvider', {
      baseUrl: embeddings.url,
      model: 'bench-embed',
      apiKey: 'sk-bench-embed-00000000000',
    });
    const providerId = view.providers.find((p) => p.baseUrl === embeddings.url)!.id;
    const embedStalls = mainStalls();
    const embedStarted = performance.now();
    await call('knowledge:setEmbedding', { kbId: 'bench', embedding: { providerId, model: 'bench-embed' } });
    await knowledge.idle();
    const embedMs = performance.now() - embedStarted;
    const embedding = embedStalls.stop();
    report.figure('knowledge: index again with 1,024-d vectors', embedMs / 1000, 's');
    report.figure('knowledge: database size (hybrid)', sizeOf(dataDir) / 1024 / 1024, 'MB');
    report.figure('knowledge: main longest task (thread CPU) while embedding', embedding.cpuMs, 'ms', { max: 50 });
    report.figure('knowledge: main longest event-loop delay while embedding', embedding.delayMs, 'ms', { max: 50 });
    const hybridBases = knowledge.basesOf(['bench']);
    const timeHybrid = async () => {
      const times: number[] = [];
      for (const q of questions) {
        const t = performance.now();
        await knowledge.retrieve(hybridBases, q, 5);
        times.push(performance.now() - t);
      }
      return p95(times);
    };
    await timeHybrid();
    report.figure('knowledge: retrieval p95 (hybrid, question embedded over HTTP)', await timeHybrid(), 'ms', { max: 100 });
  } finally {
    await core.dispose();
    await model.close();
    await embeddings.close();
    await fsp.rm(root, { recursive: true, force: true });
  }
}
