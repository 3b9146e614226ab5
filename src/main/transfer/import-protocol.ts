// The messages between main and the import worker. The worker reads the file, says whether it is accepted as a whole
// (`opened` with its count, or `refused`), then sends the conversations in order, converted, in batches — one batch per
// `more` main sends, so it is never more than a few batches ahead of what main has written. Main can stop it at any
// moment by ending the thread: nothing of the file is written by the worker itself. Everything here is
// structured-clone data.
import type { Locale } from '../../shared/settings.js';
import type { TRANSFER_LIMITS } from '../../shared/transfer.js';
import type { ReadConversation } from './candidate.js';

/** What the worker was started with. */
export interface ImportWorkerData {
  /** The file to import. */
  source: string;
  /** The language of refusals and reasons. */
  locale: Locale;
  limits: typeof TRANSFER_LIMITS;
  /** The system prompt of chats imported from elsewhere. */
  systemPrompt: string;
  /** Used when a conversation or message has no time (ms). */
  now: number;
  batch: ImportBatchLimits;
}

/**
 * A batch is full at `maxChats` conversations or `maxBytes` of session lines and attached files, whichever comes first
 * (a single larger conversation goes alone): main takes one batch in one task, so this bounds that task.
 */
export interface ImportBatchLimits {
  maxChats: number;
  maxBytes: number;
}

export const IMPORT_BATCH: ImportBatchLimits = { maxChats: 64, maxBytes: 256 * 1024 };

/** Batches the worker may be ahead of main: one being written, one waiting. */
export const IMPORT_WINDOW = 2;

/** Main → worker: one more batch may be sent. */
export interface ImportMore {
  kind: 'more';
}

/** What the worker did (tests and the benchmark count work, never time): bytes parsed, conversations read, ZIP entries inflated. */
export interface ImportWorkerWork {
  bytesParsed: number;
  conversationsRead: number;
  entriesInflated: number;
}

export type ImportWorkerMessage =
  /** The file is accepted as a whole and holds `total` conversations; batches follow. */
  | { kind: 'opened'; total: number }
  /** The file is refused as a whole (in the person's words); nothing follows. */
  | { kind: 'refused'; message: string; work: ImportWorkerWork }
  /** The next conversations in the file's order; `bytes` as counted against ImportBatchLimits. */
  | { kind: 'batch'; items: ReadConversation[]; bytes: number }
  /** Every conversation was sent. */
  | { kind: 'done'; work: ImportWorkerWork }
  /** A line for main's log. */
  | { kind: 'log'; message: string };
