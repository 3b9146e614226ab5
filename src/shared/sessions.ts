// Session shapes shared by main and renderer.
import type { ToolCallState } from './mcp.js';
import type { Message } from './messages.js';
import type { MessagePage, MessageRef } from './paging.js';

export type { MessageRef } from './paging.js';
import type { ChatParams, ModelRef } from './settings.js';
import type { UsageTotal } from './usage.js';

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

/** What a chat's next run uses besides its messages. */
export interface ChatSettings {
  /** `null`: an older chat that follows Settings' default model. */
  model: ModelRef | null;
  /** Empty fields: the provider's defaults. */
  params: ChatParams;
}

/** A change to a chat's settings; absent fields stay as they are. `params` replaces the whole set. */
export interface ChatSettingsPatch {
  model?: ModelRef;
  systemPrompt?: string;
  params?: ChatParams;
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
  /** Shown messages after the system message, loaded or not. */
  total: number;
  /** The page around a message asked for (`getSession` with `around`) when it is older than the newest page. */
  around?: MessagePage;
  activeRun?: ActiveRunSnapshot;
  /** Text the person sent that the app quit before answering; offered again in the composer (cleared by the next send). */
  draft?: string;
  /** The MCP servers this chat uses; absent: every enabled server (the default in Settings). */
  mcpServers?: string[];
}
