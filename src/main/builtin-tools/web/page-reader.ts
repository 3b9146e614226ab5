// Reading a page for fetch_page: the guarded fetch (net-guard.ts) on main's event loop (I/O only), then extraction in
// the page worker, started on first use and kept while pages are being read (ended after a quiet minute).
import { Worker } from 'node:worker_threads';
import { workerScript } from '../../workers/worker-script.js';
import type { ExtractedPage } from './extract.js';
import { guardedFetch, type GuardedFetchOptions } from './net-guard.js';

export interface PageWorkerRequest {
  id: number;
  body: Uint8Array;
  contentType: string;
  url: string;
}
export type PageWorkerReply = { id: number; page: ExtractedPage } | { id: number; error: string };

/** A page read for the model: where it ended up and what it says. */
export type ReadPage = ExtractedPage & { url: string; bytes: number };

const IDLE_MS = 60_000;

export class PageReader {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(page: ExtractedPage): void; reject(error: Error): void }>();
  private idle: NodeJS.Timeout | undefined;

  async read(url: string, options: GuardedFetchOptions): Promise<ReadPage> {
    const response = await guardedFetch(url, options);
    const page = await this.extract(response.body, response.contentType, response.url, options.signal);
    return { ...page, url: response.url, bytes: response.body.length };
  }

  async extract(body: Uint8Array, contentType: string, url: string, signal?: AbortSignal): Promise<ExtractedPage> {
    const worker = await this.start();
    const id = this.nextId++;
    clearTimeout(this.idle);
    return new Promise<ExtractedPage>((resolve, reject) => {
      const onAbort = () => {
        this.waiting.delete(id);
        reject(new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(id, {
        resolve: (page) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(page);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      });
      const request: PageWorkerRequest = { id, body, contentType, url };
      worker.postMessage(request);
    }).finally(() => this.scheduleIdle());
  }

  async close(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private scheduleIdle(): void {
    clearTimeout(this.idle);
    if (this.waiting.size > 0) return;
    this.idle = setTimeout(() => void this.close(), IDLE_MS);
    this.idle.unref();
  }

  private async start(): Promise<Worker> {
    if (this.worker) return this.worker;
    const worker = new Worker(await workerScript('page-worker'), { stderr: false });
    worker.unref();
    worker.on('message', (reply: PageWorkerReply) => {
      const entry = this.waiting.get(reply.id);
      if (!entry) return;
      this.waiting.delete(reply.id);
      if ('page' in reply) entry.resolve(reply.page);
      else entry.reject(new Error(reply.error));
    });
    const fail = (error: Error) => {
      for (const entry of this.waiting.values()) entry.reject(error);
      this.waiting.clear();
      if (this.worker === worker) this.worker = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('page worker ended')));
    this.worker = worker;
    return worker;
  }
}
