// The messages between main and the derived worker. Main never runs SQLite: it sends a request with an id and gets
// exactly one reply with the same id, in the order sent (the worker handles one message at a time); the worker also
// sends `reset` on its own when it had to start the database afresh. Everything here is structured-clone data.
import type { IndexEntry } from '../sessions/store/store-types.js';
import type { IndexedFile, RawHit, TitleHit } from './search-tables.js';
import type { KnowledgeCalls } from './knowledge-protocol.js';

/** What the worker was started with. */
export interface DerivedWorkerData {
  /** The database file. */
  file: string;
  /** The sessions folder (`<id>.jsonl`), read for the search index. */
  sessionsDir: string;
}

/** One readable session named to the worker at start. */
export interface SyncedSession {
  id: string;
  seen?: IndexedFile;
}

/** Counters of the worker's work since it started (tests and the benchmark count work, never time). */
export interface DerivedStats {
  sessionFilesRead: number;
  /** Session files the worker stat-ed itself while checking what changed (main's states spare most of them). */
  sessionFilesStatted: number;
  messagesTokenized: number;
  messagesIndexed: number;
  pending: number;
  resets: number;
  /** CPU time the worker thread has used (user + system). */
  cpuMs: number;
  /** The worker's JavaScript heap in use. */
  heapBytes: number;
}

/** Every request and the value its reply carries. */
export interface DerivedCalls {
  /** Up to `limit` saved index entries after id `after` (null: the first page), in id order. */
  'index.load': { request: { after: string | null; limit: number }; reply: IndexEntry[] };
  /** Upserts and deletes index entries, in one transaction. */
  'index.save': { request: { upserts: IndexEntry[]; removed: string[] }; reply: null };
  /**
   * These are every readable session: check each against what was indexed, re-read what differs, drop the rest.
   * `seen` is the file's length and change time as main's own folder check just found them; the worker trusts it
   * instead of statting the file a second time (absent: the worker stats).
   */
  'search.sync': { request: { sessions: SyncedSession[] }; reply: { stale: number; dropped: number } };
  /** The session's file changed (a commit, a branch switch, a rename…): index its shown branch as the file has it. */
  'search.changed': { request: { id: string }; reply: null };
  /** The session was deleted. */
  'search.removed': { request: { id: string }; reply: null };
  'search.query': {
    request: { query: string; limit: number; includeReasoning: boolean; /** Only these sessions; absent: all. */ within?: string[] };
    reply: { hits: RawHit[]; titles: TitleHit[]; indexing: boolean; cpuMs: number };
  };
  /** Replies once every pending re-read is done. */
  'search.idle': { request: Record<string, never>; reply: null };
  stats: { request: Record<string, never>; reply: DerivedStats };
  /** Copies the write-ahead log into the database and empties it (what SQLite does on its own every 1,000 pages). */
  checkpoint: { request: Record<string, never>; reply: null };
  /** Closes the database; the worker then exits. */
  close: { request: Record<string, never>; reply: null };
}
// Knowledge bases' calls (knowledge-protocol.ts) are part of the same protocol.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the knowledge calls into DerivedCalls
export interface DerivedCalls extends KnowledgeCalls {}

export type DerivedCall = keyof DerivedCalls;

export type DerivedRequestMessage = {
  [K in DerivedCall]: { id: number; call: K; args: DerivedCalls[K]['request'] };
}[DerivedCall];

/** Why a request failed: `code` as Node names errno codes (ENOSPC, EROFS, EACCES) where SQLite said so. */
export interface DerivedFailure {
  message: string;
  code?: string;
}

export type DerivedWorkerMessage =
  /** Sent once, first: whether the database opened and how it was found. */
  | { kind: 'ready'; available: true; state: 'existing' | 'new' | 'reset' }
  | { kind: 'ready'; available: false; reason: 'sqlite' | 'fts5' | 'open'; detail: string }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: DerivedFailure }
  /** The database was damaged in use and started afresh: everything it held must be sent again. */
  | { kind: 'reset' }
  /** A line for main's log. */
  | { kind: 'log'; message: string };
