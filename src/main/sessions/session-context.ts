// The bottom of the session layer: the options the app composes it with, the records every part shares (a session in
// memory, its committed content), and the SessionContext (store, emit, strings, log, clock, attachments) they use.
import type { AttachedDocumentRef, AttachedPassage, KnowledgeCitation } from '../../shared/knowledge.js';
import type { AgentModel, AgentTool, StreamFn } from '../agent/index.js';
import type { AttachmentStore } from '../attachments/index.js';
import type { ToolCallHooks } from '../mcp/tool-adapter.js';
import type { SessionEvent, SessionEventEnvelope } from '../../shared/events.js';
import type { SendTools } from '../../shared/builtin-tools.js';
import type { SystemMessage } from '../../shared/messages.js';
import type { CondensedSummary } from '../../shared/condense.js';
import type { ComparePick } from '../../shared/compare.js';
import type { ChatParams, ModelRef } from '../../shared/settings.js';
import { ActivityClock } from './activity-clock.js';
import type { BranchTree } from './branches.js';
import type { ChatState } from './chat-settings.js';
import type { CoalescerTimer } from './event-coalescer.js';
import type { SessionMessages } from './session-messages.js';
import type { IndexPersistence } from './store/index-persistence.js';
import type { MessageEntry, SessionHeader } from './store/session-file.js';
import type { SessionLogger, SessionStore } from './store/session-store.js';

export interface SessionServiceOptions {
  /** The app's data folder; sessions live in `<dataDir>/sessions`. */
  dataDir: string;
  /** Where the session index is kept between starts (default: `<dataDir>/sessions/index.json`). */
  indexPersistence?: (dir: string, log: SessionLogger) => IndexPersistence;
  /** Delivers one event to the renderer (the IPC event channel). Must not throw; a throw is logged and ignored. */
  emit(envelope: SessionEventEnvelope): void;
  /** The model for a run: `ref` (or the default model) with its provider's key, which never leaves main, and `params`. */
  resolveModel(ref?: ModelRef | null, params?: ChatParams): AgentModel;
  /** The model stream (the composition root chooses the provider; tests and benchmarks inject their own). */
  streamFn: StreamFn;
  /** What a new chat starts with (Settings' default model). */
  defaultModel?(): ModelRef | null;
  /** The system prompt of new sessions that do not bring their own (the settings' or the locale's default). */
  defaultSystemPrompt(): string;
  /** The user-facing wording in the current locale. */
  messages(): SessionMessages;
  /** MAX_MESSAGES_PER_SESSION: most messages one request carries, the system message included (default 100). */
  maxMessagesPerSession?: number;
  /** Delta batching interval (default 16 ms, about one animation frame). */
  coalesceMs?: number;
  /** Timer for delta batching; tests inject a manual one. */
  timer?: CoalescerTimer;
  /**
   * Idle sessions kept loaded beyond the running ones (default `DEFAULT_IDLE_SESSIONS`): the open one and a few recent
   * stay in memory; the rest are read again when used, so memory does not grow with every session opened.
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
  attachments?: SessionAttachments;
  /** The tools a run of a chat is offered (MCP): `servers` is the chat's choice, undefined for the default. */
  tools?(servers: string[] | undefined, hooks: ToolCallHooks, run: ToolRunContext): Promise<AgentTool[]>;
  /**
   * Runs before a session file's format is migrated (the backups' checked copy of the data folder, when backups are
   * on); it never throws, and the migration runs after it either way.
   */
  beforeMigration?(): Promise<unknown>;
  /** The chat's knowledge bases (knowledge/knowledge-service.ts): passages each run is given, and what its answers cite. */
  knowledge?: RunKnowledge;
  /** The setting: a chat's model names it after its first answer (title-writer.ts). Absent: never. */
  autoTitle?(): boolean;
  /** The app's language for the `{{language}}` prompt variable (default 'en'). */
  language?(): string;
  /** The model that writes summaries of long chats (a setting); absent or undefined: the chat's own model. */
  summaryModel?(): AgentModel | undefined;
  /** The setting: long chats are condensed (default true); per chat it can be turned off too. */
  condenseEnabled?(): boolean;
}

/** What the session layer needs of the attachment store. */
export type SessionAttachments = Pick<AttachmentStore, 'retain' | 'release' | 'handBack' | 'read'> &
  Partial<Pick<AttachmentStore, 'documents'>>;

/** Follows committed content; calls come after the change is on disk, in order. Must not throw (a throw is logged). */
export interface SessionObserver {
  /** The session's file changed in what search sees: a run committed, another version shown, a name, an import. */
  changed(sessionId: string): void;
  deleted(sessionId: string): void;
}

/**
 * Knowledge bases as a run uses them. `beginRun`: a run of the chat starts with `question`; answers the labelled block
 * of numbered passages its requests carry (never stored), or undefined. `citationsIn`: the passages an answer's text
 * cites by number, stored on the message.
 */
export interface RunKnowledge {
  beginRun(sessionId: string, kbIds: readonly string[] | undefined, question: string): Promise<string | undefined>;
  citationsIn(sessionId: string, text: string): KnowledgeCitation[] | undefined;
  /** A run starts without `beginRun` (queued input sent after the last run): it cites nothing of the last one. */
  forgetRun(sessionId: string): void;
  /** The numbers the run's requests give the parts of an attached document (the same part: the same number). */
  numberAttached(sessionId: string, document: AttachedDocumentRef, passages: readonly AttachedPassage[]): number[];
}

/** Numbers the parts of an attached document one request of a run carries, so the answer can cite them. */
export type NumberAttached = (document: AttachedDocumentRef, passages: readonly AttachedPassage[]) => number[];

/** A session's committed content, kept in memory while it is open. */
/** Which chat a run's tools are for, and the built-in tools the person asked for this one send (SendTools). */
export interface ToolRunContext extends SendTools {
  sessionId: string;
}

export interface Loaded {
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
  /** The summary of the oldest turns in force, and whether condensing is off (condense/). */
  condensed?: CondensedSummary;
  condenseOff?: boolean;
  /** A compare's pick not made yet (compare/pending-pick.ts). */
  comparePick?: ComparePick;
}

/** What the event stream needs of a session: its id, the last `seq` sent, and whether it is gone. */
export interface EventCursor {
  readonly id: string;
  /** Last `seq` sent for this session; kept when the session is unloaded so it never goes back. */
  seq: number;
  deleted: boolean;
}

/** What every part of the session layer works with. Built once by the facade; `emit` and `notify` never throw. */
export interface SessionContext {
  readonly store: SessionStore;
  /** The user-facing wording in the current locale. */
  strings(): SessionMessages;
  readonly log: SessionLogger;
  /** Stamps of creations and commits: never earlier than the last one, so the list follows activity. */
  readonly clock: ActivityClock;
  readonly attachments: SessionAttachments | undefined;
  /** Sends one event of `runId` for the session, with its next `seq`; nothing once the session is deleted. */
  emit(session: EventCursor, runId: string, event: SessionEvent): void;
  /** Tells the observer (search) about committed content; a throw is logged. */
  notify(call: (observer: SessionObserver) => void): void;
  /** Awaited before a session file's format is migrated (a backup first); never throws. */
  beforeMigration(): Promise<unknown>;
}

/** Idle sessions kept loaded by default: the one on screen, the one before it, and a couple more to switch back to. */
export const DEFAULT_IDLE_SESSIONS = 4;

export const consoleLog: SessionLogger = {
  info: (message) => console.warn(message),
  error: (context, error) => console.error(context, error),
};

/** The context of one service over `store`; `latest` is the newest activity stamp the store knows. */
export function createSessionContext(store: SessionStore, options: SessionServiceOptions, latest: number): SessionContext {
  const log = options.log ?? consoleLog;
  return {
    store,
    strings: () => options.messages(),
    log,
    clock: new ActivityClock(options.now, latest),
    attachments: options.attachments,
    emit: (session, runId, event) => {
      if (session.deleted) return;
      session.seq += 1;
      try {
        options.emit({ sessionId: session.id, runId, seq: session.seq, event });
      } catch (error) {
        log.error(`session ${session.id}: event delivery failed`, error);
      }
    },
    beforeMigration: async () => {
      try {
        await options.beforeMigration?.();
      } catch (error) {
        log.error('backup before a format migration failed', error);
      }
    },
    notify: (call) => {
      if (!options.observer) return;
      try {
        call(options.observer);
      } catch (error) {
        log.error('session observer failed', error);
      }
    },
  };
}
