// The session layer's orchestration: one Agent per open session, runs in the background, the commit rule, and the
// event stream to the renderer. Storage lives in SessionStore; what the model sees lives in the context policy.
//
// Runs: `send` answers `{ runId }` at once and the run proceeds in the background. Every event carries its session
// id and run id; `seq` grows by one per event within a session. A run ends with `saved` (committed and fsynced) or
// `error` (nothing committed; the agent transcript is reset to the committed history and the user's text is handed
// back as `unsentText`), then `run_end`. The commit rule itself is in run-outcome.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Agent, defaultConvertToLlm } from '../agent/index.js';
import { resolveAttachments, type AttachmentStore } from '../attachments/index.js';
import { attachmentsOf, type AttachmentPart } from '../../shared/attachments.js';
import type { AgentEvent, AgentModel, AgentTool, StreamFn } from '../agent/index.js';
import type { ToolCallHooks } from '../mcp/tool-adapter.js';
import type { ApprovalDecision, ToolCallState } from '../../shared/mcp.js';
import { AppError } from '../../shared/errors.js';
import { LIST_ENVELOPE, type SessionEvent, type SessionEventEnvelope } from '../../shared/events.js';
import { messageText, type Message, type SystemMessage, type UserMessage } from '../../shared/messages.js';
import type { ActiveRunSnapshot, ChatSettingsPatch, QueueState, SessionDetail, SessionSummary } from '../../shared/sessions.js';
import type { MessagePage, PageWindow } from '../../shared/paging.js';
import { REQUESTS_PER_RUN, type ChatParams, type ModelRef } from '../../shared/settings.js';
import { ActivityClock } from './activity-clock.js';
import { AnswerTiming } from './answer-timing.js';
import { applyChatPatch, chatState, type ChatState } from './chat-settings.js';
import { createContextPolicy, DEFAULT_MAX_MESSAGES, messageTokens, rememberMessageTokens } from './context-policy.js';
import { streamOpenAI } from '../llm/index.js';
import { DEFAULT_COALESCE_MS, DeltaCoalescer, realTimer, type CoalescerTimer } from './event-coalescer.js';
import { decideOutcome, hasContent, type RunOutcome } from './run-outcome.js';
import { BranchTree } from './branches.js';
import { pageOf, pageRange, positionOf } from './paging.js';
import {
  summarize,
  shownBranch,
  BRANCH_FORMAT_VERSION,
  FORMAT_VERSION,
  type FileLine,
  type MessageEntry,
  type SessionHeader,
  type SummaryFields,
} from './session-file.js';
import type { SessionMessages } from './session-messages.js';
import { autoName } from './session-naming.js';
import { TitleWriter } from './title-writer.js';
import { usageTotals } from '../../shared/usage.js';
import { compareSessions } from '../../shared/session-order.js';
import { SessionStore, StoreError, type IndexChange, type IndexEntry, type SessionLogger } from './session-store.js';

/** Idle sessions kept loaded by default: the one on screen, the one before it, and a couple more to switch back to. */
export const DEFAULT_IDLE_SESSIONS = 4;

export interface SessionServiceOptions {
  /** The app's data folder; sessions live in `<dataDir>/sessions`. */
  dataDir: string;
  /** Delivers one event to the renderer (the IPC event channel). Must not throw; a throw is logged and ignored. */
  emit(envelope: SessionEventEnvelope): void;
  /** The model for a run: `ref` (or the default model) with its provider's key, which never leaves main, and `params`. */
  resolveModel(ref?: ModelRef | null, params?: ChatParams): AgentModel;
  /** What a new chat starts with (Settings' default model). */
  defaultModel?(): ModelRef | null;
  /** The system prompt of new sessions that do not bring their own (the settings' or the locale's default). */
  defaultSystemPrompt(): string;
  /** The user-facing wording in the current locale. */
  messages(): SessionMessages;
  /** MAX_MESSAGES_PER_SESSION: most messages one request carries, the system message included (default 100). */
  maxMessagesPerSession?: number;
  /** The model stream; default the OpenAI-compatible provider. Tests and benchmarks inject one. */
  streamFn?: StreamFn;
  /** Delta batching interval (default 16 ms, about one animation frame). */
  coalesceMs?: number;
  /** Timer for delta batching; tests inject a manual one. */
  timer?: CoalescerTimer;
  /**
   * Idle sessions kept loaded (with their agent) beyond the running ones (default `DEFAULT_IDLE_SESSIONS`): the open
   * one and a few recent stay in memory; the rest are read again when used, so memory does not grow with every
   * session opened.
   */
  maxIdleSessions?: number;
  /** Where problems are reported (never with secrets: nothing here logs a model or its key). */
  log?: SessionLogger;
  /** Told about every change of what a session shows (search keeps its index with it). */
  observer?: SessionObserver;
  /** The wall clock (default Date.now); tests move it backwards. */
  now?: () => number;
  /** Most model requests one run may make (the setting); default REQUESTS_PER_RUN.default. */
  maxRequestsPerRun?: () => number;
  /** Attached files: referenced before a run can commit, read per request, released when a session is deleted. */
  attachments?: Pick<AttachmentStore, 'retain' | 'release' | 'handBack' | 'read'>;
  /** The tools a run of a chat is offered (MCP): `servers` is the chat's choice, undefined for the default. */
  tools?(servers: string[] | undefined, hooks: ToolCallHooks): Promise<AgentTool[]>;
  /** The setting: a chat's model names it after its first answer (title-writer.ts). Absent: never. */
  autoTitle?(): boolean;
}

/** Follows committed content; calls come after the change is on disk, in order. Must not throw (a throw is logged). */
export interface SessionObserver {
  /** The session's shown branch is now `branch` (root → leaf): a run was committed or another version chosen. */
  branchChanged(sessionId: string, branch: readonly MessageEntry[]): void;
  deleted(sessionId: string): void;
}

/** A session's committed content, kept in memory while it is open. */
interface Loaded {
  header: SessionHeader;
  /** One object for the session's life, so per-message token counts stay cached. */
  system: SystemMessage;
  /** Root → leaf of the current branch. */
  branch: MessageEntry[];
  /** Model, system prompt and parameters of the next run. */
  chat: ChatState;
  /** Every stored message (all branches) and which one is shown. */
  tree: BranchTree<MessageEntry>;
  /** The chat's MCP servers; undefined: the default. */
  mcpServers?: string[];
}

interface Run {
  id: string;
  /** Committed history this run builds on (regenerate: up to the re-run user message; edit: up to the edited one's parent). */
  baseBranch: MessageEntry[];
  /** Messages in the agent transcript before the run (system + baseBranch). */
  base: number;
  /** New user messages the run starts with (none for regenerate; the new text for an edit). */
  prompts: UserMessage[];
  coalescer: DeltaCoalescer;
  /** Mirror of the agent's queues, so the renderer can be shown everything pending, in order. */
  steering: UserMessage[];
  followUp: UserMessage[];
  /** Queued input a Stop took out of the queues: never sent, so it goes back to the person with the run's end. */
  withdrawn: UserMessage[];
  userStopped: boolean;
  /** The run used its request limit while the model still wanted to go on. */
  limitReached: boolean;
  timing: AnswerTiming;
  done: Promise<void>;
  /** Tool calls of this run by id, with their live state; and the answers awaited for those asking approval. */
  toolStates: Map<string, ToolCallState>;
  approvals: Map<string, (decision: ApprovalDecision | 'cancelled') => void>;
}

type ErrorEventCode = Extract<SessionEvent, { type: 'error' }>['code'];

interface Runtime {
  id: string;
  /** Last `seq` sent for this session; kept when the session is unloaded so it never goes back. */
  seq: number;
  loaded?: Loaded;
  loading?: Promise<void>;
  agent?: Agent;
  run?: Run;
  deleted: boolean;
  /** Tools of the last run started, kept for the run that sends input queued while it finished. */
  tools?: AgentTool[];
  /** The file's size when `create` wrote its header: while it is still that size, the file holds nothing else. */
  headerOnlySize?: number;
}

/** Opens the store under `<dataDir>/sessions` (rebuilding a stale index) and returns the service. */
export function createSessionService(options: SessionServiceOptions): Promise<SessionService> {
  return SessionService.open(options);
}

/** Sessions for the IPC contract: list, create, get, rename, delete, and the chat methods that drive runs. */
export class SessionService {
  private readonly runtimes = new Map<string, Runtime>();
  /** Loaded idle sessions, least recently used first. */
  private readonly recent = new Map<string, Runtime>();
  private listCache: { untitled: string; summaries: SessionSummary[] } | undefined;
  private readonly logger: SessionLogger;
  /** Every run not yet finished, deleted sessions' included, so dispose() can wait for all of them. */
  private readonly unfinished = new Set<Promise<void>>();
  private disposed = false;
  /** Stamps of creations and commits: never earlier than the last one, so the list follows activity. */
  private readonly clock: ActivityClock;
  private readonly titles: TitleWriter | undefined;

  /** Opens the store under `<dataDir>/sessions` (rebuilding a stale index) and returns the service. */
  static async open(options: SessionServiceOptions): Promise<SessionService> {
    const store = new SessionStore({ dir: path.join(options.dataDir, 'sessions'), log: options.log });
    await store.open();
    return new SessionService(store, options);
  }

  constructor(
    readonly store: SessionStore,
    private readonly options: SessionServiceOptions,
  ) {
    this.logger = options.log ?? consoleLog;
    let latest = 0;
    for (const entry of store.entries()) latest = Math.max(latest, entry.updatedAt, entry.createdAt);
    this.clock = new ActivityClock(options.now, latest);
    const autoTitle = options.autoTitle?.bind(options);
    if (autoTitle) this.titles = new TitleWriter({ streamFn: options.streamFn ?? streamOpenAI, enabled: autoTitle, log: this.logger });
    store.watch((change) => this.indexChanged(change));
  }

  /** Sessions loaded in memory now (the open one, running ones, a few recent); tests and benchmarks count them. */
  get loadedCount(): number {
    let count = 0;
    for (const runtime of this.runtimes.values()) if (runtime.loaded) count += 1;
    return count;
  }

  /** The background check of the folder changed the list: the sidebar is told, in batches. */
  private indexChanged(change: IndexChange): void {
    for (const entry of change.upserted) this.clock.observe(Math.max(entry.updatedAt, entry.createdAt));
    for (const id of change.removed) {
      const runtime = this.runtimes.get(id);
      if (runtime && !runtime.run) this.unload(runtime);
    }
    this.listChanged();
    const summaries = change.upserted.map((entry) => this.summaryOf(entry));
    try {
      this.options.emit({
        ...LIST_ENVELOPE,
        event: { type: 'sessions_listed', summaries, removed: change.removed, finding: change.finding },
      });
    } catch (error) {
      this.logger.error('session list delivery failed', error);
    }
  }

  /** Summaries, newest activity first, from the index alone (no session file is opened). */
  list(): SessionSummary[] {
    const untitled = this.options.messages().untitled;
    if (this.listCache?.untitled !== untitled) this.listCache = undefined;
    if (!this.listCache) {
      const summaries: SessionSummary[] = [];
      for (const entry of this.store.entries()) summaries.push(this.summaryOf(entry));
      summaries.sort(compareSessions);
      // Frozen: the same array answers every call until something changes, so listing costs nothing per call.
      this.listCache = { untitled, summaries: Object.freeze(summaries) as SessionSummary[] };
    }
    return this.listCache.summaries;
  }

  /** Creates and stores an empty session (header only); the name follows the first message unless one is given. */
  async create(request: { name?: string; systemPrompt?: string; model?: ModelRef; params?: ChatParams }): Promise<SessionDetail> {
    this.assertOpen();
    const id = randomUUID();
    const model = request.model ?? this.options.defaultModel?.() ?? null;
    // A chat whose model cannot be reached (no provider, no key) is refused before any file exists.
    const resolved = this.options.resolveModel(model, request.params);
    const header: SessionHeader = {
      type: 'session',
      version: FORMAT_VERSION,
      id,
      createdAt: this.clock.next(),
      systemPrompt: request.systemPrompt?.trim() ? request.systemPrompt : this.options.defaultSystemPrompt(),
      model: model?.model ?? resolved.id,
      ...(model && { providerId: model.providerId }),
      ...(request.params && Object.keys(request.params).length > 0 && { params: request.params }),
      ...(request.name ? { name: request.name } : {}),
    };
    await this.store.create(header).catch((error: unknown) => {
      throw this.storeFailure(error);
    });
    const runtime = this.runtime(id);
    runtime.headerOnlySize = this.store.entry(id)?.size;
    this.setLoaded(runtime, header, new BranchTree(), {});
    this.listChanged();
    return this.detailOf(runtime, runtime.loaded!, {});
  }

  /**
   * Stores a whole chat made elsewhere (an import) as a new session in one atomic write: it exists completely or not
   * at all, and no other session is touched. `header.id` must be new; search learns it like a commit.
   */
  async adopt(header: SessionHeader, lines: readonly FileLine[]): Promise<SessionSummary> {
    this.assertOpen();
    const entry = await this.store.create(header, lines).catch((error: unknown) => {
      throw this.storeFailure(error);
    });
    this.listChanged();
    try {
      const parsed = await this.store.load(header.id);
      this.notify((observer) => observer.branchChanged(header.id, shownBranch(parsed)));
    } catch (error) {
      // The chat is stored; search re-reads it at the next start (its size is not in the search snapshot).
      this.logger.error(`session ${header.id}: imported, but not read back for search`, error);
    }
    return this.summaryOf(entry);
  }

  /** The whole current branch, system first; plus the in-progress run when there is one. */
  async get(sessionId: string): Promise<SessionDetail> {
    const { runtime, loaded } = await this.ready(sessionId);
    return this.detailOf(runtime, loaded, 'all');
  }

  /** What the window opens: the newest page of the shown branch, and the page around `around` when that is older. */
  async open(sessionId: string, around?: string): Promise<SessionDetail> {
    const { runtime, loaded } = await this.ready(sessionId);
    return this.detailOf(runtime, loaded, { around });
  }

  /** A page of the shown branch (the committed one a running run builds on); `around` a message not shown → `invalid_input`. */
  async page(sessionId: string, window: PageWindow, limit?: number): Promise<MessagePage> {
    const { runtime, loaded } = await this.ready(sessionId);
    const branch = this.shownBranch(runtime, loaded);
    const range = pageRange(branch, window, limit);
    if (!range) throw new AppError('invalid_input', this.options.messages().messageNotShown);
    return pageOf(branch, range, (entries) => loaded.tree.refs(entries));
  }

  /** The committed branch the window shows (what `page` pages through), for scans over a whole chat such as find. */
  async shownEntries(sessionId: string): Promise<readonly MessageEntry[]> {
    const { runtime, loaded } = await this.ready(sessionId);
    return this.shownBranch(runtime, loaded);
  }

  /** Renames by appending one meta line (the message log is never rewritten); the name then stops following messages. */
  async rename(sessionId: string, name: string): Promise<SessionSummary> {
    this.assertOpen();
    this.usableEntry(sessionId);
    const line: FileLine = { type: 'meta', timestamp: Date.now(), name };
    const entry = await this.store
      .append(sessionId, [line], (current) => ({ ...current, name, autoNamed: false }))
      .catch((error: unknown) => {
        const runtime = this.runtimes.get(sessionId);
        if (error instanceof StoreError && error.kind === 'changed' && runtime && !runtime.run) this.unload(runtime);
        throw this.storeFailure(error);
      });
    this.listChanged();
    return this.summaryOf(entry);
  }

  /** Pins or unpins by appending one meta line; pinned sessions are listed first. Activity time is unchanged. */
  async pin(sessionId: string, pinned: boolean): Promise<SessionSummary> {
    this.assertOpen();
    const { runtime, loaded } = await this.ready(sessionId);
    const line: FileLine = { type: 'meta', timestamp: Date.now(), pinned };
    const entry = await this.appendNewKind(runtime, loaded, line, ({ pinned: _was, ...current }) => ({
      ...current,
      ...(pinned ? { pinned: true } : {}),
    }));
    this.listChanged();
    return this.summaryOf(entry);
  }

  /**
   * Changes the chat's model, system prompt or parameters by appending one chat line (never a rewrite). Applies from
   * the next run on; a run in progress and earlier runs keep what they were sent.
   */
  async updateChat(sessionId: string, patch: ChatSettingsPatch): Promise<SessionDetail> {
    const { runtime, loaded } = await this.ready(sessionId);
    if (patch.model) this.options.resolveModel(patch.model);
    const line: FileLine = { type: 'meta', timestamp: Date.now(), chat: patch };
    await this.appendNewKind(runtime, loaded, line, (current) => current);
    const chat = applyChatPatch(loaded.chat, patch);
    // A new system message object only when the prompt changed: the old one keeps its cached token count.
    if (chat.systemPrompt !== loaded.chat.systemPrompt)
      loaded.system = { role: 'system', content: chat.systemPrompt, timestamp: Date.now() };
    loaded.chat = chat;
    return this.detailOf(runtime, loaded, {});
  }

  /** Aborts a running session first; afterwards nothing is written or emitted for it. */
  async delete(sessionId: string): Promise<{ deleted: true }> {
    const id = sessionId;
    if (!this.store.entry(id)) throw new AppError('not_found', this.options.messages().notFound);
    const runtime = this.runtimes.get(id);
    this.titles?.cancel(id);
    if (runtime) {
      runtime.deleted = true;
      runtime.run?.coalescer.cancel();
      runtime.agent?.abort();
    }
    const run = runtime?.run;
    // The stopped run ends (committing nothing, the session being deleted) before the file goes, so a delete that
    // fails on disk always finds the run over, whatever the machine's speed.
    if (run) await run.done;
    await this.store.delete(id).catch((error: unknown) => {
      // The file is still there: the session stays usable (its run, if any, was stopped).
      if (runtime) {
        runtime.deleted = false;
        const entry = this.store.entry(id);
        if (run && !runtime.run && entry)
          this.emitEvent(runtime, run, { type: 'run_end', committed: false, summary: this.summaryOf(entry) });
      }
      throw this.storeFailure(error);
    });
    this.forget(id);
    return { deleted: true };
  }

  /** After its file is gone: the session leaves memory, the list, search and the attachment store (unless handed back). */
  private forget(id: string, handedBack = false): void {
    this.runtimes.delete(id);
    this.recent.delete(id);
    this.listChanged();
    this.notify((observer) => observer.deleted(id));
    if (handedBack) return;
    void this.options.attachments
      ?.release(id)
      .catch((error: unknown) => this.logger.error(`session ${id}: attachments could not be released`, error));
  }

  /**
   * A new chat whose first send failed before the model showed anything was never more than that send: its file goes,
   * so no empty chat is left behind (the renderer turns it back into the new-chat draft, text included). Anything else
   * written to it (a name, a pin, chat settings) keeps it; so does a failure after text was shown, which stays on
   * screen marked unsaved. When quitting it stays too: the draft text is kept with it.
   */
  private async discardIfOnlyThisSend(runtime: Runtime): Promise<boolean> {
    if (this.disposed || runtime.headerOnlySize === undefined || runtime.loaded?.tree.leaf) return false;
    try {
      return await this.store.deleteIfSize(runtime.id, runtime.headerOnlySize);
    } catch (error) {
      this.logger.error(`session ${runtime.id}: the empty chat of a failed first send could not be removed`, error);
      return false;
    }
  }

  /** Starts a run with the user's text (and files); answers at once, events follow. A session already running → `busy`. */
  async send(sessionId: string, text: string, attachments: readonly AttachmentPart[] = []): Promise<{ runId: string }> {
    if (attachments.length) {
      this.usableEntry(sessionId);
      // On disk before the run can commit: a crash never leaves a committed message whose file looks unreferenced.
      await this.options.attachments?.retain(sessionId, attachments);
    }
    const { runtime, loaded } = await this.ready(sessionId);
    this.assertIdle(runtime);
    await this.prepareTools(runtime, loaded);
    this.assertIdle(runtime);
    const content = attachments.length ? [...(text ? [{ type: 'text' as const, text }] : []), ...attachments] : text;
    const prompt: UserMessage = { role: 'user', content, timestamp: Date.now() };
    const runId = this.startRun(runtime, loaded, loaded.branch, [prompt], text);
    // Sending from the session is the person's answer to a kept draft: it was used or replaced.
    void this.store.setDraft(runtime.id, undefined);
    return { runId };
  }

  /**
   * Answers again the user message that `messageId` (an answer on the shown branch; default the last message)
   * answers. The new answer is a new version beside the old one: both stay on disk, and once the new one is committed
   * its branch is the one shown and sent.
   */
  async regenerate(sessionId: string, messageId?: string): Promise<{ runId: string }> {
    const { runtime, loaded } = await this.ready(sessionId);
    this.assertIdle(runtime);
    const branch = loaded.branch;
    let last = messageId === undefined ? branch.length - 1 : this.indexOnBranch(loaded, messageId);
    while (last >= 0 && branch[last]!.message.role !== 'user') last--;
    if (last < 0) throw new AppError('invalid_input', this.options.messages().nothingToRegenerate);
    await this.prepareTools(runtime, loaded);
    this.assertIdle(runtime);
    const runId = this.startRun(runtime, loaded, branch.slice(0, last + 1), [], messageText(branch[last]!.message));
    return { runId };
  }

  /**
   * Sends `text` in place of the user message `messageId` (on the shown branch): a new version beside it, answered
   * like a send. The old message and everything after it stay on disk, one version away.
   */
  async edit(sessionId: string, messageId: string, text: string): Promise<{ runId: string }> {
    const { runtime, loaded } = await this.ready(sessionId);
    this.assertIdle(runtime);
    const at = this.indexOnBranch(loaded, messageId);
    if (loaded.branch[at]!.message.role !== 'user') throw new AppError('invalid_input', this.options.messages().notAUserMessage);
    await this.prepareTools(runtime, loaded);
    this.assertIdle(runtime);
    const prompt: UserMessage = { role: 'user', content: text, timestamp: Date.now() };
    const runId = this.startRun(runtime, loaded, loaded.branch.slice(0, at), [prompt], text);
    void this.store.setDraft(runtime.id, undefined);
    return { runId };
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
    // The page around the point switched: the rows the person looks at, however deep in the chat they are.
    if (leaf === loaded.tree.leaf) return this.detailOf(runtime, loaded, { around: messageId });
    const branch = loaded.tree.branch(leaf);
    const switchedAt = positionOf(loaded.branch, messageId);
    const now = Date.now();
    const line: FileLine = { type: 'branch', timestamp: now, leaf };
    await this.appendNewKind(runtime, loaded, line, (current) =>
      summarize({
        header: loaded.header,
        name: current.autoNamed ? undefined : current.name,
        title: current.title,
        branch,
        updatedAt: current.updatedAt,
        pinned: current.pinned,
      }),
    );
    loaded.tree.activate(leaf);
    loaded.branch = branch;
    this.notify((observer) => observer.branchChanged(runtime.id, branch));
    this.listChanged();
    // The new version sits where the old one did: the page around it is what the person looks at.
    return this.detailOf(runtime, loaded, { around: branch[switchedAt]?.id });
  }

  /** The person's answer to a tool call waiting for approval. False when nothing waits under that id (any more). */
  async approveTool(sessionId: string, toolCallId: string, decision: ApprovalDecision): Promise<{ resolved: boolean }> {
    const settle = this.knownRuntime(sessionId)?.run?.approvals.get(toolCallId);
    settle?.(decision);
    return { resolved: settle !== undefined };
  }

  /** Chooses the chat's MCP servers (null: back to the default) by appending one meta line; applies from the next run. */
  async setServers(sessionId: string, servers: string[] | null): Promise<{ mcpServers: string[] | null }> {
    const { runtime, loaded } = await this.ready(sessionId);
    const line: FileLine = { type: 'meta', timestamp: Date.now(), mcpServers: servers };
    await this.appendNewKind(runtime, loaded, line, (current) => current);
    loaded.mcpServers = servers ?? undefined;
    return { mcpServers: servers };
  }

  /** Queues a message for the running turn's next steering point. Nothing running → `invalid_input`. */
  async steer(sessionId: string, text: string): Promise<QueueState> {
    return this.enqueue(sessionId, text, 'steering');
  }

  /** Queues a message to send when the running agent would otherwise stop. Nothing running → `invalid_input`. */
  async followUp(sessionId: string, text: string): Promise<QueueState> {
    return this.enqueue(sessionId, text, 'followUp');
  }

  /** Stops the running run (queued messages are cancelled with it). `aborted` is false when nothing was running. */
  async abort(sessionId: string): Promise<{ aborted: boolean }> {
    const runtime = this.knownRuntime(sessionId);
    const run = runtime?.run;
    if (!runtime || !run) return { aborted: false };
    this.stopRun(runtime, run);
    return { aborted: true };
  }

  async peekQueue(sessionId: string): Promise<QueueState> {
    const runtime = this.knownRuntime(sessionId);
    return queueState(runtime?.run);
  }

  async clearQueue(sessionId: string, which: 'steering' | 'followUp' | 'all'): Promise<QueueState> {
    const runtime = this.knownRuntime(sessionId);
    const run = runtime?.run;
    if (!runtime || !run) return queueState(undefined);
    if (which !== 'followUp') {
      runtime.agent?.clearSteeringQueue();
      run.steering = [];
    }
    if (which !== 'steering') {
      runtime.agent?.clearFollowUpQueue();
      run.followUp = [];
    }
    this.emitEvent(runtime, run, { type: 'queue', queue: queueState(run) });
    return queueState(run);
  }

  /** Stops every run (text already shown is committed as stopped), waits for them, and flushes the index. */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const runtime of this.runtimes.values()) if (runtime.run) this.stopRun(runtime, runtime.run);
    while (this.unfinished.size) await Promise.all(this.unfinished);
    await this.titles?.dispose();
    await this.store.close();
  }

  // ---- runs ----

  /** Starts a run on `baseBranch` (synchronously: the busy check and the start cannot interleave). Returns its id. */
  private startRun(runtime: Runtime, loaded: Loaded, baseBranch: MessageEntry[], prompts: UserMessage[], userText: string): string {
    // Re-attach: an idle session may have been unloaded between `ready()` and here; its committed content is unchanged.
    // Resolved first: a chat whose provider is gone fails here, before anything starts.
    const model = this.options.resolveModel(loaded.chat.model, loaded.chat.params);
    runtime.loaded = loaded;
    const agent = this.agentOf(runtime, model);
    agent.state.model = model;
    agent.maxRequests = this.options.maxRequestsPerRun?.() ?? REQUESTS_PER_RUN.default;
    agent.state.messages = [loaded.system, ...baseBranch.map((entry) => entry.message)];
    agent.state.tools = runtime.tools ?? [];
    const runId = randomUUID();
    const run: Run = {
      id: runId,
      baseBranch,
      base: baseBranch.length + 1,
      prompts,
      coalescer: undefined!,
      steering: [],
      followUp: [],
      withdrawn: [],
      userStopped: false,
      limitReached: false,
      timing: new AnswerTiming(),
      done: Promise.resolve(),
      toolStates: new Map(),
      approvals: new Map(),
    };
    run.coalescer = new DeltaCoalescer(
      (batch) => this.emitEvent(runtime, run, { type: 'delta', ...batch }),
      this.options.coalesceMs ?? DEFAULT_COALESCE_MS,
      this.options.timer ?? realTimer,
    );
    runtime.run = run;
    this.recent.delete(runtime.id);
    this.listChanged();
    this.emitEvent(runtime, run, { type: 'run_start', userText, summary: this.summaryOf(this.store.entry(runtime.id)!) });
    run.done = (async () => {
      try {
        await (prompts.length ? agent.prompt(prompts) : agent.continue());
      } catch (error) {
        // The agent settles model failures itself; a throw here is a bug in a listener or the agent.
        this.logger.error(`session ${runtime.id}: run ${runId} failed`, error);
      }
      try {
        await this.finishRun(runtime, run);
      } catch (error) {
        // Never leave the session stuck as busy.
        this.logger.error(`session ${runtime.id}: run ${runId} could not be closed`, error);
        if (runtime.run === run) runtime.run = undefined;
        this.listChanged();
      }
    })();
    this.unfinished.add(run.done);
    void run.done.finally(() => this.unfinished.delete(run.done));
    return runId;
  }

  /** Agent events → session events. Text and reasoning go through the coalescer; the cumulative message never leaves. */
  private onAgentEvent(runtime: Runtime, event: AgentEvent): void {
    const run = runtime.run;
    if (!run || runtime.deleted) return;
    switch (event.type) {
      case 'agent_end':
        if (event.requestLimitReached) run.limitReached = true;
        break;
      case 'turn_start':
        run.timing.turnStarted();
        break;
      case 'message_start': {
        const message = event.message;
        if (message.role === 'assistant') {
          this.emitEvent(runtime, run, { type: 'message_start', message: { ...message, content: [] } });
        } else {
          this.emitEvent(runtime, run, { type: 'message_start', message });
          if (message.role === 'user' && !run.prompts.includes(message) && dequeue(run, message)) {
            this.emitEvent(runtime, run, { type: 'queue', queue: queueState(run) });
          }
        }
        break;
      }
      case 'message_update': {
        const update = event.assistantMessageEvent;
        run.timing.increment();
        if (update.type === 'text_delta') run.coalescer.push('text', update.delta);
        else if (update.type === 'thinking_delta') run.coalescer.push('thinking', update.delta);
        break;
      }
      case 'message_end': {
        const message = event.message;
        if (message.role !== 'assistant') break;
        run.timing.finish(message);
        this.emitEvent(runtime, run, {
          type: 'assistant_end',
          stopReason: message.stopReason,
          usage: message.usage,
          ...(message.timing && { timing: message.timing }),
          ...(message.errorMessage !== undefined ? { errorMessage: message.errorMessage } : {}),
          ...(message.errorCode !== undefined ? { errorCode: message.errorCode } : {}),
          ...(message.refusal ? { refusal: true as const } : {}),
          toolCalls: message.content.filter((part) => part.type === 'toolCall'),
        });
        break;
      }
      default:
        break;
    }
  }

  /** Applies the commit rule, writes or rolls back, and closes the run with `saved` | `error`, then `run_end`. */
  private async finishRun(runtime: Runtime, run: Run): Promise<void> {
    const agent = runtime.agent!;
    const loaded = runtime.loaded!;
    run.coalescer.flush();
    const produced = agent.state.messages.slice(run.base);
    // A run ended by its request limit is kept like a stopped one: what was shown is committed, nothing queued is sent.
    const outcome = decideOutcome(produced, run.userStopped || run.limitReached);
    const messages = this.options.messages();

    let failure: { code: ErrorEventCode; message: string } | undefined;
    let staleOnDisk = false;
    if (outcome.commit) {
      try {
        await this.commit(runtime, run, outcome);
      } catch (error) {
        if (!runtime.deleted) this.logger.error(`session ${runtime.id}: run ${run.id} could not be saved`, error);
        failure = { code: 'storage', message: saveFailureText(error, messages) };
        // The file holds something else than we thought: the next open reads it again.
        if (error instanceof StoreError && error.kind === 'changed') staleOnDisk = true;
      }
    } else {
      failure = { code: outcome.code, message: failureText(outcome, messages) };
    }
    if (runtime.deleted) {
      // Nothing more is said about a deleted session; if the delete fails after all, it reports the end itself.
      agent.state.messages = [loaded.system, ...loaded.branch.map((entry) => entry.message)];
      runtime.run = undefined;
      return;
    }
    const committed = failure === undefined;
    // Input queued after the agent's last drain point (even during the write above) was not taken by this run.
    const leftovers = [...run.withdrawn, ...run.steering, ...run.followUp];
    agent.clearAllQueues();
    run.steering = [];
    run.followUp = [];
    if (leftovers.length) this.emitEvent(runtime, run, { type: 'queue', queue: queueState(run) });

    // A Stop at any moment, the commit's write included, ends the run here: nothing queued is sent after it.
    const handBack = (outcome.commit && outcome.stopped) || run.userStopped;
    if (run.limitReached) {
      const limit = agent.maxRequests ?? REQUESTS_PER_RUN.default;
      this.emitEvent(runtime, run, { type: 'notice', code: 'request_limit', message: messages.requestLimit(limit) });
    }
    if (!failure) {
      const entry = this.store.entry(runtime.id)!;
      const stopped = outcome.commit && outcome.stopped;
      // Queued input of a stopped run is not sent; it goes back to the composer like any unsent text.
      const unsentText = handBack && leftovers.length ? leftovers.map((message) => messageText(message)).join('\n\n') : undefined;
      const refs = loaded.tree.refs(loaded.branch.slice(run.baseBranch.length));
      this.emitEvent(runtime, run, {
        type: 'saved',
        stopped,
        summary: { ...this.summaryOf(entry), isStreaming: false },
        refs,
        ...(unsentText && { unsentText }),
        usage: usageTotals(loaded.branch.map((entry) => entry.message)),
      });
      if (this.disposed && unsentText) await this.store.setDraft(runtime.id, unsentText);
    } else {
      const unsent = [
        ...run.prompts,
        ...produced.filter((message) => message.role === 'user' && !run.prompts.includes(message)),
        ...leftovers,
      ];
      const unsentText = unsent.map((message) => messageText(message)).join('\n\n');
      const unsentAttachments = unsent.flatMap((message) => (message.role === 'user' ? attachmentsOf(message.content) : []));
      this.emitEvent(runtime, run, {
        type: 'error',
        code: failure.code,
        message: failure.message,
        unsentText,
        ...(unsentAttachments.length && { unsentAttachments }),
      });
      // Quitting stopped this run: the window that would restore the text is closing, so keep it for the next open.
      if (this.disposed && unsentText.trim()) await this.store.setDraft(runtime.id, unsentText);
    }
    // Committed or not, the agent continues from exactly what is on disk.
    agent.state.messages = [loaded.system, ...loaded.branch.map((entry) => entry.message)];
    runtime.run = undefined;
    const summary = this.summaryOf(this.store.entry(runtime.id)!);
    const showedNothing = !produced.some((message) => message.role === 'assistant' && hasContent(message));
    if (!committed && showedNothing && (await this.discardIfOnlyThisSend(runtime))) {
      // Settled before the renderer hears of it: the files of the message handed back stay for the next send.
      await this.options.attachments
        ?.handBack(runtime.id)
        .catch((error: unknown) => this.logger.error(`session ${runtime.id}: attachments could not be handed back`, error));
      this.emitEvent(runtime, run, { type: 'run_end', committed, summary, discarded: true });
      this.forget(runtime.id, true);
      return;
    }
    this.emitEvent(runtime, run, { type: 'run_end', committed, summary });
    if (staleOnDisk) this.unload(runtime);
    else this.remember(runtime);
    this.listChanged();
    if (committed && !this.disposed) this.writeTitle(runtime, loaded, run);

    // Input queued while the run was finishing was meant to follow it: send it now rather than lose it.
    if (committed && !handBack && leftovers.length && !this.disposed) {
      try {
        this.startRun(runtime, loaded, loaded.branch, leftovers, leftovers.map((message) => messageText(message)).join('\n\n'));
      } catch (error) {
        this.logger.error(`session ${runtime.id}: queued message(s) could not be sent`, error);
      }
    }
  }

  /** Appends the run as one unit (message lines + commit line, one write, fsync) and moves the branch to it. */
  private async commit(runtime: Runtime, run: Run, outcome: Extract<RunOutcome, { commit: true }>): Promise<void> {
    const loaded = runtime.loaded!;
    const now = this.clock.next();
    let parentId = run.baseBranch.at(-1)?.id ?? null;
    const entries: MessageEntry[] = outcome.messages.map((message) => {
      // Counted once here and kept with the message: later sends (and restarts) never tokenize history again.
      const entry: MessageEntry = {
        type: 'message',
        id: newEntryId(),
        parentId,
        runId: run.id,
        timestamp: now,
        message,
        tokens: messageTokens(message),
      };
      parentId = entry.id;
      return entry;
    });
    const commitLine: FileLine = {
      type: 'commit',
      runId: run.id,
      count: entries.length,
      timestamp: now,
      ...(outcome.stopped ? { stopped: true } : {}),
    };
    const branch = [...run.baseBranch, ...entries];
    await this.store.append(runtime.id, [...entries, commitLine], (current) =>
      summarize({
        header: loaded.header,
        name: current.autoNamed ? undefined : current.name,
        title: current.title,
        branch,
        updatedAt: now,
        pinned: current.pinned,
      }),
    );
    loaded.tree.add(entries);
    loaded.branch = branch;
    this.notify((observer) => observer.branchChanged(runtime.id, branch));
  }

  /** After a saved answer, the chat's model may name a chat the person has not named (title-writer.ts); never waited for. */
  private writeTitle(runtime: Runtime, loaded: Loaded, run: Run): void {
    const entry = this.store.entry(runtime.id);
    if (!this.titles || !entry?.autoNamed || entry.title) return;
    const model = runtime.agent!.state.model;
    this.titles.write(runtime.id, model, [loaded.system, ...loaded.branch.map((e) => e.message)], async (title) => {
      const { loaded: current } = await this.ready(runtime.id);
      // The person may have named it while the model wrote; their name stays (it also wins when the file is read).
      if (!this.store.entry(runtime.id)?.autoNamed) return;
      const line: FileLine = { type: 'meta', timestamp: Date.now(), title };
      const next = await this.appendNewKind(runtime, current, line, (fields) => ({
        ...fields,
        title,
        ...(fields.autoNamed && { name: title }),
      }));
      this.listChanged();
      this.emitEvent(runtime, runtime.run ?? run, { type: 'titled', summary: this.summaryOf(next) });
    });
  }

  /**
   * Appends a line that a version-1 reader would take for damage (a meta line without a name, a `branch` line): a
   * version-1 file is first migrated to the current format, its old bytes kept in `<id>.jsonl.v1.bak`.
   */
  private async appendNewKind(
    runtime: Runtime,
    loaded: Loaded,
    line: FileLine,
    summary: (current: IndexEntry) => SummaryFields,
  ): Promise<IndexEntry> {
    try {
      if (loaded.header.version < BRANCH_FORMAT_VERSION) {
        const header = { ...loaded.header, version: BRANCH_FORMAT_VERSION };
        await this.store.migrate(runtime.id, header);
        loaded.header = header;
      }
      return await this.store.append(runtime.id, [line], summary);
    } catch (error) {
      throw this.storeFailure(error);
    }
  }

  private notify(call: (observer: SessionObserver) => void): void {
    if (!this.options.observer) return;
    try {
      call(this.options.observer);
    } catch (error) {
      this.logger.error('session observer failed', error);
    }
  }

  /** Resolves the tools of the chat's next run (starting MCP servers it needs); their calls report to the run. */
  private async prepareTools(runtime: Runtime, loaded: Loaded): Promise<void> {
    if (!this.options.tools) return;
    runtime.tools = await this.options.tools(loaded.mcpServers, {
      requestApproval: (request, signal) =>
        new Promise((resolve) => {
          const run = runtime.run;
          if (!run || signal.aborted) return resolve('cancelled');
          const settle = (decision: ApprovalDecision | 'cancelled') => {
            if (run.approvals.get(request.toolCallId) !== settle) return;
            run.approvals.delete(request.toolCallId);
            signal.removeEventListener('abort', cancel);
            this.listChanged();
            resolve(decision);
          };
          const cancel = () => settle('cancelled');
          run.approvals.set(request.toolCallId, settle);
          signal.addEventListener('abort', cancel, { once: true });
          this.listChanged();
        }),
      onStatus: (state) => {
        const run = runtime.run;
        if (!run) return;
        run.toolStates.set(state.toolCallId, state);
        this.emitEvent(runtime, run, { type: 'tool', state });
      },
    });
  }

  private stopRun(runtime: Runtime, run: Run): void {
    run.userStopped = true;
    if (run.steering.length || run.followUp.length) {
      runtime.agent?.clearAllQueues();
      run.withdrawn.push(...run.steering, ...run.followUp);
      run.steering = [];
      run.followUp = [];
      this.emitEvent(runtime, run, { type: 'queue', queue: queueState(run) });
    }
    runtime.agent?.abort();
  }

  private async enqueue(sessionId: string, text: string, which: 'steering' | 'followUp'): Promise<QueueState> {
    const runtime = this.knownRuntime(sessionId);
    const run = runtime?.run;
    if (!runtime || !run || run.userStopped) throw new AppError('invalid_input', this.options.messages().notRunning);
    const message: UserMessage = { role: 'user', content: text, timestamp: Date.now() };
    if (which === 'steering') {
      run.steering.push(message);
      runtime.agent!.steer(message);
    } else {
      run.followUp.push(message);
      runtime.agent!.followUp(message);
    }
    this.emitEvent(runtime, run, { type: 'queue', queue: queueState(run) });
    return queueState(run);
  }

  /** Sends one event in order: pending text first (unless this is text), then this, with the next `seq`. */
  private emitEvent(runtime: Runtime, run: Run, event: SessionEvent): void {
    if (runtime.deleted) return;
    if (event.type !== 'delta') run.coalescer.flush();
    runtime.seq += 1;
    try {
      this.options.emit({ sessionId: runtime.id, runId: run.id, seq: runtime.seq, event });
    } catch (error) {
      this.logger.error(`session ${runtime.id}: event delivery failed`, error);
    }
  }

  // ---- sessions in memory ----

  private agentOf(runtime: Runtime, model: AgentModel): Agent {
    if (runtime.agent) return runtime.agent;
    const loaded = runtime.loaded!;
    const maxMessages = this.options.maxMessagesPerSession ?? DEFAULT_MAX_MESSAGES;
    const agent: Agent = new Agent({
      model,
      messages: [loaded.system, ...loaded.branch.map((entry) => entry.message)],
      streamFn: this.options.streamFn ?? streamOpenAI,
      ...(this.options.attachments && { convertToLlm: this.attachmentsToLlm(this.options.attachments) }),
      transformContext: createContextPolicy(() => ({
        maxMessages,
        contextWindow: agent.state.model.contextWindow,
        maxOutputTokens: agent.state.model.maxOutputTokens,
      })),
    });
    agent.subscribe((event) => this.onAgentEvent(runtime, event));
    runtime.agent = agent;
    return agent;
  }

  /** Per request, after the context policy: attachment references become image parts and fenced text. */
  private attachmentsToLlm(store: NonNullable<SessionServiceOptions['attachments']>): (messages: Message[]) => Promise<Message[]> {
    const read = (sha256: string) =>
      store.read(sha256).catch((error: unknown) => {
        this.logger.error(`attachment ${sha256} could not be read`, error);
        return undefined;
      });
    return (messages) => resolveAttachments(defaultConvertToLlm(messages), read);
  }

  /**
   * The session and its committed content. Unknown → `not_found`; unreadable file → `storage`; newer format →
   * `unsupported_version`. Callers use the returned `loaded`: the runtime may be unloaded again before they resume.
   */
  private async ready(id: string): Promise<{ runtime: Runtime; loaded: Loaded }> {
    this.assertOpen();
    this.usableEntry(id);
    const runtime = this.runtime(id);
    let loaded = runtime.loaded;
    while (!loaded) {
      runtime.loading ??= this.load(runtime).finally(() => (runtime.loading = undefined));
      await runtime.loading;
      loaded = runtime.loaded;
      if (runtime.deleted) break;
    }
    if (runtime.deleted || !loaded) throw new AppError('not_found', this.options.messages().notFound);
    if (!runtime.run) this.remember(runtime);
    return { runtime, loaded };
  }

  private async load(runtime: Runtime): Promise<void> {
    const parsed = await this.store.load(runtime.id).catch((error: unknown) => {
      throw this.storeFailure(error);
    });
    if (!runtime.deleted) this.setLoaded(runtime, parsed.header, new BranchTree(parsed.entries, parsed.activations), parsed.chat);
    if (runtime.loaded && parsed.mcpServers) runtime.loaded.mcpServers = parsed.mcpServers;
  }

  private setLoaded(runtime: Runtime, header: SessionHeader, tree: BranchTree<MessageEntry>, lines: ChatSettingsPatch): void {
    const branch = tree.branch();
    for (const entry of branch) if (entry.tokens !== undefined) rememberMessageTokens(entry.message, entry.tokens);
    const chat = chatState(header, lines);
    runtime.loaded = { header, system: { role: 'system', content: chat.systemPrompt, timestamp: header.createdAt }, branch, tree, chat };
    this.remember(runtime);
  }

  /** Index of `messageId` on the shown branch; a message not shown (or unknown) → `invalid_input`. */
  private indexOnBranch(loaded: Loaded, messageId: string): number {
    const at = loaded.branch.findIndex((entry) => entry.id === messageId);
    if (at < 0) throw new AppError('invalid_input', this.options.messages().messageNotShown);
    return at;
  }

  /** Marks an idle session most recently used and unloads the oldest idle ones beyond the limit. */
  private remember(runtime: Runtime): void {
    this.recent.delete(runtime.id);
    this.recent.set(runtime.id, runtime);
    const limit = this.options.maxIdleSessions ?? DEFAULT_IDLE_SESSIONS;
    for (const [id, idle] of this.recent) {
      if (this.recent.size <= limit) break;
      this.recent.delete(id);
      if (idle.run) continue;
      idle.loaded = undefined;
      idle.agent = undefined;
      idle.tools = undefined;
    }
  }

  /** Forgets an idle session's content, so the next use reads its file again. */
  private unload(runtime: Runtime): void {
    this.recent.delete(runtime.id);
    runtime.loaded = undefined;
    runtime.agent = undefined;
    runtime.tools = undefined;
  }

  private runtime(id: string): Runtime {
    let runtime = this.runtimes.get(id);
    if (!runtime) {
      runtime = { id, seq: 0, deleted: false };
      this.runtimes.set(id, runtime);
    }
    return runtime;
  }

  /** The runtime of an existing session (possibly never loaded). Unknown → `not_found`. */
  private knownRuntime(id: string): Runtime | undefined {
    if (!this.store.entry(id)) throw new AppError('not_found', this.options.messages().notFound);
    return this.runtimes.get(id);
  }

  private usableEntry(id: string): IndexEntry {
    const entry = this.store.entry(id);
    if (!entry) throw new AppError('not_found', this.options.messages().notFound);
    if (entry.problem) throw this.storeFailure(new StoreError(entry.problem.kind, entry.problem.detail));
    return entry;
  }

  private assertIdle(runtime: Runtime): void {
    if (runtime.run) throw new AppError('busy', this.options.messages().busy);
  }

  private assertOpen(): void {
    if (this.disposed) throw new AppError('internal', 'The session service is shut down.');
  }

  private summaryOf(entry: IndexEntry): SessionSummary {
    const run = this.runtimes.get(entry.id)?.run;
    // An unnamed session is named from the first message it is answering now, not only once that run is saved.
    const pendingName = !entry.name && run ? autoName(run.prompts.map((message) => messageText(message)).join('\n')) : '';
    return {
      id: entry.id,
      name: entry.name || pendingName || this.options.messages().untitled,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      messageCount: entry.messageCount,
      model: entry.model,
      isStreaming: run !== undefined,
      pinned: entry.pinned === true,
      ...(run?.approvals.size && { pendingApproval: true }),
      ...(entry.problem && { problem: entry.problem.kind === 'unsupported_version' ? 'unsupported_version' : 'unreadable' }),
    };
  }

  /** The committed branch the window shows: a running run's base (a regenerate or an edit hides what it replaces). */
  private shownBranch(runtime: Runtime, loaded: Loaded): MessageEntry[] {
    return runtime.run ? runtime.run.baseBranch : loaded.branch;
  }

  /** The session for the window: its whole shown branch (`all`), or its newest page plus the page around `around`. */
  private detailOf(runtime: Runtime, loaded: Loaded, view: 'all' | { around?: string }): SessionDetail {
    const run = runtime.run;
    const branch = this.shownBranch(runtime, loaded);
    const refs = (entries: readonly MessageEntry[]) => loaded.tree.refs(entries);
    const [start, end] = view === 'all' ? [0, branch.length] : pageRange(branch, { before: branch.length })!;
    const shown = branch.slice(start, end);
    const detail: SessionDetail = {
      ...this.summaryOf(this.store.entry(runtime.id)!),
      systemPrompt: loaded.chat.systemPrompt,
      chat: { model: loaded.chat.model, params: loaded.chat.params },
      messages: [loaded.system, ...shown.map((entry) => entry.message)],
      refs: refs(shown),
      start,
      total: branch.length,
      usage: usageTotals(branch.map((entry) => entry.message)),
    };
    // Older than the newest page: its own page too (cut where the newest begins), so the window can show it at once.
    const aroundId = view === 'all' ? undefined : view.around;
    if (aroundId !== undefined && positionOf(branch, aroundId) >= 0 && positionOf(branch, aroundId) < start) {
      const [from, to] = pageRange(branch, { around: aroundId })!;
      detail.around = pageOf(branch, [from, Math.min(to, start)], refs);
    }
    if (run) detail.activeRun = this.snapshot(runtime, run);
    const draft = this.store.draft(runtime.id);
    if (draft) detail.draft = draft;
    if (loaded.mcpServers) detail.mcpServers = loaded.mcpServers;
    return detail;
  }

  /** The run so far, consistent with `seq`: pending text is sent first, so later deltas continue exactly here. */
  private snapshot(runtime: Runtime, run: Run): ActiveRunSnapshot {
    run.coalescer.flush();
    const state = runtime.agent!.state;
    const messages: Message[] = state.messages.slice(run.base);
    const streaming = state.streamingMessage;
    if (streaming && !messages.includes(streaming)) messages.push(structuredClone(streaming));
    return {
      runId: run.id,
      seq: runtime.seq,
      messages,
      queue: queueState(run),
      ...(run.toolStates.size && { tools: [...run.toolStates.values()] }),
    };
  }

  private listChanged(): void {
    this.listCache = undefined;
  }

  private storeFailure(error: unknown): unknown {
    if (!(error instanceof StoreError)) return error;
    const messages = this.options.messages();
    switch (error.kind) {
      case 'not_found':
        return new AppError('not_found', messages.notFound);
      case 'corrupt':
        return new AppError('storage', messages.unreadable);
      case 'unsupported_version':
        return new AppError('unsupported_version', messages.unsupportedVersion);
      case 'changed':
        return new AppError('storage', messages.changedOnDisk);
      case 'io':
        this.logger.error('session storage failed', error);
        return new AppError('storage', messages.storageFailed(messages.storageCauses[error.storageCause]));
    }
  }
}

const consoleLog: SessionLogger = {
  info: (message) => console.warn(message),
  error: (context, error) => console.error(context, error),
};

function queueState(run: Run | undefined): QueueState {
  return {
    steering: run ? run.steering.map((message) => messageText(message)) : [],
    followUp: run ? run.followUp.map((message) => messageText(message)) : [],
  };
}

/** Removes a message the agent just took from a queue from our mirror; false if it was not queued by us. */
function dequeue(run: Run, message: Message): boolean {
  for (const queue of [run.steering, run.followUp]) {
    const index = queue.indexOf(message as UserMessage);
    if (index !== -1) {
      queue.splice(index, 1);
      return true;
    }
  }
  return false;
}

/** Why a run could not be saved, naming the cause when the disk told us one. */
function saveFailureText(error: unknown, messages: SessionMessages): string {
  if (!(error instanceof StoreError)) return messages.saveFailed;
  if (error.kind === 'changed') return messages.changedOnDisk;
  return error.kind === 'io' && error.storageCause !== 'io'
    ? `${messages.saveFailed} ${messages.storageCauses[error.storageCause]}`
    : messages.saveFailed;
}

function failureText(outcome: Extract<RunOutcome, { commit: false }>, messages: SessionMessages): string {
  if (outcome.code === 'empty_reply') return messages.emptyReply;
  if (outcome.code === 'aborted') return messages.stoppedBeforeReply;
  return messages.runFailed(outcome.code, outcome.detail);
}

/** 64 random bits: unique within a session without a lookup. */
function newEntryId(): string {
  return randomBytes(8).toString('hex');
}
