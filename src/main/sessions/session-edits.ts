// The changes to a session file, one method per kind of line: a rename, a pin, the chat's settings, its servers, the
// version shown, the model's title, a committed run, and a whole imported chat. Each appends (the message log is never
// rewritten) and keeps the loaded content in step; storage failures come back as the person's AppError.
import { randomBytes, randomUUID } from 'node:crypto';
import type { ChatSettingsPatch } from '../../shared/sessions.js';
import type { FolderRef } from '../../shared/folders.js';
import type { CondensedSummary } from '../../shared/condense.js';
import type { ComparePick } from '../../shared/compare.js';
import type { ChatParams, ModelRef } from '../../shared/settings.js';
import { applyChatPatch } from './chat-settings.js';
import { messageTokens } from './context-policy.js';
import type { RunOutcome } from './run-outcome.js';
import type { Runtime } from './session-cache.js';
import type { Loaded, SessionContext } from './session-context.js';
import { storeFailure } from './session-errors.js';
import {
  BRANCH_FORMAT_VERSION,
  FORMAT_VERSION,
  summarize,
  type FileLine,
  type MessageEntry,
  type SessionHeader,
  type SummaryFields,
} from './store/session-file.js';
import type { IndexEntry } from './store/session-store.js';

export class SessionEdits {
  constructor(private readonly context: SessionContext) {}

  /** A new chat: its file holding the header alone, written atomically. */
  async created(request: {
    name?: string;
    systemPrompt: string;
    model: ModelRef | null;
    /** The model's name as resolved, when `model` names none (the default). */
    modelId: string;
    params?: ChatParams;
  }): Promise<SessionHeader> {
    const { name, systemPrompt, model, params } = request;
    const header: SessionHeader = {
      type: 'session',
      version: FORMAT_VERSION,
      id: randomUUID(),
      createdAt: this.context.clock.next(),
      systemPrompt,
      model: model?.model ?? request.modelId,
      ...(model && { providerId: model.providerId }),
      ...(params && Object.keys(params).length > 0 && { params }),
      ...(name ? { name } : {}),
    };
    await this.context.store.create(header).catch((error: unknown) => {
      throw this.failure(error);
    });
    return header;
  }

  /** A name the person gave: it stops the name following the messages. Throws the StoreError as it is. */
  async rename(sessionId: string, name: string): Promise<IndexEntry> {
    const line: FileLine = { type: 'meta', timestamp: Date.now(), name };
    const entry = await this.context.store.append(sessionId, [line], (current) => ({ ...current, name, autoNamed: false }));
    this.context.notify((observer) => observer.changed(sessionId));
    return entry;
  }

  /** Pinned sessions are listed first; activity time is unchanged. */
  pin(runtime: Runtime, loaded: Loaded, pinned: boolean): Promise<IndexEntry> {
    const line: FileLine = { type: 'meta', timestamp: Date.now(), pinned };
    return this.appendNewKind(runtime, loaded, line, ({ pinned: _was, ...current }) => ({
      ...current,
      ...(pinned ? { pinned: true } : {}),
    }));
  }

  /** Puts the chat in `folder` (null: in none) by one meta line; activity time is unchanged. */
  moveToFolder(runtime: Runtime, loaded: Loaded, folder: FolderRef | null): Promise<IndexEntry> {
    const line: FileLine = { type: 'meta', timestamp: Date.now(), folder };
    return this.appendNewKind(runtime, loaded, line, ({ folder: _was, ...current }) => ({ ...current, ...(folder && { folder }) }));
  }

  /** Stores the summary in force (null: undoes it) by one meta line; the messages stay as they are. */
  async condensed(runtime: Runtime, loaded: Loaded, summary: CondensedSummary | null): Promise<void> {
    const line: FileLine = { type: 'meta', timestamp: Date.now(), condensed: summary };
    await this.appendNewKind(runtime, loaded, line, (current) => current);
    if (summary) loaded.condensed = summary;
    else delete loaded.condensed;
  }

  /** Keeps a compare's answers as the pick to make (null: picked or dismissed) by one meta line. */
  async comparePick(runtime: Runtime, loaded: Loaded, pick: ComparePick | null): Promise<void> {
    const line: FileLine = { type: 'meta', timestamp: Date.now(), comparePick: pick };
    await this.appendNewKind(runtime, loaded, line, (current) => current);
    if (pick) loaded.comparePick = pick;
    else delete loaded.comparePick;
  }

  /** Turns condensing off (or on again) for this chat. */
  async condenseOff(runtime: Runtime, loaded: Loaded, off: boolean): Promise<void> {
    const line: FileLine = { type: 'meta', timestamp: Date.now(), condenseOff: off };
    await this.appendNewKind(runtime, loaded, line, (current) => current);
    loaded.condenseOff = off;
  }

  /** The chat's model, system prompt or parameters, from the next run on. */
  async chat(runtime: Runtime, loaded: Loaded, patch: ChatSettingsPatch): Promise<void> {
    const line: FileLine = { type: 'meta', timestamp: Date.now(), chat: patch };
    await this.appendNewKind(runtime, loaded, line, (current) => current);
    const chat = applyChatPatch(loaded.chat, patch);
    // A new system message object only when the prompt changed: the old one keeps its cached token count.
    if (chat.systemPrompt !== loaded.chat.systemPrompt)
      loaded.system = { role: 'system', content: chat.systemPrompt, timestamp: Date.now() };
    loaded.chat = chat;
  }

  /** The chat's MCP servers (null: back to the default), from the next run on. */
  async servers(runtime: Runtime, loaded: Loaded, servers: string[] | null): Promise<void> {
    const line: FileLine = { type: 'meta', timestamp: Date.now(), mcpServers: servers };
    await this.appendNewKind(runtime, loaded, line, (current) => current);
    loaded.mcpServers = servers ?? undefined;
  }

  /** Shows the branch ending at `leaf`: the next send, the context policy and a restart all follow it. */
  async branch(runtime: Runtime, loaded: Loaded, leaf: string): Promise<MessageEntry[]> {
    const branch = loaded.tree.branch(leaf);
    const line: FileLine = { type: 'branch', timestamp: Date.now(), leaf };
    await this.appendNewKind(runtime, loaded, line, (current) => fieldsFor(loaded, current, branch, current.updatedAt));
    loaded.tree.activate(leaf);
    loaded.branch = branch;
    this.context.notify((observer) => observer.changed(runtime.id));
    return branch;
  }

  /** The name the chat's model wrote; it names the chat only while the person has not. */
  async title(runtime: Runtime, loaded: Loaded, title: string): Promise<IndexEntry> {
    const line: FileLine = { type: 'meta', timestamp: Date.now(), title };
    const entry = await this.appendNewKind(runtime, loaded, line, (fields) => ({
      ...fields,
      title,
      ...(fields.autoNamed && { name: title }),
    }));
    this.context.notify((observer) => observer.changed(runtime.id));
    return entry;
  }

  /**
   * A run the commit rule keeps, as one unit (message lines + commit line, one write, fsync) after `baseBranch`; the
   * shown branch moves to it. Throws the StoreError as it is: the run words it (run/session-run.ts).
   */
  async commitRun(
    runtime: Runtime,
    loaded: Loaded,
    run: { id: string; baseBranch: MessageEntry[] },
    outcome: Extract<RunOutcome, { commit: true }>,
  ): Promise<void> {
    const now = this.context.clock.next();
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
    await this.context.store.append(runtime.id, [...entries, commitLine], (current) => fieldsFor(loaded, current, branch, now));
    loaded.tree.add(entries);
    loaded.branch = branch;
    this.context.notify((observer) => observer.changed(runtime.id));
  }

  /** A whole chat made elsewhere (an import), stored in one atomic write: completely or not at all. */
  async imported(header: SessionHeader, lines: readonly FileLine[]): Promise<IndexEntry> {
    const { store, notify } = this.context;
    const entry = await store.create(header, lines).catch((error: unknown) => {
      throw this.failure(error);
    });
    notify((observer) => observer.changed(header.id));
    return entry;
  }

  /**
   * Appends a line that a version-1 reader would take for damage (a meta line without a name, a `branch` line): a
   * version-1 file is first migrated to the current format, its old bytes kept in `<id>.jsonl.v1.bak` (and the data
   * folder backed up first, when backups are on).
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
        await this.context.beforeMigration();
        await this.context.store.migrate(runtime.id, header);
        loaded.header = header;
      }
      return await this.context.store.append(runtime.id, [line], summary);
    } catch (error) {
      throw this.failure(error);
    }
  }

  private failure(error: unknown): unknown {
    return storeFailure(error, this.context.strings(), this.context.log);
  }
}

/** The index fields once `branch` is the one shown: names follow it unless the person named the chat. */
function fieldsFor(loaded: Loaded, current: IndexEntry, branch: MessageEntry[], updatedAt: number): SummaryFields {
  return summarize({
    header: loaded.header,
    name: current.autoNamed ? undefined : current.name,
    title: current.title,
    branch,
    updatedAt,
    pinned: current.pinned,
    ...(current.folder && { folder: current.folder }),
  });
}

/** 64 random bits: unique within a session without a lookup. */
function newEntryId(): string {
  return randomBytes(8).toString('hex');
}
