// Session files: one append-only JSONL file per session, crash-safe. Knows files, fsync and torn tails; knows
// nothing of agents, runs or events. Which sessions exist, and their summaries, is SessionIndex's (session-index.ts).
//
// - `<dir>/<id>.jsonl`: created atomically (temp + fsync + rename), then only ever appended to. Each append is one
//   write of whole lines followed by fsync; a torn tail left by a crash is cut off before the next append.
// - Bytes this store did not see are never cut: before an append the file must be exactly as this process last saw
//   it (size, mtime, inode). Otherwise someone else wrote it (another app, a sync tool, a restored backup): the file
//   is parsed again and, unless its committed content is what we knew, the append is refused with `changed`.
//   Repairs only ever shorten a file; a truncate never extends one with zeros.
// - A deleted sessions folder is made again by the next create.
import type { Stats } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import { syncDirectory, writeFileAtomic } from '../../storage/atomic-file.js';
import { readWithStat, sameFile, seenState, writeAll } from './file-state.js';
import {
  FORMAT_VERSION,
  parseSessionFile,
  shownBranch,
  serializeLines,
  summarize,
  type FileLine,
  type ParsedSession,
  type SessionHeader,
  type SummaryFields,
} from './session-file.js';
import { SessionIndex } from './session-index.js';
import { ioError, StoreError, type IndexEntry } from './store-types.js';

export { StoreError, type IndexChange, type IndexEntry, type SessionLogger, type StoreErrorKind } from './store-types.js';

/** The sessions of one folder: the index (SessionIndex) plus creating, reading, appending to and deleting files. */
export class SessionStore extends SessionIndex {
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
    return this.withLock(id, () => this.appendLocked(id, lines, summary));
  }

  /**
   * Appends like `append`, only if the file's valid prefix is still `size` bytes once earlier writes landed (lines
   * merged from another computer were worked out against exactly that content); otherwise `changed`, nothing written.
   */
  async appendIfSize(id: string, size: number, lines: readonly FileLine[], summary: SummaryFields): Promise<IndexEntry> {
    return this.withLock(id, async () => {
      if (this.usableEntry(id).size !== size) throw new StoreError('changed', `session file ${id} grew since it was read`);
      return this.appendLocked(id, lines, () => summary);
    });
  }

  private async appendLocked(id: string, lines: readonly FileLine[], summary: (current: IndexEntry) => SummaryFields): Promise<IndexEntry> {
    {
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
    }
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
    await this.unsentText.set(id, undefined);
  }

  private usableEntry(id: string): IndexEntry {
    const entry = this.index.get(id);
    if (!entry) throw new StoreError('not_found', `session ${id} does not exist`);
    if (entry.problem) throw new StoreError(entry.problem.kind, entry.problem.detail);
    return entry;
  }
}

/** The index fields of a file about to be created; its lines must all be committed content. */
function summaryOfNew(header: SessionHeader, lines: readonly FileLine[], bytes: Buffer): SummaryFields {
  if (lines.length === 0) return summarize({ header, name: undefined, branch: [], updatedAt: header.createdAt });
  const result = parseSessionFile(bytes, header.id);
  if (!result.ok) throw new StoreError(result.failure.kind, result.failure.detail);
  const parsed = result.session;
  if (parsed.validLength !== bytes.length) throw new StoreError('corrupt', 'the lines end with an uncommitted run');
  return summarize({
    header,
    name: parsed.name,
    branch: shownBranch(parsed),
    updatedAt: parsed.updatedAt,
    pinned: parsed.pinned,
    ...(parsed.folder && { folder: parsed.folder }),
  });
}
