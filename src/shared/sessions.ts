// Session shapes shared by main and renderer.
import type { ToolCallState } from './mcp.js';
import type { Message } from './messages.js';

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

/** A whole session: every stored message in order, the system message first. */
export interface SessionDetail extends SessionSummary {
  systemPrompt: string;
  messages: Message[];
  activeRun?: ActiveRunSnapshot;
  /** Text the person sent that the app quit before answering; offered again in the composer (cleared by the next send). */
  draft?: string;
  /** The MCP servers this chat uses; absent: every enabled server (the default in Settings). */
  mcpServers?: string[];
}
