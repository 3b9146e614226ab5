// One AbortSignal for a streamed request that fires on the caller's abort, on no first token in time, or on
// no response byte for too long — and remembers which of them fired, because the SDK ends an aborted stream
// quietly and only we know whether the user stopped it or a timer did.

/** Which limit ended the request: the caller's signal, the first-token timer, or the inactivity timer. */
export type DeadlineCause = 'user' | 'first_token' | 'idle';

/** The two limits, in milliseconds. */
export interface DeadlineLimits {
  /** From the start until the first content/reasoning/tool delta. */
  firstTokenMs: number;
  /** Without any response activity (headers, any body bytes, SSE comments included); restarted by `activity()`. */
  idleMs: number;
}

/** Timers start at construction; `dispose()` stops them and unlinks the caller's signal. The first cause wins. */
export class RequestDeadline {
  private readonly controller = new AbortController();
  private firstTokenTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private firedCause: DeadlineCause | undefined;

  constructor(
    private readonly caller: AbortSignal,
    private readonly limits: DeadlineLimits,
  ) {
    if (caller.aborted) {
      this.fire('user');
      return;
    }
    caller.addEventListener('abort', this.onCallerAbort, { once: true });
    this.firstTokenTimer = setTimeout(() => this.fire('first_token'), limits.firstTokenMs);
    this.activity();
  }

  /** Aborted when any cause fires. Pass it to the request. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The cause that fired, if any. */
  get cause(): DeadlineCause | undefined {
    return this.firedCause;
  }

  /** Something arrived from the server: restart the inactivity timer. */
  activity(): void {
    if (this.disposed || this.firedCause) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.fire('idle'), this.limits.idleMs);
  }

  /** The first content arrived: the first-token limit no longer applies. */
  firstToken(): void {
    clearTimeout(this.firstTokenTimer);
    this.firstTokenTimer = undefined;
  }

  /** Stops both timers and unlinks the caller's signal. Idempotent. */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.firstTokenTimer);
    clearTimeout(this.idleTimer);
    this.caller.removeEventListener('abort', this.onCallerAbort);
  }

  private readonly onCallerAbort = (): void => this.fire('user');

  private fire(cause: DeadlineCause): void {
    if (this.disposed || this.firedCause) return;
    this.firedCause = cause;
    clearTimeout(this.firstTokenTimer);
    clearTimeout(this.idleTimer);
    this.controller.abort();
  }
}
