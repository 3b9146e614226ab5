// Search across every session, answered by the derived database's worker: main names the sessions and asks; the
// worker reads the files, tokenizes, stores and ranks (derived/search-upkeep.ts, derived/search-tables.ts), so no
// cost of search on main grows with the history. At start, once the session list is complete (`listed`) and the
// window has painted (`start`), the worker is told which sessions exist: it drops the ones gone and re-reads, in
// the background, every file whose size or change time differs from what it indexed. Queries are answered at once
// from what is indexed, with `indexing: true` meanwhile. Without a usable database, search says why it is unavailable.
import type { SearchHit, SearchRequest, SearchResponse, SearchUnavailable, TitleHit } from '../../shared/search.js';
import type { DerivedDb } from '../derived/derived-db.js';
import type { DerivedStats, SyncedSession } from '../derived/protocol.js';

/** The file the previous versions kept the index in; deleted once the database holds it. */
export const SEARCH_FILE = 'search-index.json';
const DEFAULT_LIMIT = 50;

export interface SearchServiceOptions {
  /** The derived database (its availability says whether search can work). */
  db: DerivedDb;
  /** Every readable session, with its file's state as main last saw it. */
  sessions(): Iterable<SyncedSession>;
  /** Resolves when `sessions()` lists every session (the session store's background check is over). */
  listed?(): Promise<void>;
  /** The name a session shows now, or undefined when it is not a session the window can open. */
  sessionName(id: string): string | undefined;
  log(message: string, error?: unknown): void;
  /** Removes the index file of earlier versions (called once the database answers). */
  removeOldIndex?(): Promise<void>;
}

export class SearchService {
  private started: Promise<void> | undefined;
  private synced = false;
  private readonly unavailable: SearchUnavailable | undefined;
  /** The worker's CPU time for the last query answered (the benchmark reads it). */
  lastQueryCpuMs = 0;

  constructor(private readonly options: SearchServiceOptions) {
    const availability = options.db.availability;
    this.unavailable = availability.available ? undefined : { reason: availability.reason, detail: availability.detail };
    // Started afresh (damage found in use) or restarted: it knows nothing any more, so it is told everything again.
    options.db.onReset(() => {
      if (this.synced) void this.sync();
    });
  }

  /** Tells the worker which sessions exist, once the list is complete (once; queries and `whenIdle` start it too). */
  start(): Promise<void> {
    if (this.unavailable) return Promise.resolve();
    this.started ??= (async () => {
      await this.options.listed?.();
      await this.sync();
      await this.options.removeOldIndex?.().catch((error: unknown) => this.options.log('the old search index could not be removed', error));
    })();
    return this.started;
  }

  private async sync(): Promise<void> {
    try {
      await this.options.db.call('search.sync', { sessions: [...this.options.sessions()] });
      this.synced = true;
    } catch (error) {
      this.options.log('search: the session list could not be sent to the index', error);
    }
  }

  /** Resolves when the worker has indexed every change named so far. */
  async whenIdle(): Promise<void> {
    if (this.unavailable) return;
    await this.start();
    await this.options.db.call('search.idle', {}).catch((error: unknown) => this.options.log('search: idle wait failed', error));
  }

  /** Hits of every chat, or only of the chats `within` names (a folder's members; the caller checked the folder). */
  async search(request: SearchRequest, within?: readonly string[]): Promise<SearchResponse> {
    if (this.unavailable) return { hits: [], titles: [], indexing: false, unavailable: this.unavailable };
    void this.start();
    const limit = request.limit ?? DEFAULT_LIMIT;
    const reply = await this.options.db.call('search.query', {
      query: request.query,
      // A few more than asked: hits of sessions the window cannot open are left out below.
      limit: limit + 10,
      includeReasoning: request.includeReasoning ?? false,
      ...(within && { within: [...within] }),
    });
    this.lastQueryCpuMs = reply.cpuMs;
    const hits: SearchHit[] = [];
    for (const hit of reply.hits) {
      if (hits.length >= limit) break;
      const sessionName = this.options.sessionName(hit.sessionId);
      if (sessionName === undefined) continue;
      const { position, ...rest } = hit;
      hits.push({ ...rest, sessionName, messageIndex: position + 1 });
    }
    const titles: TitleHit[] = [];
    for (const title of reply.titles) {
      const sessionName = this.options.sessionName(title.sessionId);
      // The name shown now may differ from the indexed one for a moment (a rename being indexed).
      if (sessionName !== title.name || titles.length >= limit) continue;
      titles.push({ sessionId: title.sessionId, sessionName, highlights: title.highlights });
    }
    return { hits, titles, indexing: reply.indexing || !this.synced };
  }

  /** The worker's work so far (tests and the benchmark count work, never time); undefined without a database. */
  async work(): Promise<DerivedStats | undefined> {
    if (this.unavailable) return undefined;
    return this.options.db.call('stats', {});
  }

  /** Empties the database's write-ahead log into it (the benchmark and tests measure from an empty log). */
  async checkpoint(): Promise<void> {
    if (!this.unavailable) await this.options.db.call('checkpoint', {});
  }

  /** The session's file changed: the worker re-reads it. */
  changed(sessionId: string): void {
    if (this.unavailable) return;
    this.options.db
      .call('search.changed', { id: sessionId })
      .catch((error: unknown) => this.options.log('search: a change was not indexed', error));
  }

  deleted(sessionId: string): void {
    if (this.unavailable) return;
    this.options.db
      .call('search.removed', { id: sessionId })
      .catch((error: unknown) => this.options.log('search: a deletion was not indexed', error));
  }
}
