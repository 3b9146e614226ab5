// The document worker: reads one document (documents/extract-core.ts) off main's thread, posts its progress and one
// DocumentResult, and ends. Main bounds its heap (resourceLimits) and its time (terminates it on timeout).
import { parentPort, workerData } from 'node:worker_threads';
import { extractBytes } from '../documents/extract-core.js';
import type { DocumentWorkerData, DocumentWorkerMessage } from '../documents/protocol.js';

const port = parentPort!;
const data = workerData as DocumentWorkerData;
const post = (message: DocumentWorkerMessage) => port.postMessage(message);

void extractBytes(data.bytes, data.name, (done, total) => post({ kind: 'progress', done, total }), data.limits).then(
  (result) => post({ kind: 'result', result }),
  (error: unknown) => post({ kind: 'result', result: { ok: false, error: { code: 'damaged', detail: String(error) } } }),
);
