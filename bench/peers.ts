// Our renderer against the libraries peers ship, in one Chromium page: the same 100 KB answer (code blocks, tables,
// lists, math) and a 20 KB single fenced code block, each in 1,000 chunks, paced like a model and unpaced, through
// our <Markdown>, streamdown and react-markdown re-rendered per chunk. Each run is traced (bench/peers/trace.ts):
// scripting, rendering, the longest task and the work from the last delta to the painted final DOM are the renderer
// main thread's CPU time, which holds on a shared, loaded machine; the same longest task and final lag by the wall
// clock are printed next to them, without a target, since on such a machine they mostly measure the wait for a core.
// Every figure is the median of REPS runs, the three renderers taking turns within each repetition so that a burst of
// load falls on all of them. The harness page is built by Vite into out/bench-peers for the bench only.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_ARGS, chromiumPath } from '../test/e2e/launch.js';
import { serveDirectory } from '../test/e2e/static-server.js';
import { chunksOf, sampleMarkdown } from '../test/renderer/markdown-corpus.js';
import { FINAL_SPAN, type PeerName, type PeerRun } from './peers/protocol.js';
import { mainThreadWork, TRACE_CATEGORIES, type MainThreadWork } from './peers/trace.js';
import type { Reporter, Target } from './report.js';

const PEERS: readonly PeerName[] = ['ours', 'streamdown', 'react-markdown'];
// PEERS_SCALE (0–1] shrinks both documents and the chunk count for a quick look on a busy machine; targets still apply.
// PEERS_REPS sets the repetitions (3 unless told), PEERS_DOCS (`answer,code-block`) the documents streamed.
const SCALE = Math.min(1, Math.max(0.01, Number(process.env.PEERS_SCALE ?? 1)));
const REPS = Math.max(1, Math.round(Number(process.env.PEERS_REPS ?? 3)));
const ONLY = process.env.PEERS_DOCS?.split(',');
const CHUNKS = Math.round(1000 * SCALE);
/** A model streaming 100 KB in 1,000 chunks over about 12 s. */
const PACE_MS = 12;

function codeBlock(size: number): string {
  const lines: string[] = [];
  for (let i = 0, length = 0; length < size; i++) {
    const line = `${'  '.repeat(i % 4)}const value${i} = compute(${i}, "text ${i}") + offset; // step ${i}`;
    lines.push(line);
    length += line.length + 1;
  }
  return `Here is the module:\n\n\`\`\`ts\n${lines.join('\n')}\n\`\`\`\n`;
}

// Formulas between `$$` only: the delimiter all three read alike (see page.tsx); prices stay single dollars.
const DOCUMENTS = { answer: sampleMarkdown(100_000 * SCALE, 7, 'double dollars'), 'code-block': codeBlock(20_000 * SCALE) };

type Measured = PeerRun & MainThreadWork;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Where two shown texts first differ, with some text around it (empty when they are equal). */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (i === a.length && a.length === b.length) return '';
  return `at ${i}: …${a.slice(Math.max(0, i - 40), i + 40)}… vs …${b.slice(Math.max(0, i - 40), i + 40)}…`;
}

const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export async function run(report: Reporter): Promise<void> {
  const outDir = resolve(import.meta.dirname, '../out/bench-peers');
  await build({ configFile: resolve(import.meta.dirname, 'peers/vite.config.ts') });
  const server = await serveDirectory(outDir);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    page.on('pageerror', (error) => console.error(`[peers] page error: ${error.message}`));
    await page.goto(server.url);
    await page.waitForFunction(() => '__peers' in window);
    report.note(`peers: ${REPS} repetitions, medians; load average ${load()}`);
    for (const [docName, doc] of Object.entries(DOCUMENTS)) {
      if (ONLY && !ONLY.includes(docName)) continue;
      const chunks = chunksOf(doc, CHUNKS);
      report.note(`peers: ${docName}, ${doc.length} characters in ${CHUNKS} chunks`);
      for (const [pacing, pace] of [
        ['unpaced', 0],
        ['paced', PACE_MS],
      ] as const) {
        const runs = { ours: [], streamdown: [], 'react-markdown': [] } as Record<PeerName, Measured[]>;
        for (let rep = 0; rep < REPS; rep++) {
          for (const name of PEERS) {
            await browser.startTracing(page, { categories: TRACE_CATEGORIES });
            const result = await page.evaluate(
              ([n, c, p]) =>
                (window as unknown as { __peers: { run(n: string, c: string[], p: number): Promise<PeerRun> } }).__peers.run(n, c, p),
              [name, chunks, pace] as const,
            );
            const work = mainThreadWork((await browser.stopTracing()).toString('utf8'), FINAL_SPAN);
            runs[name].push({ ...result, ...work });
            console.log(
              `# peers: ${docName} ${pacing} ${name} #${rep + 1}: scripting ${work.scriptingMs.toFixed(0)} ms, rendering ` +
                `${work.renderingMs.toFixed(0)} ms, longest task ${work.longestTaskMs.toFixed(0)} ms (cpu) ${result.longestTask.toFixed(0)} ms (wall), ` +
                `updates ${result.updatesMs.toFixed(0)} ms, final lag ${work.finalLagMs.toFixed(0)} ms (cpu) ${result.finalLag.toFixed(0)} ms (wall)`,
            );
          }
        }
        const med = (name: PeerName, figure: keyof MainThreadWork | 'longestTask' | 'finalLag'): number =>
          median(runs[name].map((r) => r[figure]));
        const prefix = `peers.${docName}.${pacing}`;
        const ours = (limit: number) => (name: PeerName) => (name === 'ours' ? { max: limit } : undefined);
        const figures: [string, keyof MainThreadWork | 'longestTask' | 'finalLag', ((name: PeerName) => Target | undefined)?][] = [
          ['scripting-ms', 'scriptingMs'],
          ['rendering-ms', 'renderingMs'],
          ['longest-task-ms', 'longestTaskMs', ours(50)],
          ['final-paint-lag-ms', 'finalLagMs', ours(50)],
          ['longest-task-wall-ms', 'longestTask'],
          ['final-paint-lag-wall-ms', 'finalLag'],
        ];
        for (const [label, figure, target] of figures) {
          for (const name of PEERS) report.figure(`${prefix}.${name}.${label}`, med(name, figure), 'ms', target?.(name));
          if (figure === 'scriptingMs') {
            const bestPeer = Math.min(med('streamdown', figure), med('react-markdown', figure));
            report.figure(`${prefix}.ours-vs-best-peer.scripting`, med('ours', figure) / bestPeer, 'x', { max: 0.5 });
          }
        }
        // Every run of every renderer shows exactly the text of our first run.
        const reference = runs.ours[0]?.text ?? '';
        let same = reference.length > 0;
        for (const name of PEERS) {
          for (const run of runs[name]) {
            const difference = firstDifference(reference, run.text);
            if (difference === '') continue;
            same = false;
            console.error(`[peers] ${docName} ${pacing}: ${name} differs from ours ${difference}`);
            break;
          }
        }
        report.figure(`${prefix}.same-text`, same ? 1 : 0, 'bool', { min: 1 });
      }
    }
    report.note(`peers: load average ${load()} at the end`);
  } finally {
    await browser.close();
    await server.close();
  }
}
