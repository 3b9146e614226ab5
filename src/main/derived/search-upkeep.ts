// Keeps the search tables in step with the session files, inside the derived worker. Main only names sessions
// (every readable one at start, then each that changed or was deleted); the worker reads the files itself, so
// tokenizing and parsing never run on main. Work is done in slices of about SLICE_MS between which the worker
// answers queries, and every file is committed in its own transaction with the file state it was read at: a restart
// resumes with exactly the files not indexed yet (or changed since).
import fs from 'node:fs';
import path from 'node:path';
import { parseSessionFile, shownBranch, summarize } from '../sessions/store/session-file.js';
import type { SyncedSession } from './protocol.js';
import type { IndexedFile, SearchTables } from './search-tables.js';

/** Longest stretch of indexing between two looks at the worker's messages. */
const SLICE_MS = 20;
/** Files stat-ed per slice while checking what changed since the last start. */
const CHECK_BATCH = 256;

export class SearchUpkeep {
  /** Sessions to read, in order: changes named by main first, then the start-up catch-up. */
  private readonly urgent = new Set<string>();
  private readonly background = new Set<string>();
  private toCheck: SyncedSession[] = [];
  private indexed: Map<string, IndexedFile> | undefined;
  private scheduled = false;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];
  sessionFilesRead = 0;
  sessionFilesStatted = 0;

  constructor(
    private tables: SearchTables,
    private readonly sessionsDir: string,
    private readonly log: (message: string) => void,
  ) {}

  /** The database was started afresh: follow the new tables (main sends every session again). */
  replaceTables(tables: SearchTables): void {
    this.tables = tables;
    this.urgent.clear();
    this.background.clear();
    this.toCheck = [];
    this.indexed = undefined;
  }

  /** The database is closing: nothing more is read or written; waiters are let go. */
  stop(): void {
    this.stopped = true;
    this.urgent.clear();
    this.background.clear();
    this.toCheck = [];
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  get pending(): number {
    return this.urgent.size + this.background.size + this.toCheck.length;
  }

  /** `sessions` are every readable one: indexed ones not among them are dropped now; the rest are checked in slices. */
  sync(sessions: readonly SyncedSession[]): { stale: number; dropped: number } {
    const indexed = this.tables.indexedFiles();
    const present = new Set(sessions.map((session) => session.id));
    let dropped = 0;
    for (const id of indexed.keys()) {
      if (present.has(id)) continue;
      this.tables.removeSession(id);
      indexed.delete(id);
      dropped += 1;
    }
    this.indexed = indexed;
    this.toCheck = [...sessions];
    this.schedule();
    return { stale: this.toCheck.length, dropped };
  }

  changed(id: string): void {
    this.background.delete(id);
    this.urgent.add(id);
    this.schedule();
  }

  removed(id: string): void {
    this.urgent.delete(id);
    this.background.delete(id);
    this.tables.removeSession(id);
  }

  /** Resolves once nothing is pending. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private schedule(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => this.slice());
  }

  private slice(): void {
    this.scheduled = false;
    if (this.stopped) return;
    const until = performance.now() + SLICE_MS;
    try {
      while (performance.now() < until) {
        const next = this.urgent.values().next().value ?? (this.toCheck.length === 0 ? this.background.values().next().value : undefined);
        if (next !== undefined) {
          // A file found changed at start was changed by someone else: its ids no longer vouch for its text.
          const fresh = !this.urgent.has(next);
          this.urgent.delete(next);
          this.background.delete(next);
          this.indexFile(next, fresh);
          continue;
        }
        if (this.toCheck.length === 0) break;
        this.checkBatch(this.toCheck.splice(0, CHECK_BATCH));
      }
    } catch (error) {
      // A database failure: the worker's handler decides (it may start the database afresh).
      this.log(`search index upkeep failed: ${String(error)}`);
      this.onFailure?.(error);
    }
    if (this.pending > 0) this.schedule();
    else for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Set by the worker: called when a slice fails on the database. */
  onFailure: ((error: unknown) => void) | undefined;

  private checkBatch(sessions: readonly SyncedSession[]): void {
    for (const { id, seen } of sessions) {
      const known = this.indexed?.get(id);
      let now: IndexedFile | undefined = seen;
      if (!now) {
        try {
          this.sessionFilesStatted += 1;
          const stat = fs.statSync(this.filePath(id));
          now = { size: stat.size, mtimeMs: stat.mtimeMs };
        } catch {
          if (known) this.tables.removeSession(id);
          continue;
        }
      }
      if (known && known.size === now.size && known.mtimeMs === now.mtimeMs) continue;
      this.background.add(id);
    }
  }

  private filePath(id: string): string {
    return path.join(this.sessionsDir, `${id}.jsonl`);
  }

  /** Reads the file as it is now and indexes its shown branch; a missing or unreadable file leaves no rows. */
  private indexFile(id: string, fresh: boolean): void {
    let bytes: Buffer;
    let state: IndexedFile;
    let fd: number | undefined;
    try {
      fd = fs.openSync(this.filePath(id), 'r');
      // The state is taken first and exactly its bytes are read: an append made meanwhile changes the size, so
      // the next check reads the file again rather than trusting an index that lacks it.
      const stat = fs.fstatSync(fd);
      bytes = Buffer.alloc(stat.size);
      let read = 0;
      while (read < stat.size) {
        const n = fs.readSync(fd, bytes, read, stat.size - read, read);
        if (n === 0) break;
        read += n;
      }
      bytes = bytes.subarray(0, read);
      state = { size: read, mtimeMs: stat.mtimeMs };
      this.sessionFilesRead += 1;
    } catch {
      this.tables.removeSession(id);
      return;
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
    const result = parseSessionFile(bytes, id);
    if (!result.ok) {
      // Unreadable (damaged, a newer format): nothing to find, but remember the state so it is not read again.
      this.tables.setBranch(id, '', [], state, true);
      return;
    }
    const parsed = result.session;
    const branch = shownBranch(parsed);
    const { name } = summarize({ header: parsed.header, name: parsed.name, title: parsed.title, branch, updatedAt: parsed.updatedAt });
    this.tables.setBranch(id, name, branch, state, fresh);
  }
}
