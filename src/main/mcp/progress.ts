// Progress of a running tool call, as the chat is told of it. Every call asks for progress (`_meta.progressToken`);
// a server may then report as often as it likes, so what reaches the window is thinned here: a report passes when
// the last one passed at least `intervalMs` ago, and one held back is sent when that interval ends (the window never
// stays on an old message). A report that is not newer (same numbers, same words) is dropped. Time is injected.
import type { ToolCallProgress } from '../../shared/mcp.js';

/** How often a call's progress may reach the window: about four times a second. */
export const PROGRESS_INTERVAL_MS = 250;

export interface ProgressClock {
  now(): number;
  /** Runs `callback` after `ms`; the returned function cancels it. */
  later(callback: () => void, ms: number): () => void;
}

export const realProgressClock: ProgressClock = {
  now: () => performance.now(),
  later: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};

/** The progress an MCP notification carries, in the form the window shows (unknown fields dropped, text cut). */
export function toolCallProgress(params: { progress: number; total?: number; message?: string }): ToolCallProgress {
  return {
    progress: params.progress,
    ...(typeof params.total === 'number' && params.total > 0 && { total: params.total }),
    ...(typeof params.message === 'string' && params.message.trim() && { message: params.message.trim().slice(0, 200) }),
  };
}

export class ProgressGate {
  private last: ToolCallProgress | undefined;
  private lastAt = -Infinity;
  private held: ToolCallProgress | undefined;
  private cancelHeld: (() => void) | undefined;

  constructor(
    private readonly emit: (progress: ToolCallProgress) => void,
    private readonly clock: ProgressClock = realProgressClock,
    private readonly intervalMs: number = PROGRESS_INTERVAL_MS,
  ) {}

  push(progress: ToolCallProgress): void {
    if (sameProgress(progress, this.held ?? this.last)) return;
    const wait = this.lastAt + this.intervalMs - this.clock.now();
    if (wait <= 0) {
      this.send(progress);
      return;
    }
    this.held = progress;
    this.cancelHeld ??= this.clock.later(() => {
      this.cancelHeld = undefined;
      if (this.held) this.send(this.held);
    }, wait);
  }

  /** The call ended: nothing held back is sent after this. */
  close(): void {
    this.cancelHeld?.();
    this.cancelHeld = undefined;
    this.held = undefined;
  }

  private send(progress: ToolCallProgress): void {
    this.held = undefined;
    this.last = progress;
    this.lastAt = this.clock.now();
    this.emit(progress);
  }
}

function sameProgress(a: ToolCallProgress, b: ToolCallProgress | undefined): boolean {
  return b !== undefined && a.progress === b.progress && a.total === b.total && a.message === b.message;
}
