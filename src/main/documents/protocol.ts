// Messages between main and the document worker: main sends one document's bytes in workerData; the worker posts
// progress (pages done of pages) and then exactly one result.
import type { DocumentResult } from '../../shared/documents.js';
import type { ExtractLimits } from './extract-core.js';

export interface DocumentWorkerData {
  bytes: Uint8Array;
  name: string;
  limits: ExtractLimits;
}

export type DocumentWorkerMessage = { kind: 'progress'; done: number; total: number } | { kind: 'result'; result: DocumentResult };
