// The peers bench page (built by Vite for the bench only, never part of the app): streams one markdown answer through
// our <Markdown>, streamdown's <Streamdown> or react-markdown re-rendered per chunk, one update per task, and
// reports the longest update, the lag from the last delta to the painted final DOM, and the text shown.
import 'katex/dist/katex.min.css';
import type { JSX } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import ReactMarkdown from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { defaultRehypePlugins, defaultRemarkPlugins, Streamdown } from 'streamdown';
import '../../src/renderer/src/chat/chat.css';
import { Markdown } from '../../src/renderer/src/chat/Markdown';
import { FINAL_SPAN, type PeerName, type PeerRun } from './protocol';

// Math as the peers document it: streamdown's math plugin is remark-math with single dollars off (so `$5 and $10`
// stay prices, as they do in ours) plus rehype-katex; react-markdown gets the same pair. remark-math reads neither
// `\(…\)` nor `\[…\]` (apps rewrite those to dollars before rendering), so the bench document writes its formulas
// between `$$` only (see bench/peers.ts), the one delimiter all three read.
const remarkMathAsDocumented: [typeof remarkMath, { singleDollarTextMath: boolean }] = [remarkMath, { singleDollarTextMath: false }];
const remarkForStreamdown = [...Object.values(defaultRemarkPlugins), remarkMathAsDocumented];
const rehypeForStreamdown = [...Object.values(defaultRehypePlugins), rehypeKatex];
const remarkForReactMarkdown = [remarkGfm, remarkMathAsDocumented];

function view(name: PeerName, text: string, streaming: boolean, source: object): JSX.Element {
  if (name === 'ours') return <Markdown source={source} text={text} streaming={streaming} />;
  if (name === 'streamdown') {
    return (
      <Streamdown isAnimating={streaming} remarkPlugins={remarkForStreamdown} rehypePlugins={rehypeForStreamdown}>
        {text}
      </Streamdown>
    );
  }
  return (
    <ReactMarkdown remarkPlugins={remarkForReactMarkdown} rehypePlugins={[rehypeKatex]}>
      {text}
    </ReactMarkdown>
  );
}

// What is not the answer's text: our code-block header (language label, copy button), streamdown's code-block
// header and its control buttons, and KaTeX's MathML copy of each formula (read by screen readers, not shown).
// Streamdown shows links as buttons by default (its link-safety check asks before opening one), so a button is a
// control only when it is not a link.
const NOT_TEXT = '.md-code-bar, [data-streamdown="code-block-header"], button:not([data-streamdown="link"]), .katex-mathml';

/** The text a person reads, without controls, code-block headers and MathML, with whitespace removed. */
function shownText(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll(NOT_TEXT)) el.remove();
  return (copy.textContent ?? '').replace(/\s+/g, '');
}

const nextTask = (delay: number): Promise<void> =>
  new Promise((resolve) => {
    if (delay > 0) setTimeout(resolve, delay);
    else {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    }
  });
const painted = (): Promise<number> =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))));

let longTasks: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: false });

let root: Root | null = null;

async function run(name: PeerName, chunks: readonly string[], paceMs: number): Promise<PeerRun> {
  root?.unmount();
  const host = document.getElementById('root') as HTMLElement;
  host.innerHTML = '';
  const container = document.createElement('div');
  container.className = 'md';
  host.append(container);
  root = createRoot(container);
  const source = {};
  await painted();
  longTasks = [];
  let text = '';
  let longestUpdate = 0;
  let updatesMs = 0;
  let lastDeltaAt = 0;
  for (const chunk of chunks) {
    await nextTask(paceMs);
    lastDeltaAt = performance.now();
    text += chunk;
    const current = text;
    flushSync(() => root?.render(view(name, current, true, source)));
    const took = performance.now() - lastDeltaAt;
    updatesMs += took;
    longestUpdate = Math.max(longestUpdate, took);
  }
  await nextTask(0);
  const finalAt = performance.now();
  flushSync(() => root?.render(view(name, text, false, source)));
  const took = performance.now() - finalAt;
  updatesMs += took;
  longestUpdate = Math.max(longestUpdate, took);
  const paintedAt = await painted();
  // The same span in the trace (bench/peers/trace.ts reads the main thread's CPU time within it).
  performance.measure(FINAL_SPAN, { start: lastDeltaAt, end: paintedAt });
  return { longestTask: Math.max(longestUpdate, ...longTasks), updatesMs, finalLag: paintedAt - lastDeltaAt, text: shownText(container) };
}

(window as unknown as { __peers: { run: typeof run } }).__peers = { run };
