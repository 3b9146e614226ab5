// The markdown pipeline on a 100 KB model-like answer arriving in 1,000 chunks: characters handed to the parser
// and time, for the incremental block pipeline and for re-parsing the whole text on every chunk. Times cover marked
// (lex + render, highlighting included); the full pipeline is also timed with DOMPurify running on a happy-dom
// window, which is slower than a browser's DOM, so that figure is an upper bound.
import { performance } from 'node:perf_hooks';
import { Window } from 'happy-dom';
import { IncrementalMarkdown, type MarkdownPipeline } from '../src/renderer/src/chat/markdown/incremental.js';
import { createPipeline } from '../src/renderer/src/chat/markdown/pipeline.js';
import { lexMarkdown, markdownToHtml, renderTokens } from '../src/renderer/src/chat/markdown/render.js';
import { createMathSanitizer, createSanitizer } from '../src/renderer/src/chat/markdown/sanitize.js';
import { markdownStats, resetMarkdownStats } from '../src/renderer/src/chat/markdown/stats.js';
import { chunksOf, sampleMarkdown } from '../test/renderer/markdown-corpus.js';
import { conformDomForPurify } from '../test/renderer/markdown-dom.js';
import type { Reporter } from './report.js';

const SIZE = 100_000;
const CHUNKS = 1000;

interface Pass {
  parsedChars: number;
  ms: number;
  html: string;
}

function incremental(chunks: readonly string[], pipeline: MarkdownPipeline): Pass {
  resetMarkdownStats();
  const started = performance.now();
  const engine = new IncrementalMarkdown(pipeline);
  let text = '';
  for (const chunk of chunks) {
    text += chunk;
    engine.update(text, false);
  }
  const out = engine.update(text, true);
  const ms = performance.now() - started;
  return { parsedChars: markdownStats.parsedChars, ms, html: out.done.map((block) => block.html).join('') };
}

function naive(chunks: readonly string[]): Pass {
  resetMarkdownStats();
  const started = performance.now();
  let text = '';
  let html = '';
  for (const chunk of chunks) {
    text += chunk;
    html = renderTokens(lexMarkdown(text));
  }
  return { parsedChars: markdownStats.parsedChars, ms: performance.now() - started, html };
}

export async function run(report: Reporter): Promise<void> {
  const doc = sampleMarkdown(SIZE);
  const chunks = chunksOf(doc, CHUNKS);
  const parseOnly = createPipeline((html) => html);

  incremental(chunks.slice(0, 200), parseOnly); // warm-up: JIT and highlight.js grammars
  const inc = incremental(chunks, parseOnly);
  const full = naive(chunks);
  const equal = inc.html === markdownToHtml(doc) && inc.html === full.html;

  const win = new Window();
  conformDomForPurify(win as unknown as Parameters<typeof conformDomForPurify>[0]);
  const purifyWindow = win as unknown as Parameters<typeof createSanitizer>[0];
  const sanitized = incremental(chunks, createPipeline(createSanitizer(purifyWindow), createMathSanitizer(purifyWindow)));
  await win.happyDOM.close();

  report.note(`${doc.length} characters in ${CHUNKS} chunks`);
  report.figure('markdown.incremental.parsed-ratio', inc.parsedChars / doc.length, 'x final length', { max: 3 });
  report.figure('markdown.naive.parsed-ratio', full.parsedChars / doc.length, 'x final length');
  report.figure('markdown.incremental.parse-ms', inc.ms, 'ms');
  report.figure('markdown.naive.parse-ms', full.ms, 'ms');
  report.figure('markdown.incremental.with-dompurify-ms', sanitized.ms, 'ms (happy-dom)');
  report.figure('markdown.streamed-equals-one-shot', equal ? 1 : 0, 'bool', { min: 1 });
}
