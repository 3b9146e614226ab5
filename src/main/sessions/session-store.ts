// Session storage: one append-only JSONL file per session plus an index of summaries, crash-safe.
// Knows files, fsync, torn tails and the index; knows nothing of agents, runs or events.
//
// - `<dir>/<id>.jsonl`: created atomically (temp + fsync + rename), then only ever appended to. Each append is one
//   write of whole lines followed by fsync; a torn tail left by a crash is cut off before the next append.
// - Bytes this store did not see are never cut: before an append the file must be exactly as this process last saw
//   it (size, mtime, inode). Otherwise someone else wrote it (another app, a sync tool, a restored backup): the file
//   is parsed again and, unless its committed content is what we knew, the append is refused with `changed`.
//   Repairs only ever shorten a file; a truncate never extends one with zeros.
// - `<dir>/index.json`: summaries plus each file's valid length and mtime, written atomically (temp + fsync +
//   rename), coalesced in the background. On open, any file whose size or mtime differs from its index entry (or that
//   the index lacks) is parsed again, so a stale or missing index is never trusted.
// - Unreadable files (garbage in the middle, unknown newer version) are recorded and reported, never written to.
// - A damaged folder never stops the app: files that vanish or cannot be read are skipped (and logged), a failed
//   index write is reported through `problem`, and a deleted sessions folder is made again by the next write.
import type { Stats } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { syncDirectory, writeFileAtomic } from '../storage/atomic-file.js';
import { storageCause, type StorageCause } from '../storage/storage-cause.js';
import { removeStaleTempFiles } from '../storage/temp-files.js';
import {
  FORMAT_VERSION,
  parseSessionFile,
  shownBranch,
  serializeLines,
  summarize,
  type FileLine,
  type ParsedSession,
  type ParseFailure,
  type SessionHeader,
  type SummaryFields,
} from './session-file.js';

/** Where storage problems are reported (main's Logger fits). Nothing logged here carries a secret. */
export interface SessionLogger {
  info(message: string): void;
  error(context: string, error?: unknown): void;
}

/** One session as the index knows it. `problem` marks a file that exists but cannot be used. */
export interface IndexEntry extends SummaryFields {
  /** Bytes of the file's valid prefix: where the next append goes. */
  size: number;
  mtimeMs: number;
  /** The file's length when last seen, when it has a torn tail beyond `size` (absent: equal to `size`). */
  fileSize?: number;
  /** The file's inode when last seen: a file replaced by another (a restore) is a different file. */
  ino?: number;
  problem?: ParseFailure;
}

/** `changed`: the file is not as this process last saw it (another writer); it was re-read and nothing was written. */
export type StoreErrorKind = 'not_found' | 'corrupt' | 'unsupported_version' | 'io' | 'changed';

/** A storage failure the service turns into a localized AppError. `detail` is for logs and is never user-facing alone. */
export class StoreError extends Error {
  constructor(
    readonly kind: StoreErrorKind,
    readonly detail: string,
    /** For `io`: what the system said, as a cause the person can act on. */
    readonly storageCause: StorageCause = 'io',
  ) {
    super(detail);
    this.name = 'StoreError';
  }
}

/** What a background check of the folder changed in the index: entries added or re-read, and ids dropped. */
export interface IndexChange {
  upserted: IndexEntry[];
  removed: string[];
  /** A rebuild without an index may still find more (false on its last change). */
  finding: boolean;
}

interface IndexFile {
  version: 1;
  sessions: IndexEntry[];
}

const INDEX_FILE = 'index.json';
/** Files stat-ed (and, when stale, parsed) at once by the background check. */
const SCAN_BATCH = 64;
/** Changes reported together: a rebuild of 10,000 sessions tells its listeners about 40 times, not 10,000. */
const SCAN_REPORT = 256;
const SESSION_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

export class SessionStore {
  private readonly dir: string;
  private readonly logger: SessionLogger;
  private readonly index = new Map<string, IndexEntry>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private indexWrite: Promise<void> | undefined;
  private indexDirty = false;
  /** Text sent but never answered when the app quit, per session (drafts.json), offered again on the next open. */
  private readonly unsent = new Map<string, string>();
  private draftsWrite: Promise<void> = Promise.resolve();
  /** Why the last write of the index failed (disk full, read-only…), until one succeeds again. */
  private writeProblem: StorageCause | undefined;
  private scanning: Promise<void> = Promise.resolve();
  private rebuilding = false;
  private startCheck: (() => void) | undefined;
  private closing = false;
  private readonly listeners: ((change: IndexChange) => void)[] = [];
  /** Work on session files, counted for tests and benchmarks (they count work, never time). */
  readonly work = { sessionFilesRead: 0, sessionFilesStatted: 0 };

  constructor(options: { dir: string; log?: SessionLogger }) {
    this.dir = options.dir;
    this.logger = options.log ?? consoleLogger;
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
    const indexed = await this.readIndex();
    // A folder made just now holds nothing to find; one without an index may hold any number of sessions.
    this.rebuilding = indexed === undefined && created === undefined;
    for (const [id, entry] of indexed ?? []) this.index.set(id, entry);
    await this.readDrafts();
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
          if (known && sameFile(known, stat)) return;
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
        }),
      );
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
    if (batch.upserted.length + batch.removed.length || rebuilt) this.report(batch);
    // Drafts of sessions that are gone go with them (kept until now: without an index, sessions appear as found).
    if (!this.closing) for (const id of this.unsent.keys()) if (!this.index.has(id)) void this.setDraft(id, undefined);
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

  /** Text of `id` that was sent but never answered before the app quit, if any. */
  draft(id: string): string | undefined {
    return this.unsent.get(id);
  }

  /** Keeps (or with `undefined` forgets) a session's unanswered text, durably; writes happen one after another. */
  setDraft(id: string, text: string | undefined): Promise<void> {
    if (text === undefined ? !this.unsent.has(id) : this.unsent.get(id) === text) return this.draftsWrite;
    if (text === undefined) this.unsent.delete(id);
    else this.unsent.set(id, text);
    const body = JSON.stringify({ version: 1, drafts: Object.fromEntries(this.unsent) });
    this.draftsWrite = this.draftsWrite
      .then(() => writeFileAtomic(this.draftsPath, body))
      .catch((error: unknown) => {
        this.logger.error(`drafts ${this.draftsPath} could not be written`, error);
      });
    return this.draftsWrite;
  }

  private get draftsPath(): string {
    return path.join(this.dir, 'drafts.json');
  }

  private async readDrafts(): Promise<void> {
    try {
      const parsed = JSON.parse(await fs.readFile(this.draftsPath, 'utf8')) as { drafts?: Record<string, unknown> };
      for (const [id, text] of Object.entries(parsed.drafts ?? {})) {
        if (typeof text === 'string' && text.trim()) this.unsent.set(id, text);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.error(`drafts ${this.draftsPath} could not be read`, error);
    }
  }

  /** Every session in the index, usable or not, in no particular order. Never touches the files. */
  entries(): IterableIterator<IndexEntry> {
    return this.index.values();
  }

  entry(id: string): IndexEntry | undefined {
    return this.index.get(id);
  }

  /**
   * Creates the file with its header (and any first lines, e.g. an imported chat) atomically; the session exists once
   * this resolves. `lines` must parse whole (`corrupt` otherwise, and nothing is written).
   */
  async create(header: SessionHeader, lines: readonly FileLine[] = []): Promise<IndexEntry> {
    const id = header.id;
    return this.withLock(id, async () => {
      if (this.index.has(id)) throw new StoreError('io', `session ${id} already exists`);
      const bytes = Buffer.from(serializeLines([header, ...lines]));
      const summary = summaryOfNew(header, lines, bytes);
      const finalPath = this.filePath(id);
      try {
        // The sessions folder may have been deleted while the app ran: a new chat makes it again.
        await fs.mkdir(this.dir, { recursive: true });
        await writeFileAtomic(finalPath, bytes);
        const stat = await fs.stat(finalPath);
        const entry: IndexEntry = {
          ...summary,
          size: bytes.length,
          mtimeMs: stat.mtimeMs,
          ino: stat.ino,
        };
        this.index.set(id, entry);
        this.scheduleIndexWrite();
        return entry;
      } catch (error) {
        throw ioError(error);
      }
    });
  }

  /** Reads and parses one session file (its committed content; a torn tail is ignored here and cut on the next append). */
  async load(id: string): Promise<ParsedSession> {
    return this.withLock(id, async () => {
      const entry = this.usableEntry(id);
      let read: { bytes: Buffer; stat: Stats };
      try {
        this.work.sessionFilesRead += 1;
        read = await readWithStat(this.filePath(id));
      } catch (error) {
        throw ioError(error);
      }
      const result = parseSessionFile(read.bytes, id);
      if (!result.ok) {
        this.logger.info(`session file ${this.filePath(id)} cannot be read: ${result.failure.detail}`);
        this.index.set(id, { ...entry, problem: result.failure });
        this.scheduleIndexWrite();
        throw new StoreError(result.failure.kind, result.failure.detail);
      }
      const seen = seenState(result.session.validLength, read.bytes.length, read.stat);
      if (result.session.validLength !== entry.size) {
        // Only another writer can get here (ours keep the index in step); trust what the file says now.
        this.logger.info(`session file ${this.filePath(id)} changed outside Tiny Agent; re-indexed`);
      }
      // What the caller now holds is exactly this file: later appends are checked against it.
      const next = { ...entry, ...seen };
      this.index.set(id, next);
      if (next.size !== entry.size || next.fileSize !== entry.fileSize || next.mtimeMs !== entry.mtimeMs || next.ino !== entry.ino) {
        this.scheduleIndexWrite();
      }
      return result.session;
    });
  }

  /**
   * Appends whole lines (one committed run, or one meta line) with a single write, then fsyncs. Resolves only when the
   * bytes are durable. `summary` gives the index fields afterwards from the current ones (evaluated in turn with other
   * writes to this session, so a rename and a commit never overwrite each other's fields). Never reads the file.
   */
  async append(id: string, lines: readonly FileLine[], summary: (current: IndexEntry) => SummaryFields): Promise<IndexEntry> {
    return this.withLock(id, async () => {
      let entry = this.usableEntry(id);
      const bytes = Buffer.from(serializeLines(lines));
      let handle: FileHandle | undefined;
      let writing = false;
      try {
        // O_APPEND without O_CREAT: a deleted session is never re-created by a late append.
        handle = await fs.open(this.filePath(id), fs.constants.O_WRONLY | fs.constants.O_APPEND);
        const before = await handle.stat();
        if (!sameFile(entry, before)) entry = await this.reconcile(id, entry, before);
        // A torn tail this process saw (an earlier write cut short by a crash or an error) is cut at the last
        // whole commit. `before.size > entry.size` here: truncate only ever shortens.
        if (before.size > entry.size) await handle.truncate(entry.size);
        writing = true;
        await writeAll(handle, bytes);
        await handle.sync();
        const after = await handle.stat();
        const next: IndexEntry = { ...summary(entry), ...seenState(entry.size + bytes.length, after.size, after) };
        this.index.set(id, next);
        this.writeProblem = undefined;
        this.scheduleIndexWrite();
        return next;
      } catch (error) {
        if (writing && handle) await this.undoPartialWrite(id, entry, handle);
        this.noteWriteFailure(error);
        throw ioError(error);
      } finally {
        await handle?.close().catch(() => undefined);
      }
    });
  }

  /**
   * The file is not as this process last saw it. Parse it again: if its committed content is still exactly what
   * we knew (e.g. only a torn tail of ours was added), carry on from what it is now; otherwise remember what the
   * file really holds and refuse, so nothing someone else wrote is cut and nothing is saved after a gap.
   */
  private async reconcile(id: string, entry: IndexEntry, stat: Stats): Promise<IndexEntry> {
    const fresh = await this.readEntry(id);
    if (fresh && !fresh.problem && fresh.size === entry.size && sameFile(fresh, stat)) {
      const next = { ...entry, ...seenState(fresh.size, fresh.fileSize ?? fresh.size, stat) };
      this.index.set(id, next);
      return next;
    }
    this.logger.info(`session file ${this.filePath(id)} was changed by another program; re-read, nothing written`);
    if (fresh) {
      this.index.set(id, fresh);
      this.scheduleIndexWrite();
    }
    throw new StoreError('changed', `session file ${id} was changed by another program`);
  }

  /** After a failed write: cut our own partial bytes (never extending the file) and remember what it is now. */
  private async undoPartialWrite(id: string, entry: IndexEntry, handle: FileHandle): Promise<void> {
    try {
      const now = await handle.stat();
      if (now.size > entry.size) await handle.truncate(entry.size);
      const after = await handle.stat();
      this.index.set(id, { ...entry, ...seenState(entry.size, after.size, after) });
    } catch {
      // The stat or cut failed too: the next append finds a file it does not know and re-reads it first.
    }
  }

  /**
   * Rewrites the file's header as `header` (a newer format version), after writing the file as it was to
   * `<id>.jsonl.v<old>.bak`. Both writes are atomic: a crash leaves the old file or the new one, never a mix. The
   * committed lines are kept byte for byte; a torn tail is dropped.
   */
  async migrate(id: string, header: SessionHeader): Promise<void> {
    return this.withLock(id, async () => {
      const entry = this.usableEntry(id);
      try {
        this.work.sessionFilesRead += 1;
        const bytes = await fs.readFile(this.filePath(id));
        const firstLineEnd = bytes.indexOf(0x0a) + 1;
        const old = JSON.parse(bytes.subarray(0, firstLineEnd).toString('utf8')) as SessionHeader;
        if (old.version >= header.version) return;
        await writeFileAtomic(`${this.filePath(id)}.v${old.version}.bak`, bytes);
        const migrated = Buffer.concat([Buffer.from(serializeLines([header])), bytes.subarray(firstLineEnd, entry.size)]);
        await writeFileAtomic(this.filePath(id), migrated);
        const stat = await fs.stat(this.filePath(id));
        this.index.set(id, { ...entry, ...seenState(migrated.length, migrated.length, stat) });
        this.scheduleIndexWrite();
      } catch (error) {
        throw ioError(error);
      }
    });
  }

  /** Removes the file and its index entry. Waits for any write in flight on that session first. */
  async delete(id: string): Promise<void> {
    return this.withLock(id, async () => {
      if (!this.index.has(id)) throw new StoreError('not_found', `session ${id} does not exist`);
      await this.remove(id);
    });
  }

  /**
   * Removes the session only if its file is still `size` bytes once every write queued before has landed (nothing was
   * appended meanwhile); answers whether it did.
   */
  async deleteIfSize(id: string, size: number): Promise<boolean> {
    return this.withLock(id, async () => {
      if (this.index.get(id)?.size !== size) return false;
      await this.remove(id);
      return true;
    });
  }

  /** The file, its older-format copies and its index entry; the caller holds the session's lock. */
  private async remove(id: string): Promise<void> {
    try {
      await fs.rm(this.filePath(id), { force: true });
      // A deleted conversation leaves nothing behind, not even the copy a format migration kept.
      for (let version = 1; version < FORMAT_VERSION; version++) await fs.rm(`${this.filePath(id)}.v${version}.bak`, { force: true });
      await syncDirectory(this.dir);
    } catch (error) {
      throw ioError(error);
    }
    this.index.delete(id);
    this.scheduleIndexWrite();
    await this.setDraft(id, undefined);
  }

  /** Resolves when the index (and the drafts) on disk reflect every change made so far. */
  async flush(): Promise<void> {
    await this.scanning;
    while (this.indexWrite) await this.indexWrite;
    await this.draftsWrite;
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

  get indexPath(): string {
    return path.join(this.dir, INDEX_FILE);
  }

  private usableEntry(id: string): IndexEntry {
    const entry = this.index.get(id);
    if (!entry) throw new StoreError('not_found', `session ${id} does not exist`);
    if (entry.problem) throw new StoreError(entry.problem.kind, entry.problem.detail);
    return entry;
  }

  /** Parses a file to (re)build its index entry; an unreadable file gets an entry with `problem` and is left alone. */
  private async readEntry(id: string): Promise<IndexEntry | undefined> {
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
    });
    // With a torn tail `size` is less than the file's: the next append (which finds the file as seen here) cuts it.
    return { ...summary, ...seenState(parsed.validLength, bytes.length, stat) };
  }

  private async readIndex(): Promise<Map<string, IndexEntry> | undefined> {
    let text: string;
    try {
      text = await fs.readFile(this.indexPath, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const parsed = JSON.parse(text) as IndexFile;
      if (parsed.version !== 1 || !Array.isArray(parsed.sessions)) throw new Error('unknown index shape');
      return new Map(parsed.sessions.map((entry) => [entry.id, entry]));
    } catch (error) {
      this.logger.info(`session index ${this.indexPath} is unreadable (${String(error)}); rebuilding it from the files`);
      return undefined;
    }
  }

  /** Starts an index write, or marks one more as needed if a write is in flight (writes coalesce under load). */
  private scheduleIndexWrite(): void {
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
    const body: IndexFile = { version: 1, sessions: [...this.index.values()] };
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await writeFileAtomic(this.indexPath, JSON.stringify(body));
      this.writeProblem = undefined;
    } catch (error) {
      this.noteWriteFailure(error);
      throw error;
    }
  }

  private noteWriteFailure(error: unknown): void {
    const cause = storageCause(error);
    if (cause === 'disk_full' || cause === 'read_only' || cause === 'no_permission') this.writeProblem = cause;
  }

  /** Runs `task` after every earlier task on the same session: appends, loads and deletes never interleave. */
  private withLock<T>(id: string, task: () => Promise<T>): Promise<T> {
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

const consoleLogger: SessionLogger = {
  info: (message) => console.warn(message),
  error: (context, error) => console.error(context, error),
};

/** The index fields of a file about to be created; its lines must all be committed content. */
function summaryOfNew(header: SessionHeader, lines: readonly FileLine[], bytes: Buffer): SummaryFields {
  if (lines.length === 0) return summarize({ header, name: undefined, branch: [], updatedAt: header.createdAt });
  const result = parseSessionFile(bytes, header.id);
  if (!result.ok) throw new StoreError(result.failure.kind, result.failure.detail);
  const parsed = result.session;
  if (parsed.validLength !== bytes.length) throw new StoreError('corrupt', 'the lines end with an uncommitted run');
  return summarize({ header, name: parsed.name, branch: shownBranch(parsed), updatedAt: parsed.updatedAt, pinned: parsed.pinned });
}

/** `write` may write less than asked; loop until every byte is down. */
async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

/** A missing file or folder is a storage condition (deleted under us), never an unknown session. */
function ioError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  return new StoreError('io', error instanceof Error ? error.message : String(error), storageCause(error) ?? 'io');
}

/** The file as seen now: `size` committed bytes of `fileSize`, with the mtime and inode that identify this state. */
function seenState(size: number, fileSize: number, stat: Stats): Pick<IndexEntry, 'size' | 'fileSize' | 'mtimeMs' | 'ino'> {
  return { size, ...(fileSize !== size ? { fileSize } : {}), mtimeMs: stat.mtimeMs, ino: stat.ino };
}

/** Is the file exactly as `known` last saw it? (An index from before inodes were kept matches on size and mtime.) */
function sameFile(known: IndexEntry, stat: Stats): boolean {
  const fileSize = known.fileSize ?? known.size;
  if (fileSize !== stat.size || known.mtimeMs !== stat.mtimeMs) return false;
  return known.ino === undefined || known.ino === stat.ino;
}

/** Reads a whole file and its stat through one handle, so both describe the same file. */
async function readWithStat(file: string): Promise<{ bytes: Buffer; stat: Stats }> {
  const handle = await fs.open(file, 'r');
  try {
    const stat = await handle.stat();
    const bytes = await handle.readFile();
    return { bytes, stat };
  } finally {
    await handle.close();
  }
}
