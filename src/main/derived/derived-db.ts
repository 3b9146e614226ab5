// Main's side of the derived database: starts the worker, sends typed requests and matches replies. It never
// throws at open: a worker that cannot start, a SQLite without FTS5 or a database that cannot be created makes it
// `unavailable` with the reason, and the app goes on without it (the session index in its JSON file, no search).
// A worker that stops unexpectedly fails what was pending and is started again on the next request.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../workers/worker-script.js';
import { DATABASE_FILE } from './database.js';
import type {
  DerivedCall,
  DerivedCalls,
  DerivedFailure,
  DerivedRequestMessage,
  DerivedWorkerData,
  DerivedWorkerMessage,
} from './protocol.js';

/** Why the derived database cannot be used. */
export interface DerivedUnavailable {
  reason: 'sqlite' | 'fts5' | 'open' | 'worker';
  /** What SQLite or the worker said (English, technical). */
  detail: string;
}

export type DerivedAvailability = { available: true; state: 'existing' | 'new' | 'reset' } | ({ available: false } & DerivedUnavailable);

/** A failed request; `code` as Node names errno codes where SQLite said why. */
export class DerivedError extends Error {
  readonly code: string | undefined;
  constructor(failure: DerivedFailure) {
    super(failure.message);
    this.name = 'DerivedError';
    this.code = failure.code;
  }
}

export interface DerivedDbOptions {
  dataDir: string;
  sessionsDir: string;
  log(message: string, error?: unknown): void;
}

/** Restarts after unexpected exits, per process: a worker that keeps dying is left dead. */
const MAX_RESTARTS = 3;

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class DerivedDb {
  private worker: Worker | undefined;
  private starting: Promise<DerivedAvailability> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private restarts = 0;
  private closed = false;
  private readonly resetListeners: (() => void)[] = [];
  /** How the database was found at the first start, or why it cannot be used. */
  availability!: DerivedAvailability;

  private constructor(private readonly options: DerivedDbOptions) {}

  /** Starts the worker and opens the database; never throws. */
  static async open(options: DerivedDbOptions): Promise<DerivedDb> {
    const db = new DerivedDb(options);
    db.availability = await db.start();
    return db;
  }

  get file(): string {
    return path.join(this.options.dataDir, DATABASE_FILE);
  }

  get available(): boolean {
    return this.availability.available;
  }

  /** Called when the worker had to start the database afresh (or was restarted): send it again what it lost. */
  onReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  private start(): Promise<DerivedAvailability> {
    this.starting ??= this.spawn().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async spawn(): Promise<DerivedAvailability> {
    let script: URL;
    try {
      script = await workerScript('derived-worker');
    } catch (error) {
      return { available: false, reason: 'worker', detail: String(error) };
    }
    const data: DerivedWorkerData = { file: this.file, sessionsDir: this.options.sessionsDir };
    return new Promise<DerivedAvailability>((resolve) => {
      let worker: Worker;
      try {
        worker = new Worker(script, { workerData: data, stderr: false });
      } catch (error) {
        resolve({ available: false, reason: 'worker', detail: String(error) });
        return;
      }
      let ready = false;
      worker.on('message', (message: DerivedWorkerMessage) => {
        if (message.kind === 'ready') {
          ready = true;
          if (message.available) {
            this.worker = worker;
            resolve({ available: true, state: message.state });
          } else {
            void worker.terminate();
            resolve({ available: false, reason: message.reason, detail: message.detail });
          }
          return;
        }
        if (message.kind === 'log') {
          this.options.log(`derived worker: ${message.message}`);
          return;
        }
        if (message.kind === 'reset') {
          this.announceReset();
          return;
        }
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        if (message.ok) waiting.resolve(message.value);
        else waiting.reject(new DerivedError(message.error));
      });
      worker.on('error', (error) => {
        this.options.log('the derived worker failed', error);
        if (!ready) resolve({ available: false, reason: 'worker', detail: String(error) });
      });
      worker.on('exit', (code) => {
        if (this.worker === worker) this.worker = undefined;
        if (!ready) resolve({ available: false, reason: 'worker', detail: `the worker exited with code ${code}` });
        const lost = [...this.pending.values()];
        this.pending.clear();
        for (const waiting of lost) waiting.reject(new DerivedError({ message: 'the derived worker stopped' }));
        if (!this.closed && ready) this.options.log(`the derived worker stopped (code ${code})`);
      });
    });
  }

  private announceReset(): void {
    for (const listener of this.resetListeners) {
      try {
        listener();
      } catch (error) {
        this.options.log('a derived database reset listener failed', error);
      }
    }
  }

  /** Sends one request; rejects with a DerivedError when it failed or the database cannot be used. */
  async call<K extends DerivedCall>(call: K, args: DerivedCalls[K]['request']): Promise<DerivedCalls[K]['reply']> {
    if (this.closed || !this.availability.available) throw new DerivedError({ message: 'the derived database is not available' });
    if (!this.worker) {
      if (this.restarts >= MAX_RESTARTS) throw new DerivedError({ message: 'the derived worker keeps stopping' });
      this.restarts += 1;
      const again = await this.start();
      if (!again.available) throw new DerivedError({ message: again.detail });
      // What it was doing when it stopped may be lost: listeners send it again.
      this.announceReset();
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker!.postMessage({ id, call, args } as DerivedRequestMessage);
    });
  }

  /** Closes the database and stops the worker (pending requests are answered first: replies keep their order). */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.worker && this.availability.available) {
      await this.call('close', {}).catch(() => undefined);
    }
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
