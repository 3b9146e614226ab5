// Batches streamed text and thinking increments so a fast model sends about one IPC message per frame, not one per
// token, and no message carries much more than the window formats in about a frame. The owner calls `flush()` before emitting any other event, so ordering across event types holds.

/** The timer the coalescer schedules with; injected so tests can drive time by hand. */
export interface CoalescerTimer {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Milliseconds on a monotonic clock. */
  time(): number;
}

export interface DeltaBatch {
  text?: string;
  thinking?: string;
}

export const realTimer: CoalescerTimer = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  time: () => performance.now(),
};

/** About one animation frame. */
export const DEFAULT_COALESCE_MS = 16;

/**
 * The most characters one batch carries (increments are never split: a larger one goes alone). The window formats,
 * styles and lays out a batch in one task: 4 KB of markdown in about 13 ms, while the 10-25 KB a fast local server's
 * burst fills in one interval took 50-90 ms, a stall while the answer streams and again after its last words.
 */
export const MAX_BATCH_CHARS = 4_096;

/**
 * Collects increments and emits them about once per interval (the first increment of a batch starts the clock). A
 * burst that keeps the event loop busy (a fast local server's whole answer read in one go) starves the timer, so an
 * increment arriving after the interval has passed sends the batch itself: the renderer gets the answer as a stream
 * it formats as it comes, not as one 100 KB update at the end.
 */
export class DeltaCoalescer {
  private text: string[] = [];
  private thinking: string[] = [];
  private pendingChars = 0;
  private handle: unknown;
  private scheduled = false;
  /** When the pending batch's first increment arrived. */
  private batchStart = 0;

  constructor(
    private readonly emit: (batch: DeltaBatch) => void,
    private readonly intervalMs: number = DEFAULT_COALESCE_MS,
    private readonly timer: CoalescerTimer = realTimer,
    private readonly maxChars: number = MAX_BATCH_CHARS,
  ) {}

  push(kind: 'text' | 'thinking', delta: string): void {
    if (!delta) return;
    // A batch is applied thinking first, then text; thinking after pending text starts a new batch so the
    // renderer builds the parts in the order they arrived.
    if (kind === 'thinking' && this.text.length) this.flush();
    (kind === 'text' ? this.text : this.thinking).push(delta);
    this.pendingChars += delta.length;
    if (this.pendingChars >= this.maxChars) {
      this.flush();
      return;
    }
    if (this.scheduled) {
      if (this.timer.time() - this.batchStart >= this.intervalMs) this.flush();
      return;
    }
    this.scheduled = true;
    this.batchStart = this.timer.time();
    this.handle = this.timer.setTimeout(() => {
      this.scheduled = false;
      this.flush();
    }, this.intervalMs);
  }

  /** Emits whatever is pending now (nothing if empty). */
  flush(): void {
    if (this.scheduled) {
      this.timer.clearTimeout(this.handle);
      this.scheduled = false;
    }
    if (this.text.length === 0 && this.thinking.length === 0) return;
    const batch: DeltaBatch = {};
    if (this.thinking.length) batch.thinking = this.thinking.join('');
    if (this.text.length) batch.text = this.text.join('');
    this.text = [];
    this.thinking = [];
    this.pendingChars = 0;
    this.emit(batch);
  }

  /** Drops pending increments and the timer without emitting (the session is gone). */
  cancel(): void {
    if (this.scheduled) this.timer.clearTimeout(this.handle);
    this.scheduled = false;
    this.text = [];
    this.thinking = [];
    this.pendingChars = 0;
  }
}
