// Main's side of one import: starts the import worker on a file and hands its messages over as events, in order, for
// `for await`. It never throws: a worker that cannot start, or stops before it has sent every conversation, ends the
// events with `failed`. Flow is main's: the worker sends a batch only for each one main has taken (IMPORT_WINDOW ahead),
// so a file converted faster than it is written never piles up in main's memory. `stop()` ends the thread at once.
import { Worker } from 'node:worker_threads';
import { workerScript } from '../workers/worker-script.js';
import type { ReadConversation } from './candidate.js';
import {
  IMPORT_WINDOW,
  type ImportMore,
  type ImportWorkerData,
  type ImportWorkerMessage,
  type ImportWorkerWork,
} from './import-protocol.js';

export type ImportJobEvent =
  | { kind: 'opened'; total: number }
  | { kind: 'refused'; message: string; work: ImportWorkerWork }
  | { kind: 'batch'; items: ReadConversation[]; bytes: number }
  | { kind: 'done'; work: ImportWorkerWork }
  /** The worker could not start, or stopped before `done` (a bug, or a file beyond what it can hold). */
  | { kind: 'failed'; detail: string };

export interface ImportJobOptions {
  log(message: string, error?: unknown): void;
  /** Starts the worker thread; tests give other scripts. Default: the import worker. */
  spawn?: (data: ImportWorkerData) => Promise<Worker>;
}

/**
 * Work since start, for tests and the benchmark: the batches main took from import workers (and the largest, in chats
 * and bytes), and what those workers did, as they reported it when they finished.
 */
export const importJobWork = {
  /** Import worker threads running now. */
  workersAlive: 0,
  batches: 0,
  largestBatchChats: 0,
  largestBatchBytes: 0,
  worker: { bytesParsed: 0, conversationsRead: 0, entriesInflated: 0 } satisfies ImportWorkerWork,
};

async function spawnImportWorker(data: ImportWorkerData): Promise<Worker> {
  return new Worker(await workerScript('import-worker'), { workerData: data, stderr: false });
}

export class ImportJob implements AsyncIterable<ImportJobEvent> {
  private worker: Worker | undefined;
  private readonly queue: ImportJobEvent[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  private stopped = false;
  private stopping: Promise<void> | undefined;
  private readonly started: Promise<void>;

  private constructor(
    data: ImportWorkerData,
    private readonly options: ImportJobOptions,
  ) {
    this.started = this.begin(data);
  }

  /** Starts reading `data.source` in a worker; never throws (see `failed`). */
  static start(data: ImportWorkerData, options: ImportJobOptions): ImportJob {
    return new ImportJob(data, options);
  }

  private async begin(data: ImportWorkerData): Promise<void> {
    let worker: Worker;
    try {
      worker = await (this.options.spawn ?? spawnImportWorker)(data);
    } catch (error) {
      this.options.log('the import worker could not start', error);
      this.finish({ kind: 'failed', detail: String(error) });
      return;
    }
    if (this.stopped) {
      await worker.terminate();
      return;
    }
    this.worker = worker;
    importJobWork.workersAlive += 1;
    worker.on('message', (message: ImportWorkerMessage) => {
      if (this.ended) return;
      if (message.kind === 'log') {
        this.options.log(message.message);
        return;
      }
      if (message.kind === 'batch') {
        importJobWork.batches += 1;
        importJobWork.largestBatchChats = Math.max(importJobWork.largestBatchChats, message.items.length);
        importJobWork.largestBatchBytes = Math.max(importJobWork.largestBatchBytes, message.bytes);
      }
      if (message.kind === 'done' || message.kind === 'refused') {
        for (const key of ['bytesParsed', 'conversationsRead', 'entriesInflated'] as const) importJobWork.worker[key] += message.work[key];
        this.finish(message);
      } else this.push(message);
    });
    worker.on('error', (error) => {
      this.options.log('the import worker failed', error);
      this.finish({ kind: 'failed', detail: String(error) });
    });
    worker.on('exit', (code) => {
      importJobWork.workersAlive -= 1;
      if (this.worker === worker) this.worker = undefined;
      this.finish({ kind: 'failed', detail: `the import worker exited with code ${code}` });
    });
    for (let i = 0; i < IMPORT_WINDOW; i++) this.more();
  }

  private more(): void {
    this.worker?.postMessage({ kind: 'more' } satisfies ImportMore);
  }

  private push(event: ImportJobEvent): void {
    this.queue.push(event);
    this.wake?.();
  }

  /** The last event (ignored once the job has ended: a stop or an exit after `done` adds nothing). */
  private finish(event: ImportJobEvent): void {
    if (this.ended) return;
    if (!this.stopped) this.push(event);
    this.ended = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<ImportJobEvent> {
    await this.started;
    for (;;) {
      const event = this.queue.shift();
      if (event) {
        // Taken: the worker may prepare the next one while this one is written.
        if (event.kind === 'batch') this.more();
        yield event;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }

  /** Ends the worker now; events not yet taken are dropped and the iteration ends. Resolves once the thread is gone. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.stopped = true;
      this.queue.length = 0;
      this.finish({ kind: 'failed', detail: 'stopped' });
      const worker = this.worker;
      this.worker = undefined;
      await worker?.terminate();
      // A worker still starting is ended as soon as it has started.
      await this.started;
    })();
    return this.stopping;
  }
}
