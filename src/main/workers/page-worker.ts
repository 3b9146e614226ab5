// The page worker: turns one fetched page into Markdown (builtin-tools/web/extract.ts) off main's thread. Main sends
// { id, body, contentType, url }; the worker answers { id, page } or { id, error }.
import { parentPort } from 'node:worker_threads';
import { extractPage } from '../builtin-tools/web/extract.js';
import type { PageWorkerReply, PageWorkerRequest } from '../builtin-tools/web/page-reader.js';

const port = parentPort!;
port.on('message', (message: PageWorkerRequest) => {
  let reply: PageWorkerReply;
  try {
    reply = { id: message.id, page: extractPage(message.body, message.contentType, message.url) };
  } catch (error) {
    reply = { id: message.id, error: String((error as Error)?.message ?? error) };
  }
  port.postMessage(reply);
});
