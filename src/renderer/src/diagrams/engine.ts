// Drawing a mermaid diagram: the library is imported on the first diagram (its own chunk, never in the start-up
// bundle), runs with securityLevel 'strict' and plain-text labels, and its SVG is sanitized before it reaches the
// page. Results are remembered by theme and source, so a row scrolled back into view shows its diagram at once.
import { sanitizeDiagramSvg } from './sanitize-svg';

/** A drawn diagram (sanitized SVG markup) or the parser's message. */
export type DiagramResult = { ok: true; svg: string } | { ok: false; message: string };

/** The theme a diagram is drawn in. */
export type DiagramTheme = 'light' | 'dark';

/** Draws diagrams; injected so the view can be tested without a layout engine. */
export interface DiagramEngine {
  /** The remembered result for this source and theme, if it was drawn before. */
  cached(source: string, theme: DiagramTheme): DiagramResult | undefined;
  draw(source: string, theme: DiagramTheme): Promise<DiagramResult>;
}

type Mermaid = (typeof import('mermaid'))['default'];

/** At most this many results are remembered (oldest forgotten first). */
const REMEMBERED = 200;

/** The mermaid engine of the page; `load` imports the library (a dynamic import: its own chunk). */
export function createMermaidEngine(load: () => Promise<Mermaid> = () => import('mermaid').then((m) => m.default)): DiagramEngine {
  const results = new Map<string, DiagramResult>();
  let library: Promise<Mermaid> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let counter = 0;
  const keyOf = (source: string, theme: DiagramTheme) => `${theme}\u0000${source}`;

  async function drawNow(source: string, theme: DiagramTheme): Promise<DiagramResult> {
    library ??= load();
    const mermaid = await library;
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: theme === 'dark' ? 'dark' : 'default',
      htmlLabels: false,
      suppressErrorRendering: true,
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "PingFang SC", "Microsoft YaHei", sans-serif',
    });
    try {
      const { svg } = await mermaid.render(`md-mermaid-${++counter}`, source);
      return { ok: true, svg: sanitizeDiagramSvg(svg) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    cached: (source, theme) => results.get(keyOf(source, theme)),
    draw(source, theme) {
      const key = keyOf(source, theme);
      const known = results.get(key);
      if (known) return Promise.resolve(known);
      // One diagram at a time: mermaid keeps global state while it draws.
      const next = queue.then(() => drawNow(source, theme));
      queue = next.catch(() => undefined);
      return next.then((result) => {
        results.set(key, result);
        if (results.size > REMEMBERED) results.delete(results.keys().next().value as string);
        return result;
      });
    },
  };
}

let pageEngine: DiagramEngine | null = null;

/** The page's engine (created on first use; importing this module loads nothing). */
export function mermaidEngine(): DiagramEngine {
  pageEngine ??= createMermaidEngine();
  return pageEngine;
}
