// The import worker: reads one import file (transfer/import-reader.ts) — JSON.parse and the conversion of every
// conversation happen here, never on main — and sends the conversations to main in batches, one per `more` main sends
// (transfer/import-protocol.ts). It writes nothing: main stores each chat, and ends this thread to cancel.
import { parentPort, workerData } from 'node:worker_threads';
import { importBatches } from '../transfer/import-batches.js';
import type { ImportMore, ImportWorkerData, ImportWorkerMessage } from '../transfer/import-protocol.js';
import { archiveWork } from '../transfer/archive.js';
import { ImportRefusal, importReadWork, openImport } from '../transfer/import-reader.js';
import { TRANSFER_STRINGS } from '../transfer/strings.js';
import type { ReadConversation } from '../transfer/candidate.js';

const port = parentPort!;
const data = workerData as ImportWorkerData;
const strings = TRANSFER_STRINGS[data.locale];
const post = (message: ImportWorkerMessage) => port.postMessage(message);
const work = () => ({ ...importReadWork, entriesInflated: archiveWork.inflated });
const detail = (error: unknown) => String((error as { stack?: unknown; message?: unknown })?.stack ?? error);

/** Batches main has asked for and not yet been sent. */
let credit = 0;
let wake: (() => void) | undefined;
port.on('message', (message: ImportMore) => {
  if (message.kind !== 'more') return;
  credit += 1;
  wake?.();
});
const granted = () => (credit > 0 ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve)));

/** Posts a batch; one that cannot be cloned is sent conversation by conversation, and one that still cannot is refused. */
function postBatch(items: ReadConversation[], bytes: number): void {
  try {
    post({ kind: 'batch', items, bytes });
    return;
  } catch (error) {
    post({ kind: 'log', message: `import: a batch could not be sent whole (${detail(error)})` });
  }
  const alone = items.map((item): ReadConversation => {
    try {
      structuredClone(item);
      return item;
    } catch {
      const title = item.ok ? item.candidate.title : item.failure.title;
      return { ok: false, failure: { title, reason: strings.conversationUnreadable } };
    }
  });
  post({ kind: 'batch', items: alone, bytes });
}

async function run(): Promise<void> {
  let opened;
  try {
    opened = await openImport(data.source, {
      strings,
      limits: data.limits,
      systemPrompt: data.systemPrompt,
      now: data.now,
      logFailure: (context, error) => post({ kind: 'log', message: `${context}: ${detail(error)}` }),
    });
  } catch (error) {
    if (error instanceof ImportRefusal) {
      post({ kind: 'refused', message: error.message, work: work() });
      return;
    }
    throw error;
  }
  post({ kind: 'opened', total: opened.total });
  for (const batch of importBatches(opened.conversations, data.batch)) {
    await granted();
    credit -= 1;
    wake = undefined;
    postBatch(batch.items, batch.bytes);
  }
  post({ kind: 'done', work: work() });
}

run().then(
  () => port.close(),
  (error: unknown) => {
    // A bug: thrown out of the thread, so main hears of it as the worker's error and says so.
    process.nextTick(() => {
      throw error;
    });
  },
);
