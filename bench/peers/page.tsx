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
import type { PeerName, PeerRun } from './protocol';

const remarkForStreamdown = [...Object.values(defaultRemarkPlugins), remarkMath];
const rehypeForStreamdown = [...Object.values(defaultRehypePlugins), rehypeKatex];

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
    <ReactMarkdown remarkPlugins={[remarkGfm, remarkMath]} rehypePlugins={[rehypeKatex]}>
      {text}
    </ReactMarkdown>
  );
}

/** The text a person reads, without controls and code-block headers, and with whitespace removed. */
function shownText(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll('button, .md-code-bar, [data-streamdown="code-block-header"], .katex-mathml')) el.remove();
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
  let lastDeltaAt = 0;
  for (const chunk of chunks) {
    await nextTask(paceMs);
    lastDeltaAt = performance.now();
    text += chunk;
    const current = text;
    flushSync(() => root?.render(view(name, current, true, source)));
    longestUpdate = Math.max(longestUpdate, performance.now() - lastDeltaAt);
  }
  await nextTask(0);
  const finalAt = performance.now();
  flushSync(() => root?.render(view(name, text, false, source)));
  longestUpdate = Math.max(longestUpdate, performance.now() - finalAt);
  const paintedAt = await painted();
  return { longestTask: Math.max(longestUpdate, ...longTasks), finalLag: paintedAt - lastDeltaAt, text: shownText(container) };
}

(window as unknown as { __peers: { run: typeof run } }).__peers = { run };
