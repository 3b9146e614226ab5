// Main-thread work of one run, read from a Chromium trace (devtools.timeline): thread CPU time, so the figures hold
// on a machine shared with other work, where wall-clock time also counts the moments the thread waited for a core.

/** Main-thread figures of one traced run, in milliseconds of the renderer main thread's CPU time. */
export interface MainThreadWork {
  /** Everything but rendering: JavaScript, the HTML parsing it asks for, garbage collection. */
  scriptingMs: number;
  /** Rendering: style, layout, pre-paint, paint, layerizing and commit, when the browser ran them for a frame. */
  renderingMs: number;
  /** The longest single task. */
  longestTaskMs: number;
  /** From the last delta to the painted final DOM (the page's FINAL_SPAN measure): the main thread's work in it. */
  finalLagMs: number;
}

/** The trace categories `mainThreadWork` reads. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

// The steps of a frame's rendering, as the trace names them when a task runs them itself. Style or layout forced by
// script runs inside the script's own events and counts as scripting (it is the script's doing).
const RENDERING = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'UpdateLayer', 'ComputeIntersections']);

/**
 * Sums the renderer main thread's work in `trace` (the JSON Chromium wrote). Not every piece of script gets an event
 * of its own (a promise continuation runs inside its task without one), so scripting is what a task spent outside
 * the rendering steps rather than a sum of script events.
 */
export function mainThreadWork(trace: string, span: string): MainThreadWork {
  const parsed = JSON.parse(trace) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('the trace has no renderer main thread');
  const onMain = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const cpu = (e: TraceEvent): number => (e.tdur ?? e.dur ?? 0) / 1000;
  const work: MainThreadWork = { scriptingMs: 0, renderingMs: 0, longestTaskMs: 0, finalLagMs: 0 };
  const spanStart = events.findLast((e) => e.name === span && e.ph === 'b')?.ts;
  const spanEnd = events.findLast((e) => e.name === span && e.ph === 'e')?.ts;
  if (spanStart === undefined || spanEnd === undefined) throw new Error(`the trace has no ${span} measure`);
  let taskEnd = -1;
  let childEnd = -1;
  for (const e of onMain) {
    const end = e.ts + (e.dur ?? 0);
    if (e.ts >= taskEnd) {
      // A task (or an event outside any task, counted as one).
      taskEnd = end;
      childEnd = e.ts;
      work.scriptingMs += cpu(e);
      work.longestTaskMs = Math.max(work.longestTaskMs, cpu(e));
      // A task the span cuts through counts for the part inside it.
      const inside = Math.min(end, spanEnd) - Math.max(e.ts, spanStart);
      if (inside > 0) work.finalLagMs += (cpu(e) * inside) / Math.max(1, e.dur ?? 0);
      if (RENDERING.has(e.name)) {
        work.scriptingMs -= cpu(e);
        work.renderingMs += cpu(e);
      }
    } else if (e.ts >= childEnd) {
      // A step the task ran itself.
      childEnd = end;
      if (RENDERING.has(e.name)) {
        work.scriptingMs -= cpu(e);
        work.renderingMs += cpu(e);
      }
    }
  }
  return work;
}
