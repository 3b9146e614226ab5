// Runs Python programs in Pyodide worker threads, one program per thread: a fresh interpreter every time (nothing
// leaks from one chat's program into the next), with one loaded thread kept warm so a run does not wait for Pyodide
// to load. The time limit and Stop terminate the thread at once; the next run gets a new one.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../../workers/worker-script.js';
import type { PythonOutputFile, PythonRunRequest, PythonWorkerData, PythonWorkerMessage } from './protocol.js';

export interface PythonLimits {
  /** Wall time a program may run, from when it starts (loading the interpreter is not counted). */
  timeoutMs: number;
  /** Memory the interpreter may use (wasm memory; the thread's JS heap is held to a quarter of it besides). */
  memoryMb: number;
}

export const DEFAULT_PYTHON_LIMITS: PythonLimits = { timeoutMs: 30_000, memoryMb: 512 };

/** How one run ended. `stdout`/`stderr` are what the program printed up to then. */
export type PythonRunOutcome = { stdout: string; stderr: string } & (
  | { kind: 'finished'; value?: string; error?: string; outOfMemory?: boolean; files: PythonOutputFile[] }
  | { kind: 'timeout' }
  | { kind: 'stopped' }
  | { kind: 'crashed'; detail: string; outOfMemory: boolean }
  | { kind: 'load-failed'; detail: string }
);

/** Milliseconds a loaded interpreter may wait for a program before its thread is let go. */
const IDLE_MS = 5 * 60_000;
const LOAD_TIMEOUT_MS = 120_000;

/** Pyodide's folder (wasm + standard library). In the packaged app it is unpacked beside the archive (asarUnpack). */
export function pyodideIndexURL(): string {
  const packageJson = createRequire(import.meta.url).resolve('pyodide/package.json');
  const dir = path.dirname(packageJson).replace(/\.asar([\\/])/, '.asar.unpacked$1');
  return `${dir}${path.sep}`;
}

interface Slot {
  starting: Promise<Worker>;
  /** Resolves true once the interpreter is loaded, false (with `failure`) if it could not be. */
  ready: Promise<boolean>;
  failure?: string;
  listeners: Set<(message: PythonWorkerMessage) => void>;
}

export class PythonRunner {
  private warmSlot: Slot | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private disposed = false;
  /** Threads started so far (each loads one interpreter). */
  started = 0;

  constructor(
    readonly limits: PythonLimits = DEFAULT_PYTHON_LIMITS,
    private readonly keepWarm = true,
  ) {}

  /** Starts loading an interpreter now so the next run finds it ready. */
  warm(): void {
    if (this.disposed || this.warmSlot) return;
    this.warmSlot = this.spawn();
    this.armIdle();
  }

  /** Resolves when the warm interpreter is loaded (true) or could not be (false); false when none is warming. */
  whenWarm(): Promise<boolean> {
    return this.warmSlot?.ready ?? Promise.resolve(false);
  }

  /** Runs `code` in a fresh interpreter; `onOutput` hears each printed line as it comes. */
  async run(code: string, signal: AbortSignal, onOutput?: (stream: 'stdout' | 'stderr', text: string) => void): Promise<PythonRunOutcome> {
    const output = { stdout: '', stderr: '' };
    if (signal.aborted) return { kind: 'stopped', ...output };
    const slot = this.warmSlot ?? this.spawn();
    this.warmSlot = undefined;
    clearTimeout(this.idleTimer);
    try {
      return await this.runIn(slot, code, signal, output, onOutput);
    } finally {
      void kill(slot);
      if (this.keepWarm) this.warm();
    }
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    clearTimeout(this.idleTimer);
    const slot = this.warmSlot;
    this.warmSlot = undefined;
    if (slot) await kill(slot);
  }

  private armIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      const slot = this.warmSlot;
      this.warmSlot = undefined;
      if (slot) void kill(slot);
    }, IDLE_MS);
    this.idleTimer.unref();
  }

  private spawn(): Slot {
    this.started++;
    const listeners = new Set<(message: PythonWorkerMessage) => void>();
    const data: PythonWorkerData = { indexURL: pyodideIndexURL(), memoryLimitBytes: this.limits.memoryMb * 1024 * 1024 };
    const starting = workerScript('python-worker').then(
      (script) =>
        new Worker(script, {
          workerData: data,
          // Nothing of main's environment (keys, paths) is visible inside.
          env: {},
          resourceLimits: { maxOldGenerationSizeMb: Math.max(64, Math.round(this.limits.memoryMb / 4)), maxYoungGenerationSizeMb: 16 },
          stdout: true,
          stderr: true,
        }),
    );
    const slot = { listeners, starting } as Slot;
    slot.ready = starting.then(
      (worker) =>
        new Promise<boolean>((resolve) => {
          worker.unref();
          // Pyodide's own prints before a program runs (none expected) are dropped, not written to main's console.
          worker.stdout.resume();
          worker.stderr.resume();
          const loadTimer = setTimeout(() => {
            slot.failure = 'timeout';
            resolve(false);
          }, LOAD_TIMEOUT_MS);
          loadTimer.unref();
          worker.on('message', (message: PythonWorkerMessage) => {
            if (message.kind === 'ready') resolve(true);
            else if (message.kind === 'load-failed') {
              slot.failure = message.detail;
              resolve(false);
            }
            for (const listener of listeners) listener(message);
          });
          worker.on('error', (error: Error) => {
            slot.failure ??= error.message;
            resolve(false);
            for (const listener of listeners) listener({ kind: 'load-failed', detail: describeError(error) });
          });
          worker.on('exit', () => {
            slot.failure ??= 'exited';
            resolve(false);
            if (this.warmSlot === slot) this.warmSlot = undefined;
          });
        }),
      (error: unknown) => {
        slot.failure = String(error);
        return false;
      },
    );
    return slot;
  }

  private runIn(
    slot: Slot,
    code: string,
    signal: AbortSignal,
    output: { stdout: string; stderr: string },
    onOutput?: (stream: 'stdout' | 'stderr', text: string) => void,
  ): Promise<PythonRunOutcome> {
    return new Promise<PythonRunOutcome>((resolve) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (outcome: PythonRunOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        slot.listeners.clear();
        resolve(outcome);
      };
      const onAbort = () => {
        void kill(slot);
        finish({ kind: 'stopped', ...output });
      };
      signal.addEventListener('abort', onAbort, { once: true });
      slot.listeners.add((message) => {
        if (message.kind === 'output') {
          output[message.stream] += message.text;
          onOutput?.(message.stream, message.text);
        } else if (message.kind === 'done') {
          const { kind: _done, ...result } = message;
          finish({ ...result, kind: 'finished', ...output });
        } else if (message.kind === 'load-failed') {
          const outOfMemory = /ERR_WORKER_OUT_OF_MEMORY|out of memory/i.test(message.detail);
          finish({ kind: 'crashed', detail: message.detail, outOfMemory, ...output });
        }
      });
      void slot.ready.then(async (ready) => {
        if (settled) return;
        if (!ready) {
          finish({ kind: 'load-failed', detail: slot.failure ?? 'unknown', ...output });
          return;
        }
        const worker = await slot.starting;
        worker.once('exit', (code) => finish({ kind: 'crashed', detail: `exit ${code}`, outOfMemory: false, ...output }));
        timer = setTimeout(() => {
          void kill(slot);
          finish({ kind: 'timeout', ...output });
        }, this.limits.timeoutMs);
        const request: PythonRunRequest = { kind: 'run', code };
        worker.postMessage(request);
      });
    });
  }
}

/** Ends a slot's thread at once (also one still starting). */
function kill(slot: Slot): Promise<void> {
  return slot.starting.then(
    async (worker) => void (await worker.terminate()),
    () => undefined,
  );
}

function describeError(error: Error): string {
  const code = (error as { code?: string }).code;
  return code ? `${code}: ${error.message}` : error.message;
}
