import type { SendTools } from './builtin-tools.js';
// Session shapes shared by main and renderer.
import type { ForkOrigin, PendingCompare } from './compare.js';
import type { AttachmentPart } from './attachments.js';
import type { IpcErrorCode } from './errors.js';
import type { ToolCallState } from './mcp.js';
import type { Message, ProviderErrorCode } from './messages.js';
import type { MessagePage, MessageRef } from './paging.js';

export type { MessageRef } from './paging.js';
import type { ChatParams, ModelRef } from './settings.js';
import type { UsageTotal } from './usage.js';
import type { CondenseView } from './condense.js';

/** What the sidebar needs; never carries messages. Listed pinned first, then newest activity (`updatedAt`) first. */
export interface SessionSummary {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  /** Stored messages, the system message included. */
  messageCount: number;
  model: string;
  /** True while a run of this session is in progress (possibly in the background). */
  isStreaming: boolean;
  /** Kept at the top of the sidebar, above the date groups. */
  pinned: boolean;
  /** Set when the file exists but cannot be opened; it is listed (never silently dropped) and left untouched. */
  problem?: 'unreadable' | 'unsupported_version';
  /** A tool call of its running run waits for the person's approval. */
  pendingApproval?: boolean;
  /** Its last run broke off after showing text (kept in memory, not saved) and waits for Retry or to be set aside. */
  failed?: boolean;
  /** The folder the chat is in (shared/folders.ts); absent: the plain list. */
  folderId?: string;
}

/** Pending queued input of a running session, in drain order. */
export interface QueueState {
  steering: string[];
  followUp: string[];
}

/** A run still in progress when the session was fetched; later events have `seq` greater than `seq`. */
export interface ActiveRunSnapshot {
  runId: string;
  seq: number;
  /** Messages of this run so far (not yet committed), the streaming partial last. */
  messages: Message[];
  queue: QueueState;
  /** Tool calls of this run so far, with their live state (pending approvals included). */
  tools?: ToolCallState[];
}

/** What started a run: what Retry repeats when it fails. `messageId`: the answer regenerated or the question edited. */
export interface RunOrigin {
  kind: 'send' | 'regenerate' | 'edit';
  messageId?: string;
  /** The one-time tools a send asked for (search the web, read the pasted page): a retry asks for them again. */
  once?: SendTools;
}

/**
 * A run that broke off after showing text. Nothing of it is stored; main keeps it in memory (until the chat's next run,
 * a version switch, or the person sets it aside) so the chat shows it where it stopped, even opened later.
 */
export interface FailedRunSnapshot {
  runId: string;
  origin: RunOrigin;
  /** Shown messages (after the system one) before the run's own: a regenerate or an edit hides what it replaced. */
  base: number;
  /** The run's messages as shown when it broke off: the question (none for a regenerate), the partial answer last. */
  messages: Message[];
  code: ProviderErrorCode | IpcErrorCode;
  /** Why, in the words of the error event. */
  message: string;
  /** The person's text (and files) that Retry sends again. */
  unsentText: string;
  unsentAttachments?: AttachmentPart[];
}

/** What a chat's next run uses besides its messages. */
export interface ChatSettings {
  /** `null`: an older chat that follows Settings' default model. */
  model: ModelRef | null;
  /** Empty fields: the provider's defaults. */
  params: ChatParams;
  /** The models the chat's compare asks by default (2–4); absent: none kept. */
  compareModels?: ModelRef[];
  /** The built-in tools chosen for this chat (ids); absent: none. */
  builtinTools?: string[];
  /** The knowledge bases this chat searches (ids; a deleted one is skipped); absent: none. */
  knowledgeBases?: string[];
}

/** A change to a chat's settings; absent fields stay as they are. `params` replaces the whole set. */
export interface ChatSettingsPatch {
  model?: ModelRef;
  systemPrompt?: string;
  params?: ChatParams;
  /** The chat's default compare set; `null` forgets it. */
  compareModels?: ModelRef[] | null;
  /** Built-in tools the person always allowed in this chat (the whole list; a later line replaces it). */
  builtinToolsAllowed?: string[];
  /** The built-in tools chosen for this chat (the whole list; a later line replaces it). */
  builtinTools?: string[];
  /** The knowledge bases this chat searches (the whole list; a later line replaces it). */
  knowledgeBases?: string[];
}

/**
 * A session as the window opens it: the system message, then shown messages `start …` to the end of the shown branch
 * (`total` messages after the system one). Over IPC that is the newest page (see paging.ts); in main, `get` has all.
 */
export interface SessionDetail extends SessionSummary {
  /** The system prompt of the next run (earlier runs were sent what was current then). */
  systemPrompt: string;
  chat: ChatSettings;
  messages: Message[];
  /** One per message after the system message, same order. */
  refs: MessageRef[];
  /** Tokens of the shown branch's answers per model (all of them, whatever part of `messages` is sent). */
  usage?: UsageTotal[];
  /** Position of `messages[1]` among the shown messages after the system message. */
  start: number;
  /** The chat this one was forked from, and the message it was forked at (it may since be gone). */
  forkedFrom?: ForkOrigin;
  /** Shown messages after the system message, loaded or not. */
  total: number;
  /** The page around a message asked for (`getSession` with `around`) when it is older than the newest page. */
  around?: MessagePage;
  activeRun?: ActiveRunSnapshot;
  /** The last run, broken off after showing text (see FailedRunSnapshot); absent while a run is in progress. */
  failedRun?: FailedRunSnapshot;
  /**
   * Text the person sent that was never answered (the app quit first, or its answer broke off and the app was
   * restarted since); offered again in the composer, cleared by the next send. Absent while `failedRun` holds it.
   */
  draft?: string;
  /** The MCP servers this chat uses; absent: every enabled server (the default in Settings). */
  mcpServers?: string[];
  /** Its condensed history (shared/condense.ts); absent: never condensed and not turned off. */
  condense?: CondenseView;
  /** A compare that ended without a pick: the window shows its columns again to pick from. */
  pendingCompare?: PendingCompare;
}
