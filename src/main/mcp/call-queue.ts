// One server's calls in order: a call that runs alone starts when the one before it has ended, and the next waits
// for it; a call that need not run alone starts at once. A call stopped while waiting never starts.

export class CallQueue {
  /** Settles when every call queued so far has ended. */
  private tail: Promise<void> = Promise.resolve();

  async run<T>(alone: boolean, signal: AbortSignal, call: () => Promise<T>): Promise<T> {
    if (!alone) return call();
    const before = this.tail;
    let release!: () => void;
    const ended = new Promise<void>((resolve) => (release = resolve));
    // Chained on `before` too: a call stopped while waiting ends early, yet the next still waits for the one before.
    this.tail = before.then(() => ended);
    try {
      await untilAborted(before, signal);
      return await call();
    } finally {
      release();
    }
  }
}

/** Resolves with `promise`, or rejects as soon as `signal` aborts. */
function untilAborted(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new Error('Operation aborted'));
  return new Promise((resolve, reject) => {
    const abort = () => reject(new Error('Operation aborted'));
    signal.addEventListener('abort', abort, { once: true });
    void promise.then(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    });
  });
}
