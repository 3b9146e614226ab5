// Compare and fork: one question to several models at once, and a new chat from any message. Types only.
import type { AssistantMessage } from './messages.js';
import type { ModelRef } from './settings.js';

/** Most and fewest models one compare asks. */
export const COMPARE_LIMITS = { minModels: 2, maxModels: 4 } as const;

/** One column of a compare: the model it asks and the run streaming its answer (events carry this run id). */
export interface CompareColumn {
  runId: string;
  model: ModelRef;
}

/** A column once its run ended: the stored answer (`messageId` and where it sits among its versions), if any. */
export interface CompareColumnEnd {
  runId: string;
  model: ModelRef;
  /** Absent when nothing was stored (failed, or stopped before any text). */
  messageId?: string;
  version?: number;
  versions?: number;
}

/** Starts a compare: `text` (and files) asked of each of `models` (2–4, distinct), answers streaming side by side. */
export interface CompareRequest {
  sessionId: string;
  text: string;
  models: ModelRef[];
  attachments?: string[];
}

/** The link a forked chat keeps to where it came from. */
export interface ForkOrigin {
  sessionId: string;
  messageId: string;
}

/**
 * A compare that ended while no answer was picked yet, as the chat's file keeps it (a `comparePick` meta line, `null`
 * once picked or dismissed): the question's text and each column's model and stored answer, in column order.
 */
export interface ComparePick {
  userText: string;
  columns: Array<{ model: ModelRef; messageId?: string }>;
}

/**
 * The pick still to make, as the window restores it after a restart: each column with its stored answer (absent when
 * the column stored none) and where it sits among the versions. Offered only while the chat shows one of the answers
 * last (nothing was sent after them).
 */
export interface PendingCompare {
  userText: string;
  columns: Array<CompareColumnEnd & { message?: AssistantMessage }>;
}
