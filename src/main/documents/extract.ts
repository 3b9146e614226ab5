// Main's side of reading a document: one worker thread per document, with a bounded heap and a time limit. Never
// throws: every failure (the worker's own, running out of memory, the time limit) is a DocumentResult.
import fs from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { DocumentResult } from '../../shared/documents.js';
import { workerScript } from '../workers/worker-script.js';
import { DEFAULT_EXTRACT_LIMITS, documentKindFor, type ExtractLimits } from './extract-core.js';
import type { DocumentWorkerData, DocumentWorkerMessage } from './protocol.js';

export interface ExtractOptions {
  /** Pages (or slides) done of all, reported as the worker goes. */
  onProgress?: (done: number, total: number) => void;
  /** Time the worker may take before it is ended (default 120 s). */
  timeoutMs?: number;
  /** Heap of the worker in MB (default 768). */
  maxHeapMb?: number;
  /** Bytes a document file may have (default 200 MB). */
  maxFileBytes?: number;
  limits?: Partial<ExtractLimits>;
  signal?: AbortSignal;
}

export const DOCUMENT_FILE_LIMIT = 200 * 1024 * 1024;

/** Reads a document from bytes or a file path; resolves with its parts or the reason it was not read. */
export async function extractDocument(source: Uint8Array | string, name: string, options: ExtractOptions = {}): Promise<DocumentResult> {
  if (!documentKindFor(name)) return { ok: false, error: { code: 'unsupported', detail: name } };
  const maxFileBytes = options.maxFileBytes ?? DOCUMENT_FILE_LIMIT;
  let bytes: Uint8Array;
  try {
    if (typeof source === 'string') {
      const stat = await fs.stat(source);
      if (stat.size > maxFileBytes)
        return { ok: false, error: { code: 'too_large', detail: `${stat.size} bytes (limit ${maxFileBytes})` } };
      bytes = await fs.readFile(source);
    } else bytes = source;
  } catch (error) {
    return { ok: false, error: { code: 'damaged', detail: String(error) } };
  }
  if (bytes.byteLength > maxFileBytes)
    return { ok: false, error: { code: 'too_large', detail: `${bytes.byteLength} bytes (limit ${maxFileBytes})` } };
  let script: URL;
  try {
    script = await workerScript('document-worker');
  } catch (error) {
    return { ok: false, error: { code: 'damaged', detail: `the document reader did not start: ${String(error)}` } };
  }
  const data: DocumentWorkerData = { bytes, name, limits: { ...DEFAULT_EXTRACT_LIMITS, ...options.limits } };
  return new Promise<DocumentResult>((resolve) => {
    let settled = false;
    let worker: Worker;
    const finish = (result: DocumentResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      void worker?.terminate();
      resolve(result);
    };
    const onAbort = () => finish({ ok: false, error: { code: 'timeout', detail: 'cancelled' } });
    const timeoutMs = options.timeoutMs ?? 120_000;
    const timer = setTimeout(() => finish({ ok: false, error: { code: 'timeout', detail: `not read within ${timeoutMs} ms` } }), timeoutMs);
    try {
      worker = new Worker(script, {
        workerData: data,
        stderr: false,
        resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 768, maxYoungGenerationSizeMb: 64 },
      });
    } catch (error) {
      finish({ ok: false, error: { code: 'damaged', detail: String(error) } });
      return;
    }
    options.signal?.addEventListener('abort', onAbort);
    worker.on('message', (message: DocumentWorkerMessage) => {
      if (message.kind === 'progress') options.onProgress?.(message.done, message.total);
      else finish(message.result);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish({ ok: false, error: { code: outOfMemory ? 'too_large' : 'damaged', detail: error.message } });
    });
    worker.on('exit', (code) => finish({ ok: false, error: { code: 'damaged', detail: `the reader ended (${code}) without a result` } }));
  });
}
