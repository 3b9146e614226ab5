// The session layer's facade, method for method the IPC contract: each guards, delegates, answers. Around it: the
// cache of sessions in memory (session-cache.ts), the edits of a session file (session-edits.ts), the views sent to
// the window (session-views.ts), runs as objects (run/session-run.ts) and their lifecycle (session-runs.ts), error
// wording (session-errors.ts), and the store (store/).
//
// Runs: `send` answers `{ runId }` at once and the run proceeds in the background. Every event carries its session
// id and run id; `seq` grows by one per event within a session. A run ends with `saved` (committed and fsynced) or
// `error` (nothing committed; the user's text is handed back as `unsentText`), then `run_end`. The commit rule itself
// is in run-outcome.ts.
import type { FolderRef } from '../../shared/folders.js';
import type { SendTools } from '../../shared/builtin-tools.js';
import type { CondenseView } from '../../shared/condense.js';
import path from 'node:path';
import type { AttachmentPart } from '../../shared/attachments.js';
import type { ApprovalDecision } from '../../shared/mcp.js';
import { AppError } from '../../shared/errors.js';
import type { ChatSettingsPatch, QueueState, SessionDetail, SessionSummary } from '../../shared/sessions.js';
import type { MessagePage, PageWindow } from '../../shared/paging.js';
import type { ChatParams, ModelRef } from '../../shared/settings.js';
import { BranchTree } from './branches.js';
import { pageOf, pageRange, positionOf } from './paging.js';
import { SessionCache, type Runtime } from './session-cache.js';
import { createSessionContext, type Loaded, type SessionContext, type SessionServiceOptions } from './session-context.js';
import { SessionEdits } from './session-edits.js';
import { storeFailure } from './session-errors.js';
import { SessionRuns } from './session-runs.js';
import { SessionViews } from './session-views.js';
import { RunStarts } from './session-starts.js';
import type { FileLine, MessageEntry, SessionHeader, SummaryFields } from './store/session-file.js';
import { SessionStore, StoreError, type IndexChange, type IndexEntry } from './store/session-store.js';
import { SyncedSessions } from './session-synced.js';
import { CondenseActions } from './condense/condense-actions.js';
import { TitleWriter } from './title-writer.js';
import { Compares } from './compare/compares.js';
import { picks as picksAnswer } from './compare/pending-pick.js';

export { DEFAULT_IDLE_SESSIONS, type SessionObserver, type SessionServiceOptions } from './session-context.js';

const NO_QUEUE: QueueState = { steering: [], followUp: [] };

/** Opens the store under `<dataDir>/sessions` (rebuilding a stale index) and returns the service. */
export function createSessionService(options: SessionServiceOptions): Promise<SessionService> {
  return SessionService.open(options);
}

/** Sessions for the IPC contract: list, create, get, rename, delete, and the chat methods that drive runs. */
export class SessionService {
  private readonly context: SessionContext;
  private readonly cache: SessionCache;
  private readonly views: SessionViews;
  private readonly edits: SessionEdits;
  private readonly runs: SessionRuns;
  private readonly titles: TitleWriter | undefined;
  private readonly compares: Compares;
  private readonly synced: SyncedSessions;
  private readonly condense: CondenseActions;
  private readonly starts: RunStarts;
  private disposed = false;

  /** Opens the store under `<dataDir>/sessions` (rebuilding a stale index) and returns the service. */
  static async open(options: SessionServiceOptions): Promise<SessionService> {
    const store = new SessionStore({
      dir: path.join(options.dataDir, 'sessions'),
      log: options.log,
      persistence: options.indexPersistence,
    });
    await store.open();
    return new SessionService(store, options);
  }

  constructor(
    readonly store: SessionStore,
    private readonly options: SessionServiceOptions,
  ) {
    let latest = 0;
    for (const entry of store.entries()) latest = Math.max(latest, entry.updatedAt, entry.createdAt);
    this.context = createSessionContext(store, options, latest);
    this.cache = new SessionCache(this.context, options.maxIdleSessions);
    this.views = new SessionViews(this.context, (id) => this.cache.get(id), options.emit);
    this.edits = new SessionEdits(this.context);
    const autoTitle = options.autoTitle?.bind(options);
    if (autoTitle) this.titles = new TitleWriter({ streamFn: options.streamFn, enabled: autoTitle, log: this.context.log });
    const { cache, views, edits, titles, context } = this;
    this.runs = new SessionRuns({ context, options, cache, views, edits, titles });
    this.compares = new Compares(
      { context, options, cache, views, edits, titles },
      (id) => this.ready(id),
      (runtime) => this.assertIdle(runtime),
      (runtime, loaded, model) => this.runs.requestShaping(runtime, loaded, model),
    );
    this.synced = new SyncedSessions({ context, cache, views, edits, remove: (id) => this.delete(id) });
    this.condense = new CondenseActions({
      context,
      edits,
      views,
      condenser: this.runs.condenser,
      ready: (id) => this.ready(id),
      model: (loaded) => options.resolveModel(loaded.chat.model, loaded.chat.params),
    });
    this.starts = new RunStarts({
      options,
      cache,
      runs: this.runs,
      store,
      ready: (id) => this.ready(id),
      assertIdle: (runtime) => this.assertIdle(runtime),
    });
    store.watch((change) => this.indexChanged(change));
  }

  /** Sessions loaded in memory now (the open one, running ones, a few recent); tests and benchmarks count them. */
  get loadedCount(): number {
    return this.cache.loadedCount;
  }

  /** Summaries, newest activity first, from the index alone (no session file is opened). */
  list(): SessionSummary[] {
    return this.views.list();
  }

  /** Creates and stores an empty session (header only); the name follows the first message unless one is given. */
  /**
   * A new chat with the choices made before it existed; its knowledge bases (ids already checked) are its first
   * chat line. A first send that fails still takes the whole file away: it was never more than that send.
   */
  async create(request: {
    name?: string;
    systemPrompt?: string;
    model?: ModelRef;
    params?: ChatParams;
    knowledgeBases?: string[];
  }): Promise<SessionDetail> {
    this.assertOpen();
    const { knowledgeBases, ...made } = request;
    const model = made.model ?? this.options.defaultModel?.() ?? null;
    // A chat whose model cannot be reached (no provider, no key) is refused before any file exists.
    const resolved = this.options.resolveModel(model, made.params);
    const systemPrompt = made.systemPrompt?.trim() ? made.systemPrompt : this.options.defaultSystemPrompt();
    const header = await this.edits.created({ ...made, systemPrompt, model, modelId: resolved.id });
    const runtime = this.cache.runtime(header.id);
    const loaded = this.cache.setLoaded(runtime, header, new BranchTree(), {});
    if (knowledgeBases?.length) {
      try {
        await this.edits.chat(runtime, loaded, { knowledgeBases });
      } catch (error) {
        // Not made with what was chosen: not made at all.
        await this.delete(header.id).catch(() => undefined);
        throw error;
      }
    }
    runtime.headerOnlySize = this.store.entry(header.id)?.size;
    this.views.listChanged();
    return this.views.detailOf(runtime, loaded, {});
  }

  /**
   * Stores a whole chat made elsewhere (an import) as a new session in one atomic write: it exists completely or not
   * at all, and no other session is touched. `header.id` must be new; search learns it like a commit.
   */
  async adopt(header: SessionHeader, lines: readonly FileLine[]): Promise<SessionSummary> {
    this.assertOpen();
    const entry = await this.edits.imported(header, lines);
    this.views.listChanged();
    return this.views.summaryOf(entry);
  }

  /** Lines another computer wrote, appended to an idle chat whose file still has `size` bytes (session-synced.ts). */
  appendSynced(
    sessionId: string,
    size: number,
    lines: readonly FileLine[],
    fields: SummaryFields,
  ): Promise<IndexEntry | 'busy' | 'changed'> {
    this.assertOpen();
    return this.synced.append(sessionId, size, lines, fields);
  }

  /** A chat another computer made, stored whole in one atomic write like an import. */
  adoptSynced(header: SessionHeader, lines: readonly FileLine[]): Promise<IndexEntry> {
    this.assertOpen();
    return this.synced.adopt(header, lines);
  }

  /** A chat deleted on another computer; a chat already gone is fine. */
  deleteSynced(sessionId: string): Promise<void> {
    return this.synced.delete(sessionId);
  }

  /** The whole current branch, system first; plus the in-progress run when there is one. */
  async get(sessionId: string): Promise<SessionDetail> {
    const { runtime, loaded } = await this.ready(sessionId);
    return this.views.detailOf(runtime, loaded, 'all');
  }

  /** What the window opens: the newest page of the shown branch, and the page around `around` when that is older. */
  async open(sessionId: string, around?: string): Promise<SessionDetail> {
    const { runtime, loaded } = await this.ready(sessionId);
    return this.views.detailOf(runtime, loaded, { around });
  }

  /** A page of the shown branch (the committed one a running run builds on); `around` a message not shown → `invalid_input`. */
  async page(sessionId: string, window: PageWindow, limit?: number): Promise<MessagePage> {
    const { runtime, loaded } = await this.ready(sessionId);
    const branch = this.views.shownBranch(runtime, loaded);
    const range = pageRange(branch, window, limit);
    if (!range) throw new AppError('invalid_input', this.options.messages().messageNotShown);
    return pageOf(branch, range, (entries) => loaded.tree.refs(entries));
  }

  /** The committed branch the window shows (what `page` pages through), for scans over a whole chat such as find. */
  async shownEntries(sessionId: string): Promise<readonly MessageEntry[]> {
    const { runtime, loaded } = await this.ready(sessionId);
    return this.views.shownBranch(runtime, loaded);
  }

  /** Renames by appending one meta line (the message log is never rewritten); the name then stops following messages. */
  async rename(sessionId: string, name: string): Promise<SessionSummary> {
    this.assertOpen();
    this.cache.usableEntry(sessionId);
    const entry = await this.edits.rename(sessionId, name).catch((error: unknown) => {
      const runtime = this.cache.get(sessionId);
      if (error instanceof StoreError && error.kind === 'changed' && runtime && !runtime.run) this.cache.unload(runtime);
      throw this.failure(error);
    });
    this.views.listChanged();
    return this.views.summaryOf(entry);
  }

  /** Pins or unpins by appending one meta line; pinned sessions are listed first. Activity time is unchanged. */
  async pin(sessionId: string, pinned: boolean): Promise<SessionSummary> {
    const { runtime, loaded } = await this.ready(sessionId);
    const entry = await this.edits.pin(runtime, loaded, pinned);
    this.views.listChanged();
    return this.views.summaryOf(entry);
  }

  /** Summarizes every turn but the newest now (one request); refused while it runs (condense/condense-actions.ts). */
  condenseNow(sessionId: string): Promise<SessionDetail> {
    return this.condense.now(sessionId);
  }

  condenseView(sessionId: string): Promise<CondenseView> {
    return this.condense.view(sessionId);
  }

  undoCondense(sessionId: string): Promise<SessionDetail> {
    return this.condense.undo(sessionId);
  }

  setCondenseOff(sessionId: string, off: boolean): Promise<SessionDetail> {
    return this.condense.setOff(sessionId, off);
  }

  /** Puts the chat in `folder` (null: back to the list) by appending one meta line. Activity time is unchanged. */
  async moveToFolder(sessionId: string, folder: FolderRef | null): Promise<SessionSummary> {
    const { runtime, loaded } = await this.ready(sessionId);
    const entry = await this.edits.moveToFolder(runtime, loaded, folder);
    this.views.listChanged();
    return this.views.summaryOf(entry);
  }

  /** The built-in tools always allowed in a loaded chat (its merged chat lines); undefined when it is not loaded. */
  builtinToolsAllowed(sessionId: string): readonly string[] | undefined {
    return this.cache.known(sessionId)?.loaded?.chat.builtinToolsAllowed;
  }

  /** The built-in tools chosen for a loaded chat; undefined when none were chosen or it is not loaded. */
  builtinTools(sessionId: string): readonly string[] | undefined {
    return this.cache.known(sessionId)?.loaded?.chat.builtinTools;
  }

  /** The knowledge bases chosen for a loaded chat; undefined when none were chosen or it is not loaded. */
  knowledgeBases(sessionId: string): readonly string[] | undefined {
    return this.cache.known(sessionId)?.loaded?.chat.knowledgeBases;
  }

  /**
   * Changes the chat's model, system prompt or parameters by appending one chat line (never a rewrite). Applies from
   * the next run on; a run in progress and earlier runs keep what they were sent.
   */
  async updateChat(sessionId: string, patch: ChatSettingsPatch): Promise<SessionDetail> {
    const { runtime, loaded } = await this.ready(sessionId);
    if (patch.model) this.options.resolveModel(patch.model);
    await this.edits.chat(runtime, loaded, patch);
    return this.views.detailOf(runtime, loaded, {});
  }

  /** Aborts a running session first; afterwards nothing is written or emitted for it. */
  async delete(sessionId: string): Promise<{ deleted: true }> {
    const runtime = this.cache.known(sessionId);
    this.titles?.cancel(sessionId);
    const run = runtime?.run;
    if (runtime) runtime.deleted = true;
    run?.cancel();
    const compare = runtime?.compare;
    compare?.stop();
    if (compare) await compare.done;
    // The stopped run ends (committing nothing, the session being deleted) before the file goes, so a delete that
    // fails on disk always finds the run over, whatever the machine's speed.
    if (run) await run.done;
    await this.store.delete(sessionId).catch((error: unknown) => {
      // The file is still there: the session stays usable (its run, if any, was stopped).
      if (runtime) {
        runtime.deleted = false;
        const entry = this.store.entry(sessionId);
        if (run && !runtime.run && entry) run.emit({ type: 'run_end', committed: false, summary: this.views.summaryOf(entry) });
      }
      throw this.failure(error);
    });
    this.cache.forget(sessionId);
    this.views.listChanged();
    return { deleted: true };
  }

  /** Starts a run with the user's text (and files); answers at once, events follow. A session already running → `busy`. */
  send(sessionId: string, text: string, attachments: readonly AttachmentPart[] = [], once: SendTools = {}): Promise<{ runId: string }> {
    return this.starts.send(sessionId, text, attachments, once);
  }

  /** Answers again the user message the answer `messageId` (default the last message) answers: a new version. */
  regenerate(sessionId: string, messageId?: string): Promise<{ runId: string }> {
    return this.starts.regenerate(sessionId, messageId);
  }

  /** Sends `text` in place of the user message `messageId`: a new version beside it, answered like a send. */
  edit(sessionId: string, messageId: string, text: string): Promise<{ runId: string }> {
    return this.starts.edit(sessionId, messageId, text);
  }

  /**
   * Shows version `version` of the point where `messageId` sits (and, below it, the branch shown there last). The
   * choice is appended as a `branch` line, so the next send, the context policy and a restart all follow it.
   */
  async switchBranch(sessionId: string, messageId: string, version: number): Promise<SessionDetail> {
    const { runtime, loaded } = await this.ready(sessionId);
    this.assertIdle(runtime);
    const leaf = loaded.tree.leafForVersion(messageId, version);
    if (leaf === undefined) throw new AppError('invalid_input', this.options.messages().noSuchVersion);
    // Choosing among a compare's answers is its pick: it is not offered again.
    if (picksAnswer(loaded, leaf)) await this.edits.comparePick(runtime, loaded, null);
    // The page around the point switched: the rows the person looks at, however deep in the chat they are.
    if (leaf === loaded.tree.leaf) return this.views.detailOf(runtime, loaded, { around: messageId });
    const switchedAt = positionOf(loaded.branch, messageId);
    const branch = await this.edits.branch(runtime, loaded, leaf);
    // The broken-off run answered the branch shown before: it goes with it.
    await this.dropFailed(runtime);
    this.views.listChanged();
    // The new version sits where the old one did: the page around it is what the person looks at.
    return this.views.detailOf(runtime, loaded, { around: branch[switchedAt]?.id });
  }

  /** The person's answer to a tool call waiting for approval. False when nothing waits under that id (any more). */
  async approveTool(sessionId: string, toolCallId: string, decision: ApprovalDecision): Promise<{ resolved: boolean }> {
    return { resolved: this.cache.known(sessionId)?.run?.answerApproval(toolCallId, decision) ?? false };
  }

  /** Chooses the chat's MCP servers (null: back to the default) by appending one meta line; applies from the next run. */
  async setServers(sessionId: string, servers: string[] | null): Promise<{ mcpServers: string[] | null }> {
    const { runtime, loaded } = await this.ready(sessionId);
    await this.edits.servers(runtime, loaded, servers);
    return { mcpServers: servers };
  }

  /** Queues a message for the running turn's next steering point. Nothing running → `invalid_input`. */
  async steer(sessionId: string, text: string): Promise<QueueState> {
    return this.running(sessionId).enqueue(text, 'steering');
  }

  /** Queues a message to send when the running agent would otherwise stop. Nothing running → `invalid_input`. */
  async followUp(sessionId: string, text: string): Promise<QueueState> {
    return this.running(sessionId).enqueue(text, 'followUp');
  }

  /** Stops the running run (queued messages are cancelled with it). `aborted` is false when nothing was running. */
  async abort(sessionId: string): Promise<{ aborted: boolean }> {
    const runtime = this.cache.known(sessionId);
    const run = runtime?.run;
    run?.stop();
    // A compare stops whole: every column stores what it had shown.
    const compared = this.compares.stop(runtime);
    return { aborted: run !== undefined || compared };
  }

  async peekQueue(sessionId: string): Promise<QueueState> {
    return this.cache.known(sessionId)?.run?.queueState() ?? NO_QUEUE;
  }

  async clearQueue(sessionId: string, which: 'steering' | 'followUp' | 'all'): Promise<QueueState> {
    return this.cache.known(sessionId)?.run?.clearQueue(which) ?? NO_QUEUE;
  }

  /**
   * Sets aside the broken-off run the chat shows (the window puts its text back into the composer): it is not shown
   * again, and its text is no longer kept for a restart.
   */
  async dismissFailure(sessionId: string): Promise<SessionSummary> {
    this.assertOpen();
    const entry = this.cache.usableEntry(sessionId);
    const runtime = this.cache.get(sessionId);
    if (runtime && !runtime.run) await this.dropFailed(runtime);
    return this.views.summaryOf(entry);
  }

  /** Takes one queued message out, if `text` still sits at `index` of that queue (else `removed` is false). */
  async removeQueued(
    sessionId: string,
    which: 'steering' | 'followUp',
    index: number,
    text: string,
  ): Promise<{ queue: QueueState; removed: boolean }> {
    return this.cache.known(sessionId)?.run?.removeQueued(which, index, text) ?? { queue: NO_QUEUE, removed: false };
  }

  /** Asks `text` of 2–4 models at once (compare/compare-run.ts); answers at once, each column's events follow. */
  async compare(
    sessionId: string,
    text: string,
    models: readonly ModelRef[],
    attachments: readonly AttachmentPart[] = [],
  ): Promise<{ compareId: string; runIds: string[] }> {
    this.assertOpen();
    const started = await this.compares.start(sessionId, text, models, attachments);
    void this.store.unsentText.set(sessionId, undefined);
    return started;
  }

  /** Stops one column of the running compare (`runId`), or all of them; false when nothing of it was streaming. */
  async stopCompare(sessionId: string, runId?: string): Promise<{ aborted: boolean }> {
    return { aborted: this.compares.stop(this.cache.known(sessionId), runId) };
  }

  /** Answers one compare column again (`runId`, once it ended), or after a compare the answer `messageId` with `model`. */
  async regenerateWith(sessionId: string, target: { runId?: string; messageId?: string; model?: ModelRef }): Promise<{ runId: string }> {
    this.assertOpen();
    return this.compares.regenerate(sessionId, target);
  }

  /** Asks the chat's model to merge the versions of the answer `messageId` into one: a normal send over them. */
  async mergeAnswers(sessionId: string, messageId: string): Promise<{ runId: string }> {
    this.assertOpen();
    return this.send(sessionId, await this.compares.mergeText(sessionId, messageId));
  }

  /** Forgets the pick an ended compare left to make (the answer shown stays); false when none was pending. */
  async dismissCompare(sessionId: string): Promise<{ dismissed: boolean }> {
    this.assertOpen();
    const { runtime, loaded } = await this.ready(sessionId);
    if (!loaded.comparePick) return { dismissed: false };
    await this.edits.comparePick(runtime, loaded, null);
    return { dismissed: true };
  }

  /** A new chat holding the shown branch up to `messageId`, with this chat's settings, linked back to it. */
  async fork(sessionId: string, messageId: string): Promise<SessionSummary> {
    this.assertOpen();
    return this.compares.fork(sessionId, messageId);
  }

  /** Stops every run (text already shown is committed as stopped), waits for them, and flushes the index. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.all([this.runs.dispose(), this.compares.dispose()]);
    await this.titles?.dispose();
    await this.store.close();
  }

  /** Forgets the broken-off run of an idle session, and the text kept with it for a restart. */
  private async dropFailed(runtime: Runtime): Promise<void> {
    if (!runtime.failed) return;
    runtime.failed = undefined;
    this.views.listChanged();
    await this.store.unsentText.set(runtime.id, undefined);
  }

  /** The background check of the folder changed the list: the sidebar is told, in batches. */
  private indexChanged(change: IndexChange): void {
    for (const entry of change.upserted) this.context.clock.observe(Math.max(entry.updatedAt, entry.createdAt));
    for (const id of change.removed) {
      const runtime = this.cache.get(id);
      if (runtime && !runtime.run) this.cache.unload(runtime);
    }
    this.views.listed(change.upserted, change.removed, change.finding);
  }

  private ready(id: string): Promise<{ runtime: Runtime; loaded: Loaded }> {
    this.assertOpen();
    return this.cache.ready(id);
  }

  /** The run of a session that is running and not stopped; otherwise `invalid_input`. */
  private running(sessionId: string) {
    const run = this.cache.known(sessionId)?.run;
    if (!run || run.stopped) throw new AppError('invalid_input', this.options.messages().notRunning);
    return run;
  }

  private assertIdle(runtime: Runtime): void {
    if (runtime.run || runtime.compare) throw new AppError('busy', this.options.messages().busy);
  }

  private assertOpen(): void {
    if (this.disposed) throw new AppError('internal', 'The session service is shut down.');
  }

  private failure(error: unknown): unknown {
    return storeFailure(error, this.options.messages(), this.context.log);
  }
}
