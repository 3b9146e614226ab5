// Keeps the search index in step with the sessions and on disk, so a start reads no session file.
//
// The index is saved as one snapshot (`<data>/search-index.json`) a few seconds after changes and on quit, with
// each session's file size at the time it was indexed. Parsing a large snapshot takes main a while, so it is not
// loaded at start: `start()` (called once the window has painted) or the first query loads it, after the session
// list is complete; a query waits for it, so answers are never partial. Once loaded, a session
// whose file size differs (changed by another version, restored from a backup) or that is missing is re-read, one
// at a time, yielding between slices; sessions that no longer exist are dropped. While that catch-up runs, answers
// say `indexing: true`. Commits and deletes arrive through the session service's observer and apply in order.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SearchRequest, SearchResponse } from '../../shared/search.js';
import { readFileIfExists, writeFileAtomic } from '../storage/atomic-file.js';
import { SearchIndex, type IndexableEntry, type IndexSnapshot } from './search-index.js';

export const SEARCH_FILE = 'search-index.json';
const FILE_VERSION = 1;
/** A long branch is indexed in slices of this many messages, yielding in between, so main never stalls on one. */
const SLICE = 400;
const DEFAULT_LIMIT = 50;

interface SearchFile {
  version: typeof FILE_VERSION;
  /** File size of each indexed session when it was indexed: a different size means re-read it. */
  sizes: Record<string, number>;
  index: IndexSnapshot;
}

export interface SearchServiceOptions {
  dataDir: string;
  /** Every readable session and its current file size. */
  sessions(): Iterable<{ id: string; size: number }>;
  /** The current file size of one session, or undefined when it no longer exists. */
  sizeOf(id: string): number | undefined;
  /** The session's current branch, read from its file. */
  readBranch(id: string): Promise<readonly IndexableEntry[]>;
  /** Resolves when `sessions()` lists every session (the session store's background check is over). */
  listed?(): Promise<void>;
  /** Shown names of the sessions, for the hits. */
  sessionNames(): ReadonlyMap<string, string>;
  log(message: string, error?: unknown): void;
  /** Delay before a change is saved (default 5 s). */
  saveDelayMs?: number;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SearchService {
  private index = SearchIndex.empty();
  private sizes: Record<string, number> = {};
  /** Sessions known to be missing from the index or out of date. */
  private readonly stale = new Set<string>();
  private loaded = false;
  /** Every change runs after the previous one, the initial load first. */
  private queue: Promise<void>;
  private saveTimer: NodeJS.Timeout | undefined;
  private dirty = false;
  private tooLargeToSave = false;
  private disposed = false;
  /** Messages tokenized since start (tests count work with it). */
  indexedMessages = 0;
  private started = false;
  private openGate!: () => void;
  private loadedResolve!: () => void;
  /** Queries wait for the snapshot, not for the catch-up of out-of-date sessions. */
  private readonly loadedPromise = new Promise<void>((resolve) => (this.loadedResolve = resolve));

  constructor(private readonly options: SearchServiceOptions) {
    // Changes that arrive before the load wait behind it, in order.
    this.queue = new Promise<void>((resolve) => (this.openGate = resolve)).then(() => this.load());
  }

  /** Loads the snapshot in the background (once); queries and `whenIdle` start it too. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.openGate();
  }

  private get filePath(): string {
    return path.join(this.options.dataDir, SEARCH_FILE);
  }

  /** Resolves when the snapshot is loaded and every out-of-date session re-indexed. */
  whenIdle(): Promise<void> {
    this.start();
    return this.queue;
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    this.start();
    await this.loadedPromise;
    const names = this.options.sessionNames();
    const hits = this.index.search(request.query, {
      limit: request.limit ?? DEFAULT_LIMIT,
      includeReasoning: request.includeReasoning ?? false,
      sessionName: (id) => names.get(id),
    });
    return { hits, indexing: this.stale.size > 0 };
  }

  /** The session service committed a run or switched branches: the index follows the branch now shown. */
  branchChanged(sessionId: string, branch: readonly IndexableEntry[]): void {
    this.enqueue(async () => {
      this.stale.delete(sessionId);
      await this.indexBranch(sessionId, branch);
    });
  }

  deleted(sessionId: string): void {
    this.enqueue(async () => {
      this.stale.delete(sessionId);
      this.index.removeSession(sessionId);
      delete this.sizes[sessionId];
      this.changed();
    });
  }

  /** Waits for pending changes and writes the snapshot if anything changed. */
  async dispose(): Promise<void> {
    this.disposed = true;
    // Never loaded: the snapshot on disk stays, and the sessions changed since no longer match its sizes, so the
    // next start re-reads exactly those.
    if (!this.started) return;
    await this.queue;
    clearTimeout(this.saveTimer);
    if (this.dirty) await this.save();
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((error: unknown) => this.options.log('search index update failed', error));
  }

  private async load(): Promise<void> {
    await this.options.listed?.();
    try {
      const text = await readFileIfExists(this.filePath);
      const file = text === undefined ? undefined : (JSON.parse(text) as SearchFile);
      if (file?.version === FILE_VERSION) {
        this.index = await SearchIndex.restore(file.index);
        this.sizes = file.sizes;
      }
    } catch (error) {
      // A damaged snapshot only costs a rebuild: the sessions are the source of truth.
      this.options.log('search index snapshot unreadable; rebuilding', error);
      this.index = SearchIndex.empty();
      this.sizes = {};
    }
    try {
      const present = new Set<string>();
      for (const { id, size } of this.options.sessions()) {
        present.add(id);
        if (this.sizes[id] !== size) this.stale.add(id);
      }
      for (const id of [...this.index.sessionIds()]) {
        if (present.has(id)) continue;
        this.index.removeSession(id);
        delete this.sizes[id];
        this.dirty = true;
      }
    } finally {
      this.loaded = true;
      this.loadedResolve();
    }
    for (const id of [...this.stale]) {
      if (this.disposed) return;
      if (!this.stale.has(id)) continue;
      try {
        await this.indexBranch(id, await this.options.readBranch(id));
      } catch (error) {
        this.options.log(`search: session ${id} could not be indexed`, error);
      }
      this.stale.delete(id);
      await yieldToEventLoop();
    }
  }

  private async indexBranch(sessionId: string, branch: readonly IndexableEntry[]): Promise<void> {
    for (let end = Math.min(branch.length, SLICE); ; end = Math.min(branch.length, end + SLICE)) {
      this.indexedMessages += this.index.setBranch(sessionId, end === branch.length ? branch : branch.slice(0, end));
      if (end === branch.length) break;
      await yieldToEventLoop();
    }
    const size = this.options.sizeOf(sessionId);
    if (size === undefined) this.index.removeSession(sessionId);
    else this.sizes[sessionId] = size;
    this.changed();
  }

  private changed(): void {
    this.dirty = true;
    if (this.disposed || !this.loaded) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.enqueue(() => this.save()), this.options.saveDelayMs ?? 5_000);
    this.saveTimer.unref?.();
  }

  private async save(): Promise<void> {
    if (!this.dirty || this.tooLargeToSave) return;
    this.dirty = false;
    const file: SearchFile = { version: FILE_VERSION, sizes: this.sizes, index: this.index.snapshot() };
    let text: string;
    try {
      text = JSON.stringify(file);
    } catch (error) {
      // Past V8's longest string there is no single snapshot: stop trying (each try costs seconds) and drop the old
      // one, so the next start re-reads the sessions rather than trusting an outdated index.
      this.tooLargeToSave = true;
      this.options.log('search index too large to save; it will be rebuilt at the next start', error);
      await fs.rm(this.filePath, { force: true }).catch(() => undefined);
      return;
    }
    try {
      await writeFileAtomic(this.filePath, text);
    } catch (error) {
      this.dirty = true;
      this.options.log('search index could not be saved', error);
    }
  }
}
