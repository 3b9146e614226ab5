// Sessions in memory: one Runtime per session the service has touched, their committed content loaded on demand, and
// a least-recently-used limit on idle ones, so memory follows what is open and running, not every chat ever opened.
import { AppError } from '../../shared/errors.js';
import type { AgentTool } from '../agent/index.js';
import type { ChatSettingsPatch, FailedRunSnapshot } from '../../shared/sessions.js';
import { BranchTree } from './branches.js';
import { chatState } from './chat-settings.js';
import { rememberMessageTokens } from './context-policy.js';
import type { SessionRun } from './run/session-run.js';
import { DEFAULT_IDLE_SESSIONS, type EventCursor, type Loaded, type SessionContext } from './session-context.js';
import { storeFailure } from './session-errors.js';
import type { MessageEntry, SessionHeader } from './store/session-file.js';
import { StoreError, type IndexEntry } from './store/session-store.js';

/** One session as the service tracks it, loaded or not. */
export interface Runtime extends EventCursor {
  loaded?: Loaded;
  loading?: Promise<void>;
  /** The run in progress; a running session is never unloaded. */
  run?: SessionRun;
  /** A compare in progress (compare/compare-run.ts): the session is busy and never unloaded while it runs. */
  compare?: { readonly id: string; stop(): void; readonly done: Promise<void> };
  /** The last run, broken off after showing text: shown in the chat until the next run, a switch or a dismiss. */
  failed?: FailedRunSnapshot;
  /** Tools of the last run started, kept for the run that sends input queued while it finished. */
  tools?: AgentTool[];
  /** The file's size when `create` wrote its header: while it is still that size, the file holds nothing else. */
  headerOnlySize?: number;
}

export class SessionCache {
  private readonly runtimes = new Map<string, Runtime>();
  /** Loaded idle sessions, least recently used first. */
  private readonly recent = new Map<string, Runtime>();

  constructor(
    private readonly context: SessionContext,
    private readonly maxIdle: number = DEFAULT_IDLE_SESSIONS,
  ) {}

  /** Sessions loaded in memory now (the open one, running ones, a few recent). */
  get loadedCount(): number {
    let count = 0;
    for (const runtime of this.runtimes.values()) if (runtime.loaded) count += 1;
    return count;
  }

  /** Every runtime, loaded or not. */
  all(): IterableIterator<Runtime> {
    return this.runtimes.values();
  }

  /** The runtime of `id`, made on first use. */
  runtime(id: string): Runtime {
    let runtime = this.runtimes.get(id);
    if (!runtime) {
      runtime = { id, seq: 0, deleted: false };
      this.runtimes.set(id, runtime);
    }
    return runtime;
  }

  /** The runtime of `id` if the service has one (it may be gone from the index already). */
  get(id: string): Runtime | undefined {
    return this.runtimes.get(id);
  }

  /** The runtime of an existing session (possibly never loaded). Unknown → `not_found`. */
  known(id: string): Runtime | undefined {
    if (!this.context.store.entry(id)) throw new AppError('not_found', this.context.strings().notFound);
    return this.runtimes.get(id);
  }

  /** The index entry of a session that can be used. Unknown → `not_found`; unreadable or too new → its error. */
  usableEntry(id: string): IndexEntry {
    const entry = this.context.store.entry(id);
    if (!entry) throw new AppError('not_found', this.context.strings().notFound);
    if (entry.problem) throw this.failure(new StoreError(entry.problem.kind, entry.problem.detail));
    return entry;
  }

  /**
   * The session and its committed content. Unknown → `not_found`; unreadable file → `storage`; newer format →
   * `unsupported_version`. Callers use the returned `loaded`: the runtime may be unloaded again before they resume.
   */
  async ready(id: string): Promise<{ runtime: Runtime; loaded: Loaded }> {
    this.usableEntry(id);
    const runtime = this.runtime(id);
    let loaded = runtime.loaded;
    while (!loaded) {
      runtime.loading ??= this.load(runtime).finally(() => (runtime.loading = undefined));
      await runtime.loading;
      loaded = runtime.loaded;
      if (runtime.deleted) break;
    }
    if (runtime.deleted || !loaded) throw new AppError('not_found', this.context.strings().notFound);
    if (!runtime.run && !runtime.compare) this.remember(runtime);
    return { runtime, loaded };
  }

  /** Holds `loaded` as the session's content (a new session, or one just read) and marks it recently used. */
  setLoaded(runtime: Runtime, header: SessionHeader, tree: BranchTree<MessageEntry>, lines: ChatSettingsPatch): Loaded {
    const branch = tree.branch();
    for (const entry of branch) if (entry.tokens !== undefined) rememberMessageTokens(entry.message, entry.tokens);
    const chat = chatState(header, lines);
    const loaded: Loaded = {
      header,
      system: { role: 'system', content: chat.systemPrompt, timestamp: header.createdAt },
      branch,
      tree,
      chat,
    };
    runtime.loaded = loaded;
    this.remember(runtime);
    return loaded;
  }

  /** A run starts: the session leaves the idle list (a running session is never unloaded) with `loaded` attached. */
  running(runtime: Runtime, loaded: Loaded): void {
    // Re-attach: an idle session may have been unloaded since `ready()`; its committed content is unchanged.
    runtime.loaded = loaded;
    this.recent.delete(runtime.id);
  }

  /** Marks an idle session most recently used and unloads the oldest idle ones beyond the limit. */
  remember(runtime: Runtime): void {
    this.recent.delete(runtime.id);
    this.recent.set(runtime.id, runtime);
    for (const [id, idle] of this.recent) {
      if (this.recent.size <= this.maxIdle) break;
      this.recent.delete(id);
      if (idle.run || idle.compare) continue;
      idle.loaded = undefined;
      idle.tools = undefined;
    }
  }

  /** Forgets an idle session's content, so the next use reads its file again. */
  unload(runtime: Runtime): void {
    this.recent.delete(runtime.id);
    runtime.loaded = undefined;
    runtime.tools = undefined;
  }

  /**
   * After its file is gone: the session leaves memory, search and the attachment store (unless its files were handed
   * back to the composer). The list is the caller's to refresh.
   */
  forget(id: string, handedBack = false): void {
    this.runtimes.delete(id);
    this.recent.delete(id);
    this.context.notify((observer) => observer.deleted(id));
    if (handedBack) return;
    void this.context.attachments
      ?.release(id)
      .catch((error: unknown) => this.context.log.error(`session ${id}: attachments could not be released`, error));
  }

  private async load(runtime: Runtime): Promise<void> {
    const parsed = await this.context.store.load(runtime.id).catch((error: unknown) => {
      throw this.failure(error);
    });
    if (runtime.deleted) return;
    const loaded = this.setLoaded(runtime, parsed.header, new BranchTree(parsed.entries, parsed.activations), parsed.chat);
    if (parsed.mcpServers) loaded.mcpServers = parsed.mcpServers;
    if (parsed.condensed) loaded.condensed = parsed.condensed;
    if (parsed.condenseOff) loaded.condenseOff = true;
    if (parsed.comparePick) loaded.comparePick = parsed.comparePick;
  }

  private failure(error: unknown): unknown {
    return storeFailure(error, this.context.strings(), this.context.log);
  }
}
