// Our renderer against the libraries peers ship, in one Chromium page: the same 100 KB answer (code blocks, tables,
// lists, math) and a 20 KB single fenced code block, each in 1,000 chunks, paced like a model and unpaced, through
// our <Markdown>, streamdown and react-markdown re-rendered per chunk. Main-thread scripting time comes from CDP's
// Performance metrics (ScriptDuration) around each run; the longest task and the lag from the last delta to the
// painted final DOM are taken in the page. The harness page is built by Vite into out/bench-peers for the bench only.
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_ARGS, chromiumPath } from '../test/e2e/launch.js';
import { serveDirectory } from '../test/e2e/static-server.js';
import { chunksOf, sampleMarkdown } from '../test/renderer/markdown-corpus.js';
import type { PeerName, PeerRun } from './peers/protocol.js';
import type { Reporter } from './report.js';

const PEERS: readonly PeerName[] = ['ours', 'streamdown', 'react-markdown'];
// PEERS_SCALE (0–1] shrinks both documents and the chunk count for a quick look on a busy machine; targets still apply.
const SCALE = Math.min(1, Math.max(0.01, Number(process.env.PEERS_SCALE ?? 1)));
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

const DOCUMENTS = { answer: sampleMarkdown(100_000 * SCALE), 'code-block': codeBlock(20_000 * SCALE) };

async function scriptSeconds(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async (): Promise<number> =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
  return read;
}

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
    const scriptTime = await scriptSeconds(page);
    for (const [docName, doc] of Object.entries(DOCUMENTS)) {
      const chunks = chunksOf(doc, CHUNKS);
      report.note(`peers: ${docName}, ${doc.length} characters in ${CHUNKS} chunks`);
      for (const [pacing, pace] of [
        ['unpaced', 0],
        ['paced', PACE_MS],
      ] as const) {
        const runs = {} as Record<PeerName, PeerRun & { scriptMs: number }>;
        for (const name of PEERS) {
          const before = await scriptTime();
          const result = await page.evaluate(
            ([n, c, p]) =>
              (window as unknown as { __peers: { run(n: string, c: string[], p: number): Promise<PeerRun> } }).__peers.run(n, c, p),
            [name, chunks, pace] as const,
          );
          runs[name] = { ...result, scriptMs: ((await scriptTime()) - before) * 1000 };
          console.log(`# peers: ${docName} ${pacing} ${name} done (${runs[name].scriptMs.toFixed(0)} ms scripting)`);
        }
        const prefix = `peers.${docName}.${pacing}`;
        for (const name of PEERS) report.figure(`${prefix}.${name}.scripting-ms`, runs[name].scriptMs, 'ms');
        const bestPeer = Math.min(runs.streamdown.scriptMs, runs['react-markdown'].scriptMs);
        report.figure(`${prefix}.ours-vs-best-peer.scripting`, runs.ours.scriptMs / bestPeer, 'x', { max: 0.5 });
        for (const name of PEERS)
          report.figure(`${prefix}.${name}.longest-task-ms`, runs[name].longestTask, 'ms', name === 'ours' ? { max: 50 } : undefined);
        for (const name of PEERS)
          report.figure(`${prefix}.${name}.final-paint-lag-ms`, runs[name].finalLag, 'ms', name === 'ours' ? { max: 50 } : undefined);
        const same = runs.ours.text === runs.streamdown.text && runs.ours.text === runs['react-markdown'].text;
        if (!same) {
          for (const name of PEERS.slice(1)) {
            const a = runs.ours.text;
            const b = runs[name].text;
            let i = 0;
            while (i < a.length && a[i] === b[i]) i++;
            if (i < Math.max(a.length, b.length))
              console.error(
                `[peers] ${name} differs at ${i}: ours …${a.slice(Math.max(0, i - 40), i + 40)}… vs …${b.slice(Math.max(0, i - 40), i + 40)}…`,
              );
          }
        }
        report.figure(`${prefix}.same-text`, same ? 1 : 0, 'bool', { min: 1 });
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
