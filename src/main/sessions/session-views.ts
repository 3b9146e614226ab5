// What the window is sent of sessions: the summaries of the list (cached until something changes), a session's detail
// (its newest page, or its whole shown branch) and the run in progress, and the list events that tell the window the
// list changed. Reads only; nothing here writes.
import { pendingCompare } from './compare/pending-pick.js';
import { LIST_ENVELOPE, type SessionEventEnvelope } from '../../shared/events.js';
import { messageText } from '../../shared/messages.js';
import { compareSessions } from '../../shared/session-order.js';
import type { SessionDetail, SessionSummary } from '../../shared/sessions.js';
import { usageTotals } from '../../shared/usage.js';
import { pageOf, pageRange, positionOf } from './paging.js';
import type { Runtime } from './session-cache.js';
import type { Loaded, SessionContext } from './session-context.js';
import { autoName } from './session-naming.js';
import type { MessageEntry } from './store/session-file.js';
import type { IndexEntry } from './store/session-store.js';

export class SessionViews {
  private listCache: { untitled: string; summaries: SessionSummary[] } | undefined;

  constructor(
    private readonly context: SessionContext,
    /** The runtime of a session, if the service has one (its run in progress, its broken-off run). */
    private readonly runtimeOf: (id: string) => Runtime | undefined,
    /** Delivers a list event to the window; never throws. Absent: nothing is told (tests of the views alone). */
    private readonly emitList?: (envelope: SessionEventEnvelope) => void,
  ) {}

  /** Summaries, newest activity first, from the index alone (no session file is opened). */
  list(): SessionSummary[] {
    const untitled = this.context.strings().untitled;
    if (this.listCache?.untitled !== untitled) this.listCache = undefined;
    if (!this.listCache) {
      const summaries: SessionSummary[] = [];
      for (const entry of this.context.store.entries()) summaries.push(this.summaryOf(entry));
      summaries.sort(compareSessions);
      // Frozen: the same array answers every call until something changes, so listing costs nothing per call.
      this.listCache = { untitled, summaries: Object.freeze(summaries) as SessionSummary[] };
    }
    return this.listCache.summaries;
  }

  /** Something a summary shows changed: the next `list()` builds the list again. */
  listChanged(): void {
    this.listCache = undefined;
  }

  /** The window's list learns `upserted` and `removed` at once (the list view is built again on the next call). */
  listed(upserted: readonly IndexEntry[], removed: readonly string[], finding = this.context.store.finding): void {
    this.listChanged();
    try {
      this.emitList?.({
        ...LIST_ENVELOPE,
        event: { type: 'sessions_listed', summaries: upserted.map((entry) => this.summaryOf(entry)), removed: [...removed], finding },
      });
    } catch (error) {
      this.context.log.error('session list delivery failed', error);
    }
  }

  summaryOf(entry: IndexEntry): SessionSummary {
    const runtime = this.runtimeOf(entry.id);
    const run = runtime?.run;
    const failed = run ? undefined : runtime?.failed;
    // An unnamed session is named from the first message it is answering now, not only once that run is saved; one
    // whose answer broke off keeps that name while the broken-off run is shown.
    const prompts = run ? run.prompts : (failed?.messages.filter((message) => message.role === 'user') ?? []);
    const pendingName = !entry.name && prompts.length ? autoName(prompts.map((message) => messageText(message)).join('\n')) : '';
    return {
      id: entry.id,
      name: entry.name || pendingName || this.context.strings().untitled,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      messageCount: entry.messageCount,
      model: entry.model,
      isStreaming: run !== undefined,
      pinned: entry.pinned === true,
      ...(entry.folder && { folderId: entry.folder.id }),
      ...(run?.awaitingApproval && { pendingApproval: true }),
      ...(failed && { failed: true }),
      ...(entry.problem && { problem: entry.problem.kind === 'unsupported_version' ? 'unsupported_version' : 'unreadable' }),
    };
  }

  /** The summary of a session the index knows now. */
  summaryOfId(id: string): SessionSummary {
    return this.summaryOf(this.context.store.entry(id)!);
  }

  /** The committed branch the window shows: a running run's base (a regenerate or an edit hides what it replaces). */
  shownBranch(runtime: Runtime, loaded: Loaded): MessageEntry[] {
    return runtime.run ? runtime.run.baseBranch : loaded.branch;
  }

  /** The session for the window: its whole shown branch (`all`), or its newest page plus the page around `around`. */
  detailOf(runtime: Runtime, loaded: Loaded, view: 'all' | { around?: string }): SessionDetail {
    const run = runtime.run;
    const branch = this.shownBranch(runtime, loaded);
    const refs = (entries: readonly MessageEntry[]) => loaded.tree.refs(entries);
    const [start, end] = view === 'all' ? [0, branch.length] : pageRange(branch, { before: branch.length })!;
    const shown = branch.slice(start, end);
    const detail: SessionDetail = {
      ...this.summaryOfId(runtime.id),
      systemPrompt: loaded.chat.systemPrompt,
      chat: {
        model: loaded.chat.model,
        params: loaded.chat.params,
        ...(loaded.chat.compareModels && { compareModels: loaded.chat.compareModels }),
        ...(loaded.chat.builtinTools && { builtinTools: loaded.chat.builtinTools }),
        ...(loaded.chat.knowledgeBases && { knowledgeBases: loaded.chat.knowledgeBases }),
      },
      ...(loaded.header.forkedFrom && { forkedFrom: loaded.header.forkedFrom }),
      messages: [loaded.system, ...shown.map((entry) => entry.message)],
      refs: refs(shown),
      start,
      total: branch.length,
      usage: usageTotals(branch.map((entry) => entry.message)),
      ...((loaded.condensed || loaded.condenseOff) && {
        condense: { ...(loaded.condensed && { summary: loaded.condensed }), off: loaded.condenseOff === true },
      }),
    };
    // A running compare speaks for itself by its events; an ended one without a pick is offered again.
    const pending = runtime.compare ? undefined : pendingCompare(loaded);
    if (pending) detail.pendingCompare = pending;
    // Older than the newest page: its own page too (cut where the newest begins), so the window can show it at once.
    const aroundId = view === 'all' ? undefined : view.around;
    if (aroundId !== undefined && positionOf(branch, aroundId) >= 0 && positionOf(branch, aroundId) < start) {
      const [from, to] = pageRange(branch, { around: aroundId })!;
      detail.around = pageOf(branch, [from, Math.min(to, start)], refs);
    }
    if (run) {
      // The snapshot sends pending text first, so `seq` is read after it: later deltas continue exactly here.
      const snapshot = run.snapshot();
      detail.activeRun = { ...snapshot, seq: runtime.seq };
    } else if (runtime.failed) {
      detail.failedRun = runtime.failed;
    }
    // Text kept for a restart: while the broken-off run is in memory, that run offers it (Retry), not the composer.
    const unsentText = this.context.store.unsentText.get(runtime.id);
    if (unsentText && !detail.failedRun) detail.draft = unsentText;
    if (loaded.mcpServers) detail.mcpServers = loaded.mcpServers;
    return detail;
  }
}
