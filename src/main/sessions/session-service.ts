// The session layer's orchestration: one Agent per open session, runs in the background, the commit rule, and the
// event stream to the renderer. Storage lives in SessionStore; what the model sees lives in the context policy.
//
// Runs: `send` answers `{ runId }` at once and the run proceeds in the background. Every event carries its session
// id and run id; `seq` grows by one per event within a session. A run ends with `saved` (committed and fsynced) or
// `error` (nothing committed; the agent transcript is reset to the committed history and the user's text is handed
// back as `unsentText`), then `run_end`. The commit rule itself is in run-outcome.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Agent } from '../agent/index.js';
import type { AgentEvent, AgentModel, StreamFn } from '../agent/index.js';
import { AppError } from '../../shared/errors.js';
import type { SessionEvent, SessionEventEnvelope } from '../../shared/events.js';
import { messageText, type Message, type SystemMessage, type UserMessage } from '../../shared/messages.js';
import type { ActiveRunSnapshot, QueueState, SessionDetail, SessionSummary } from '../../shared/sessions.js';
import { streamOpenAI } from '../llm/index.js';
import { createContextPolicy, DEFAULT_MAX_MESSAGES } from './context-policy.js';
import { DEFAULT_COALESCE_MS, DeltaCoalescer, realTimer, type CoalescerTimer } from './event-coalescer.js';
import { decideOutcome, type RunOutcome } from './run-outcome.js';
import { currentBranch, summarize, FORMAT_VERSION, type FileLine, type MessageEntry, type SessionHeader } from './session-file.js';
import type { SessionMessages } from './session-messages.js';
import { autoName } from './session-naming.js';
import { SessionStore, StoreError, type IndexEntry, type SessionLogger } from './session-store.js';

export interface SessionServiceOptions {
  /** The app's data folder; sessions live in `<dataDir>/sessions`. */
  dataDir: string;
  /** Delivers one event to the renderer (the IPC event channel). Must not throw; a throw is logged and ignored. */
  emit(envelope: SessionEventEnvelope): void;
  /** The model for the next run, from the current provider settings (its apiKey never leaves main). */
  resolveModel(): AgentModel;
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
  /** Idle sessions kept loaded (with their agent) beyond the running ones (default 16). */
  maxIdleSessions?: number;
  /** Where problems are reported (never with secrets: nothing here logs a model or its key). */
  log?: SessionLogger;
  /** Told about every change of what a session shows (search keeps its index with it). */
  observer?: SessionObserver;
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
}

interface Run {
  id: string;
  /** Committed history this run builds on (for regenerate: up to the re-run user message). */
  baseBranch: MessageEntry[];
  /** Messages in the agent transcript before the run (system + baseBranch). */
  base: number;
  /** New user messages the run starts with (none for regenerate). */
  prompts: UserMessage[];
  coalescer: DeltaCoalescer;
  /** Mirror of the agent's queues, so the renderer can be shown everything pending, in order. */
  steering: UserMessage[];
  followUp: UserMessage[];
  /** Queued input a Stop took out of the queues: never sent, so it goes back to the person with the run's end. */
  withdrawn: UserMessage[];
  userStopped: boolean;
  done: Promise<void>;
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
  }

  /** Summaries, newest activity first, from the index alone (no session file is opened). */
  list(): SessionSummary[] {
    const untitled = this.options.messages().untitled;
    if (this.listCache?.untitled !== untitled) this.listCache = undefined;
    if (!this.listCache) {
      const summaries: SessionSummary[] = [];
      for (const entry of this.store.entries()) summaries.push(this.summaryOf(entry));
      summaries.sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.updatedAt - a.updatedAt || b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
      // Frozen: the same array answers every call until something changes, so listing costs nothing per call.
      this.listCache = { untitled, summaries: Object.freeze(summaries) as SessionSummary[] };
    }
    return this.listCache.summaries;
  }

  /** Creates and stores an empty session (header only); the name follows the first message unless one is given. */
  async create(request: { name?: string; systemPrompt?: string }): Promise<SessionDetail> {
    this.assertOpen();
    const id = randomUUID();
    const header: SessionHeader = {
      type: 'session',
      version: FORMAT_VERSION,
      id,
      createdAt: Date.now(),
      systemPrompt: request.systemPrompt?.trim() ? request.systemPrompt : this.options.defaultSystemPrompt(),
      model: this.options.resolveModel().id,
      ...(request.name ? { name: request.name } : {}),
    };
    await this.store.create(header).catch((error: unknown) => {
      throw this.storeFailure(error);
    });
    const runtime = this.runtime(id);
    this.setLoaded(runtime, header, []);
    this.listChanged();
    return this.detailOf(runtime, runtime.loaded!);
  }

  /** The whole current branch, system first; plus the in-progress run when there is one. */
  async get(sessionId: string): Promise<SessionDetail> {
    const { runtime, loaded } = await this.ready(sessionId);
    return this.detailOf(runtime, loaded);
  }

  /** Renames by appending one meta line (the message log is never rewritten); the name then stops following messages. */
  async rename(sessionId: string, name: string): Promise<SessionSummary> {
    this.assertOpen();
    this.usableEntry(sessionId);
    const line: FileLine = { type: 'meta', timestamp: Date.now(), name };
    const entry = await this.store
      .append(sessionId, [line], (current) => ({ ...current, name, autoNamed: false }))
      .catch((error: unknown) => {
        throw this.storeFailure(error);
      });
    this.listChanged();
    return this.summaryOf(entry);
  }

  /** Pins or unpins by appending one meta line; pinned sessions are listed first. Activity time is unchanged. */
  async pin(sessionId: string, pinned: boolean): Promise<SessionSummary> {
    this.assertOpen();
    this.usableEntry(sessionId);
    const line: FileLine = { type: 'meta', timestamp: Date.now(), pinned };
    const entry = await this.store
      .append(sessionId, [line], ({ pinned: _was, ...current }) => ({ ...current, ...(pinned ? { pinned: true } : {}) }))
      .catch((error: unknown) => {
        throw this.storeFailure(error);
      });
    this.listChanged();
    return this.summaryOf(entry);
  }

  /** Aborts a running session first; afterwards nothing is written or emitted for it. */
  async delete(sessionId: string): Promise<{ deleted: true }> {
    const id = sessionId;
    if (!this.store.entry(id)) throw new AppError('not_found', this.options.messages().notFound);
    const runtime = this.runtimes.get(id);
    if (runtime) {
      runtime.deleted = true;
      runtime.run?.coalescer.cancel();
      runtime.agent?.abort();
    }
    const run = runtime?.run;
    await this.store.delete(id).catch((error: unknown) => {
      // The file is still there: the session stays usable (its run, if any, was stopped).
      if (runtime) {
        runtime.deleted = false;
        const entry = this.store.entry(id);
        if (run && !runtime.run && entry) this.emitEvent(runtime, run, { type: 'run_end', committed: false, summary: this.summaryOf(entry) });
      }
      throw this.storeFailure(error);
    });
    this.runtimes.delete(id);
    this.recent.delete(id);
    this.listChanged();
    this.notify((observer) => observer.deleted(id));
    return { deleted: true };
  }

  /** Starts a run with the user's text; answers at once, events follow. A session already running → `busy`. */
  async send(sessionId: string, text: string): Promise<{ runId: string }> {
    const { runtime, loaded } = await this.ready(sessionId);
    this.assertIdle(runtime);
    const prompt: UserMessage = { role: 'user', content: text, timestamp: Date.now() };
    const runId = this.startRun(runtime, loaded, loaded.branch, [prompt], text);
    // Sending from the session is the person's answer to a kept draft: it was used or replaced.
    void this.store.setDraft(runtime.id, undefined);
    return { runId };
  }

  /**
   * Answers the last user message again. The new answer becomes a sibling branch of the old one: both stay on disk,
   * the old one leaves the model's and the user's view once the new one is committed.
   */
  async regenerate(sessionId: string): Promise<{ runId: string }> {
    const { runtime, loaded } = await this.ready(sessionId);
    this.assertIdle(runtime);
    const branch = loaded.branch;
    let last = branch.length - 1;
    while (last >= 0 && branch[last]!.message.role !== 'user') last--;
    if (last < 0) throw new AppError('invalid_input', this.options.messages().nothingToRegenerate);
    const runId = this.startRun(runtime, loaded, branch.slice(0, last + 1), [], messageText(branch[last]!.message));
    return { runId };
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
    await this.store.flush();
  }

  // ---- runs ----

  /** Starts a run on `baseBranch` (synchronously: the busy check and the start cannot interleave). Returns its id. */
  private startRun(runtime: Runtime, loaded: Loaded, baseBranch: MessageEntry[], prompts: UserMessage[], userText: string): string {
    // Re-attach: an idle session may have been unloaded between `ready()` and here; its committed content is unchanged.
    runtime.loaded = loaded;
    const agent = this.agentOf(runtime);
    agent.state.model = this.options.resolveModel();
    agent.state.messages = [loaded.system, ...baseBranch.map((entry) => entry.message)];
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
      done: Promise.resolve(),
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
        if (update.type === 'text_delta') run.coalescer.push('text', update.delta);
        else if (update.type === 'thinking_delta') run.coalescer.push('thinking', update.delta);
        break;
      }
      case 'message_end': {
        const message = event.message;
        if (message.role !== 'assistant') break;
        this.emitEvent(runtime, run, {
          type: 'assistant_end',
          stopReason: message.stopReason,
          usage: message.usage,
          ...(message.errorMessage !== undefined ? { errorMessage: message.errorMessage } : {}),
          ...(message.errorCode !== undefined ? { errorCode: message.errorCode } : {}),
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
    const outcome = decideOutcome(produced, run.userStopped);
    const messages = this.options.messages();

    let failure: { code: ErrorEventCode; message: string } | undefined;
    if (outcome.commit) {
      try {
        await this.commit(runtime, run, outcome);
      } catch (error) {
        if (!runtime.deleted) this.logger.error(`session ${runtime.id}: run ${run.id} could not be saved`, error);
        failure = { code: 'storage', message: messages.saveFailed };
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

    if (!failure) {
      const entry = this.store.entry(runtime.id)!;
      const stopped = outcome.commit && outcome.stopped;
      // Queued input of a stopped run is not sent; it goes back to the composer like any unsent text.
      const unsentText = stopped && leftovers.length ? leftovers.map((message) => messageText(message)).join('\n\n') : undefined;
      this.emitEvent(runtime, run, { type: 'saved', stopped, summary: { ...this.summaryOf(entry), isStreaming: false }, ...(unsentText && { unsentText }) });
      if (this.disposed && unsentText) await this.store.setDraft(runtime.id, unsentText);
    } else {
      const unsent = [...run.prompts, ...produced.filter((message) => message.role === 'user' && !run.prompts.includes(message)), ...leftovers];
      const unsentText = unsent.map((message) => messageText(message)).join('\n\n');
      this.emitEvent(runtime, run, { type: 'error', code: failure.code, message: failure.message, unsentText });
      // Quitting stopped this run: the window that would restore the text is closing, so keep it for the next open.
      if (this.disposed && unsentText.trim()) await this.store.setDraft(runtime.id, unsentText);
    }
    // Committed or not, the agent continues from exactly what is on disk.
    agent.state.messages = [loaded.system, ...loaded.branch.map((entry) => entry.message)];
    runtime.run = undefined;
    this.emitEvent(runtime, run, { type: 'run_end', committed, summary: this.summaryOf(this.store.entry(runtime.id)!) });
    this.remember(runtime);
    this.listChanged();

    // Input queued while the run was finishing was meant to follow it: send it now rather than lose it.
    if (committed && outcome.commit && !outcome.stopped && leftovers.length && !this.disposed) {
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
    const now = Date.now();
    let parentId = run.baseBranch.at(-1)?.id ?? null;
    const entries: MessageEntry[] = outcome.messages.map((message) => {
      const entry: MessageEntry = { type: 'message', id: newEntryId(), parentId, runId: run.id, timestamp: now, message };
      parentId = entry.id;
      return entry;
    });
    const commitLine: FileLine = { type: 'commit', runId: run.id, count: entries.length, timestamp: now, ...(outcome.stopped ? { stopped: true } : {}) };
    const branch = [...run.baseBranch, ...entries];
    await this.store.append(runtime.id, [...entries, commitLine], (current) =>
      summarize({ header: loaded.header, name: current.autoNamed ? undefined : current.name, branch, updatedAt: now, pinned: current.pinned }),
    );
    loaded.branch = branch;
    this.notify((observer) => observer.branchChanged(runtime.id, branch));
  }

  private notify(call: (observer: SessionObserver) => void): void {
    if (!this.options.observer) return;
    try {
      call(this.options.observer);
    } catch (error) {
      this.logger.error('session observer failed', error);
    }
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

  private agentOf(runtime: Runtime): Agent {
    if (runtime.agent) return runtime.agent;
    const loaded = runtime.loaded!;
    const maxMessages = this.options.maxMessagesPerSession ?? DEFAULT_MAX_MESSAGES;
    const agent: Agent = new Agent({
      model: this.options.resolveModel(),
      messages: [loaded.system, ...loaded.branch.map((entry) => entry.message)],
      streamFn: this.options.streamFn ?? streamOpenAI,
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
    if (!runtime.deleted) this.setLoaded(runtime, parsed.header, currentBranch(parsed.entries));
  }

  private setLoaded(runtime: Runtime, header: SessionHeader, branch: MessageEntry[]): void {
    runtime.loaded = { header, system: { role: 'system', content: header.systemPrompt, timestamp: header.createdAt }, branch };
    this.remember(runtime);
  }

  /** Marks an idle session most recently used and unloads the oldest idle ones beyond the limit. */
  private remember(runtime: Runtime): void {
    this.recent.delete(runtime.id);
    this.recent.set(runtime.id, runtime);
    const limit = this.options.maxIdleSessions ?? 16;
    for (const [id, idle] of this.recent) {
      if (this.recent.size <= limit) break;
      this.recent.delete(id);
      if (idle.run) continue;
      idle.loaded = undefined;
      idle.agent = undefined;
    }
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
      ...(entry.problem && { problem: entry.problem.kind === 'unsupported_version' ? 'unsupported_version' : 'unreadable' }),
    };
  }

  private detailOf(runtime: Runtime, loaded: Loaded): SessionDetail {
    const run = runtime.run;
    const branch = run ? run.baseBranch : loaded.branch;
    const detail: SessionDetail = {
      ...this.summaryOf(this.store.entry(runtime.id)!),
      systemPrompt: loaded.header.systemPrompt,
      messages: [loaded.system, ...branch.map((entry) => entry.message)],
    };
    if (run) detail.activeRun = this.snapshot(runtime, run);
    const draft = this.store.draft(runtime.id);
    if (draft) detail.draft = draft;
    return detail;
  }

  /** The run so far, consistent with `seq`: pending text is sent first, so later deltas continue exactly here. */
  private snapshot(runtime: Runtime, run: Run): ActiveRunSnapshot {
    run.coalescer.flush();
    const state = runtime.agent!.state;
    const messages: Message[] = state.messages.slice(run.base);
    const streaming = state.streamingMessage;
    if (streaming && !messages.includes(streaming)) messages.push(structuredClone(streaming));
    return { runId: run.id, seq: runtime.seq, messages, queue: queueState(run) };
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
      case 'io':
        this.logger.error('session storage failed', error);
        return new AppError('storage', messages.storageFailed(error.detail));
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

function failureText(outcome: Extract<RunOutcome, { commit: false }>, messages: SessionMessages): string {
  if (outcome.code === 'empty_reply') return messages.emptyReply;
  if (outcome.code === 'aborted') return messages.stoppedBeforeReply;
  return messages.runFailed(outcome.code, outcome.detail);
}

/** 64 random bits: unique within a session without a lookup. */
function newEntryId(): string {
  return randomBytes(8).toString('hex');
}
