// Reading a page for fetch_page: the guarded fetch (net-guard.ts) on main's event loop (I/O only), then extraction in
// the page worker, started on first use and kept while pages are being read (ended after a quiet minute). A PDF goes
// to the document reader instead (its own worker), page by page, as an attached PDF does.
import { Worker } from 'node:worker_threads';
import { workerScript } from '../../workers/worker-script.js';
import type { DocumentErrorCode, DocumentResult } from '../../../shared/documents.js';
import { extractDocument } from '../../documents/extract.js';
import type { ExtractedPage } from './extract.js';
import { guardedFetch, type GuardedFetchOptions } from './net-guard.js';

export interface PageWorkerRequest {
  id: number;
  body: Uint8Array;
  contentType: string;
  url: string;
}
export type PageWorkerReply = { id: number; page: ExtractedPage } | { id: number; error: string };

/** A PDF the document reader refused (protected, pictures only, damaged): its name and why, in the person's words. */
export interface DocumentRefusal {
  kind: 'documentError';
  title: string;
  code: DocumentErrorCode;
}

/** A page read for the model: where it ended up and what it says. */
export type ReadPage = (ExtractedPage | DocumentRefusal) & { url: string; bytes: number };

/** Reads a document's bytes into its parts (default: the document worker). */
export type ReadDocument = (bytes: Uint8Array, name: string) => Promise<DocumentResult>;

/** Whether a response is a PDF: by its type, or a generic type on a URL ending in .pdf. */
export function isPdf(contentType: string, url: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf' || type === 'application/x-pdf') return true;
  const generic = type === '' || type === 'application/octet-stream' || type === 'binary/octet-stream';
  return generic && /\.pdf$/i.test(new URL(url).pathname);
}

/** The file name a URL's last path segment gives (for the document reader and the page's title). */
function fileNameOf(url: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '');
  return last || 'page.pdf';
}

const IDLE_MS = 60_000;

export class PageReader {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(page: ExtractedPage): void; reject(error: Error): void }>();
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly readDocument: ReadDocument = (bytes, name) => extractDocument(bytes, name)) {}

  async read(url: string, options: GuardedFetchOptions): Promise<ReadPage> {
    const response = await guardedFetch(url, options);
    const where = { url: response.url, bytes: response.body.length };
    if (isPdf(response.contentType, response.url)) return { ...(await this.readPdf(response.body, response.url)), ...where };
    const page = await this.extract(response.body, response.contentType, response.url, options.signal);
    return { ...page, ...where };
  }

  private async readPdf(body: Uint8Array, url: string): Promise<ExtractedPage | DocumentRefusal> {
    const name = fileNameOf(url);
    const result = await this.readDocument(body, /\.pdf$/i.test(name) ? name : `${name}.pdf`);
    if (!result.ok) return { kind: 'documentError', title: name, code: result.error.code };
    const markdown = result.document.parts.map((part) => `## ${part.label}\n\n${part.text}`).join('\n\n');
    return { kind: 'text', title: name, markdown };
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
