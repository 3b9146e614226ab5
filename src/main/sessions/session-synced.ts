// What another computer wrote (sync), applied to this one: lines appended to an idle chat, a chat made there, a chat
// deleted there. Each is one store write; the window's list is told at once (views.listed), like the folder check.
import type { SessionCache } from './session-cache.js';
import type { SessionContext } from './session-context.js';
import type { SessionEdits } from './session-edits.js';
import { storeFailure } from './session-errors.js';
import type { SessionViews } from './session-views.js';
import type { FileLine, SessionHeader, SummaryFields } from './store/session-file.js';
import { StoreError, type IndexEntry } from './store/session-store.js';

export interface SyncedParts {
  context: SessionContext;
  cache: SessionCache;
  views: SessionViews;
  edits: SessionEdits;
  /** The facade's delete (it stops a run first). */
  remove: (sessionId: string) => Promise<unknown>;
}

export class SyncedSessions {
  constructor(private readonly parts: SyncedParts) {}

  /**
   * Lines another computer wrote, appended as they are when the chat is idle and its file still has `size` valid
   * bytes; `fields` are the summary of the file with them. A running chat answers 'busy', a file that grew meanwhile
   * 'changed' (nothing written either way; the next pass works it out again).
   */
  async append(
    sessionId: string,
    size: number,
    lines: readonly FileLine[],
    fields: SummaryFields,
  ): Promise<IndexEntry | 'busy' | 'changed'> {
    const { context, cache } = this.parts;
    const runtime = cache.known(sessionId);
    if (runtime?.run || runtime?.compare) return 'busy';
    let entry: IndexEntry;
    try {
      entry = await context.store.appendIfSize(sessionId, size, lines, fields);
    } catch (error) {
      if (error instanceof StoreError && (error.kind === 'changed' || error.kind === 'not_found')) return 'changed';
      throw storeFailure(error, context.strings(), context.log);
    }
    // What is in memory no longer matches the file: the next open reads it again.
    if (runtime && !runtime.run && !runtime.compare) cache.unload(runtime);
    context.clock.observe(entry.updatedAt);
    context.notify((observer) => observer.changed(sessionId));
    this.parts.views.listed([entry], []);
    return entry;
  }

  /** A chat another computer made, stored whole in one atomic write like an import. */
  async adopt(header: SessionHeader, lines: readonly FileLine[]): Promise<IndexEntry> {
    const entry = await this.parts.edits.imported(header, lines);
    this.parts.context.clock.observe(entry.updatedAt);
    this.parts.views.listed([entry], []);
    return entry;
  }

  /** A chat deleted on another computer; a chat already gone is fine. */
  async delete(sessionId: string): Promise<void> {
    if (!this.parts.context.store.entry(sessionId)) return;
    await this.parts.remove(sessionId);
    this.parts.views.listed([], [sessionId]);
  }
}
