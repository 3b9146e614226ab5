// The sessions a folder holds and their summaries, kept in step with the files.
//
// - The index (summaries plus each file's valid length and mtime) is kept by an IndexPersistence: the derived
//   database in the app (one row per changed session), `<dir>/index.json` without it. Saves are coalesced in the
//   background and carry only the entries changed since the last one. On open, any file whose size or mtime differs
//   from its index entry (or that the index lacks) is parsed again, so a stale or missing index is never trusted.
// - Unreadable files (garbage in the middle, unknown newer version) are recorded and reported, never written to.
// - A damaged folder never stops the app: files that vanish or cannot be read are skipped (and logged), and a failed
//   index write is reported through `problem`. SessionStore (session-store.ts) adds the reads and writes of the files.
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { storageCause, type StorageCause } from '../../storage/storage-cause.js';
import { removeStaleTempFiles } from '../../storage/temp-files.js';
import { readWithStat, sameFile, seenState } from './file-state.js';
import { JsonIndexFile, type IndexPersistence } from './index-persistence.js';
import { parseSessionFile, shownBranch, summarize, type SummaryFields } from './session-file.js';
import { consoleLogger, type IndexChange, type IndexEntry, type SessionLogger } from './store-types.js';
import { UnsentTextStore } from './unsent-text.js';

/** A map that remembers which keys were set or deleted since `takeChanged()`. */
class TrackedMap<V> extends Map<string, V> {
  private changed = new Set<string>();
  override set(key: string, value: V): this {
    this.changed?.add(key);
    return super.set(key, value);
  }
  override delete(key: string): boolean {
    this.changed.add(key);
    return super.delete(key);
  }
  takeChanged(): Set<string> {
    const taken = this.changed;
    this.changed = new Set();
    return taken;
  }
  giveBack(keys: Iterable<string>): void {
    for (const key of keys) this.changed.add(key);
  }
}
/** Files stat-ed (and, when stale, parsed) at once by the background check. */
const SCAN_BATCH = 64;
/** Longest stretch of file parsing between two yields to the event loop while checking the folder. */
const PARSE_SLICE_MS = 8;
/** Changes reported together: a rebuild of 10,000 sessions tells its listeners about 40 times, not 10,000. */
const SCAN_REPORT = 256;
const SESSION_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

/** The index of one sessions folder; SessionStore adds the file operations. */
export class SessionIndex {
  protected readonly dir: string;
  protected readonly logger: SessionLogger;
  protected readonly index = new TrackedMap<IndexEntry>();
  private readonly persistence: IndexPersistence;
  private readonly locks = new Map<string, Promise<unknown>>();
  private indexWrite: Promise<void> | undefined;
  private indexDirty = false;
  /** Text sent but never answered when the app quit, per session, offered again on the next open. */
  readonly unsentText: UnsentTextStore;
  /** Why the last write of the index failed (disk full, read-only…), until one succeeds again. */
  protected writeProblem: StorageCause | undefined;
  private scanning: Promise<void> = Promise.resolve();
  private rebuilding = false;
  private startCheck: (() => void) | undefined;
  private saveAllAfterCheck = false;
  private closing = false;
  private readonly listeners: ((change: IndexChange) => void)[] = [];
  /** Work on session files, counted for tests and benchmarks (they count work, never time). */
  readonly work = { sessionFilesRead: 0, sessionFilesStatted: 0 };

  constructor(options: { dir: string; log?: SessionLogger; persistence?: (dir: string, log: SessionLogger) => IndexPersistence }) {
    this.dir = options.dir;
    this.logger = options.log ?? consoleLogger;
    this.unsentText = new UnsentTextStore(this.dir, this.logger);
    this.persistence = options.persistence?.(this.dir, this.logger) ?? new JsonIndexFile(this.dir, this.logger);
    // Lost (the database was started afresh): every entry is saved again.
    this.persistence.onLost?.(() => {
      this.index.giveBack(this.index.keys());
      this.scheduleIndexWrite();
    });
  }

  /**
   * Reads the index and returns: the sessions it lists are usable at once, and no session file is read or even
   * stat-ed on this path, so a start costs the same with 10 sessions or 10,000. Call once before anything else.
   * The folder is then checked in the background (`check()`): files the index lacks (or all of them, when there is
   * no index) are read, entries whose file changed are read again, entries whose file is gone are dropped; each
   * batch of changes is reported to `watch` listeners. With or without an index it waits for `check()` (the window
   * has painted), so its stats and parses never compete with the first paint: without an index that paint shows the
   * sessions known so far (none, or those created meanwhile), and the rest fill in as the rebuild finds them.
   */
  async open(): Promise<void> {
    const created = await fs.mkdir(this.dir, { recursive: true }).catch((error: unknown) => {
      // A read-only data folder without a sessions folder: there is nothing to list, and nothing can be saved.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') this.noteWriteFailure(error);
      return undefined;
    });
    const indexed = await this.persistence.load();
    // A folder made just now holds nothing to find; one without an index may hold any number of sessions.
    this.rebuilding = indexed === undefined && created === undefined;
    for (const [id, entry] of indexed ?? []) this.index.set(id, entry);
    // What was loaded is saved already (unless it came from an older format: then the check saves it all).
    this.index.takeChanged();
    this.saveAllAfterCheck = this.persistence.migrating === true;
    await this.unsentText.read();
    this.startCheck = () => {
      this.startCheck = undefined;
      this.scanning = this.scan(indexed).catch((error: unknown) =>
        this.logger.error(`sessions folder ${this.dir} could not be checked`, error),
      );
    };
  }

  /** Starts the background check of the folder, or the rebuild of a missing index (once). */
  check(): void {
    if (!this.closing) this.startCheck?.();
  }

  /** Starts the background check if needed and resolves when it is over (every session listed). */
  scanned(): Promise<void> {
    this.check();
    return this.scanning;
  }

  /** Whether sessions may still be found: there was no index and its rebuild has not ended yet. */
  get finding(): boolean {
    return this.rebuilding;
  }

  /** Calls `listener` with each batch of entries the background check added, re-read or dropped. */
  watch(listener: (change: IndexChange) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Compares the folder with the index: one listing, then a stat per file in parallel batches (yielding between
   * them), and a parse only for a file that differs from its entry or that the index lacks. An entry this process
   * touched since `open()` is current already and is left alone, as is a session created meanwhile.
   */
  private async scan(indexed: ReadonlyMap<string, IndexEntry> | undefined): Promise<void> {
    let names: string[] = [];
    try {
      names = await fs.readdir(this.dir);
    } catch (error) {
      this.logger.error(`sessions folder ${this.dir} cannot be listed`, error);
    }
    // A temp file is a create or index write that never completed; it was never reported, so it is dropped —
    // unless a live process (another part of this one) may still be writing it.
    await removeStaleTempFiles(this.dir);
    const ids = names.flatMap((name) => SESSION_FILE.exec(name)?.[1] ?? []);
    const present = new Set(ids);
    const untouched = (id: string) => indexed !== undefined && this.index.get(id) === indexed.get(id);
    let changed = indexed === undefined;
    let batch: IndexChange = { upserted: [], removed: [], finding: this.rebuilding };
    for (const id of indexed?.keys() ?? []) {
      if (present.has(id) || !untouched(id)) continue;
      this.index.delete(id);
      batch.removed.push(id);
    }
    for (let start = 0; start < ids.length && !this.closing; start += SCAN_BATCH) {
      // Stats run in parallel (the system does them); the files that differ are then read and parsed one at a time,
      // yielding often, so a rebuild of thousands of sessions never holds main for long.
      const stale: Array<{ id: string; known: IndexEntry | undefined }> = [];
      await Promise.all(
        ids.slice(start, start + SCAN_BATCH).map(async (id) => {
          const known = this.index.get(id);
          if (known && !untouched(id)) return;
          let stat: Stats;
          try {
            this.work.sessionFilesStatted += 1;
            stat = await fs.stat(this.filePath(id));
          } catch (error) {
            // A dangling link, or a file removed between listing and here: not a session we can show.
            this.logger.error(`session file ${this.filePath(id)} cannot be read; skipped`, error);
            if (known && this.index.get(id) === known) {
              this.index.delete(id);
              batch.removed.push(id);
            }
            return;
          }
          if (!known || !sameFile(known, stat)) stale.push({ id, known });
        }),
      );
      let slice = performance.now();
      for (const { id, known } of stale) {
        if (this.closing) break;
        await this.withLock(id, async () => {
          if (this.index.get(id) !== known) return;
          const entry = await this.readEntry(id);
          if (entry) {
            this.index.set(id, entry);
            batch.upserted.push(entry);
          } else if (known) {
            this.index.delete(id);
            batch.removed.push(id);
          }
        });
        if (performance.now() - slice > PARSE_SLICE_MS) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          slice = performance.now();
        }
      }
      if (batch.upserted.length + batch.removed.length >= SCAN_REPORT) {
        changed = true;
        this.report(batch);
        batch = { upserted: [], removed: [], finding: this.rebuilding };
      }
    }
    // A rebuild always says that it ended, even with nothing more to report.
    const rebuilt = this.rebuilding && !this.closing;
    if (rebuilt) this.rebuilding = batch.finding = false;
    if (batch.upserted.length + batch.removed.length) changed = true;
    if (this.saveAllAfterCheck) {
      this.saveAllAfterCheck = false;
      changed = true;
    }
    if (batch.upserted.length + batch.removed.length || rebuilt) this.report(batch);
    // Unsent text of sessions that are gone go with them (kept until now: without an index, sessions appear as found).
    if (!this.closing) for (const id of [...this.unsentText.ids()]) if (!this.index.has(id)) void this.unsentText.set(id, undefined);
    // The files are the truth: an index that cannot be written now (full disk, read-only folder) is rebuilt later,
    // and `problem` says why meanwhile.
    if (changed) {
      this.scheduleIndexWrite();
      await this.indexWrite;
    }
  }

  private report(change: IndexChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.logger.error('session index listener failed', error);
      }
    }
  }

  /** Why writes fail right now (disk full, read-only folder…), as far as the last index write could tell. */
  get problem(): StorageCause | undefined {
    return this.writeProblem;
  }

  /** Every session in the index, usable or not, in no particular order. Never touches the files. */
  entries(): IterableIterator<IndexEntry> {
    return this.index.values();
  }

  entry(id: string): IndexEntry | undefined {
    return this.index.get(id);
  }

  /** Resolves when the index (and the unsent text) on disk reflect every change made so far. */
  async flush(): Promise<void> {
    await this.scanning;
    while (this.indexWrite) await this.indexWrite;
    await this.unsentText.flush();
  }

  /** Stops the background check between batches (what it did not reach is checked at the next start), then flushes. */
  async close(): Promise<void> {
    this.closing = true;
    await this.flush();
  }

  /** Path of a session's file (tests and tools inspect it; nothing else writes it). */
  filePath(id: string): string {
    return path.join(this.dir, `${id}.jsonl`);
  }

  /** Where the index is kept (a path, for logs and tests). */
  get indexPath(): string {
    return this.persistence.where;
  }

  /** Parses a file to (re)build its index entry; an unreadable file gets an entry with `problem` and is left alone. */
  protected async readEntry(id: string): Promise<IndexEntry | undefined> {
    const file = this.filePath(id);
    let read: { bytes: Buffer; stat: Stats };
    try {
      this.work.sessionFilesRead += 1;
      read = await readWithStat(file);
    } catch (error) {
      this.logger.error(`session file ${file} cannot be read`, error);
      return undefined;
    }
    const { bytes, stat } = read;
    const result = parseSessionFile(bytes, id);
    if (!result.ok) {
      this.logger.info(`session file ${file} cannot be read: ${result.failure.detail}; it is left untouched`);
      const blank: SummaryFields = { id, name: '', autoNamed: true, createdAt: 0, updatedAt: 0, messageCount: 0, model: '' };
      return { ...blank, ...seenState(bytes.length, bytes.length, stat), problem: result.failure };
    }
    const parsed = result.session;
    const summary = summarize({
      header: parsed.header,
      name: parsed.name,
      title: parsed.title,
      branch: shownBranch(parsed),
      updatedAt: parsed.updatedAt,
      pinned: parsed.pinned,
      ...(parsed.folder && { folder: parsed.folder }),
    });
    // With a torn tail `size` is less than the file's: the next append (which finds the file as seen here) cuts it.
    return { ...summary, ...seenState(parsed.validLength, bytes.length, stat) };
  }

  /** Starts an index write, or marks one more as needed if a write is in flight (writes coalesce under load). */
  protected scheduleIndexWrite(): void {
    this.indexDirty = true;
    if (this.indexWrite) return;
    this.indexWrite = (async () => {
      while (this.indexDirty) {
        this.indexDirty = false;
        try {
          await this.writeIndexNow();
        } catch (error) {
          // The files are the truth; a stale index is rebuilt on the next open.
          this.logger.error(`session index ${this.indexPath} could not be written`, error);
        }
      }
      this.indexWrite = undefined;
    })();
  }

  private async writeIndexNow(): Promise<void> {
    const changed = this.index.takeChanged();
    try {
      await this.persistence.save(this.index, changed);
      this.writeProblem = undefined;
    } catch (error) {
      this.index.giveBack(changed);
      this.noteWriteFailure(error);
      throw error;
    }
  }

  protected noteWriteFailure(error: unknown): void {
    const cause = storageCause(error);
    if (cause === 'disk_full' || cause === 'read_only' || cause === 'no_permission') this.writeProblem = cause;
  }

  /** Runs `task` after every earlier task on the same session: appends, loads and deletes never interleave. */
  protected withLock<T>(id: string, task: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(id) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    this.locks.set(id, settled);
    void settled.then(() => {
      if (this.locks.get(id) === settled) this.locks.delete(id);
    });
    return next;
  }
}
