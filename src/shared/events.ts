// Events main pushes to the renderer while a session runs. Carries increments, never the cumulative answer.
import type { CompareColumn, CompareColumnEnd } from './compare.js';
import type { AssistantMessage, AttachmentPart, Message, ProviderErrorCode } from './messages.js';
import type { ToolCallState } from './mcp.js';
import type { MessageRef, QueueState, SessionSummary } from './sessions.js';
import type { IpcErrorCode } from './errors.js';
import type { ImportProgress } from './transfer.js';
import type { SyncStatus } from './sync.js';
import type { KnowledgeCitation, KnowledgeView } from './knowledge.js';
import type { UsageTotal } from './usage.js';

/**
 * One run's events, in `seq` order: `run_start`, then message events, then (`saved` | `error`), then `run_end`.
 * Text arrives only as `delta`s (coalesced to about one per animation frame per session); `assistant_end` carries
 * the final metadata but not the text again.
 */
export type SessionEvent =
  /** `summary` is the session as the sidebar should show it now (streaming; named from `userText` if unnamed). */
  | { type: 'run_start'; userText: string; summary: SessionSummary }
  /** A complete user / toolResult message, or an empty assistant shell that `delta`s then fill. */
  | { type: 'message_start'; message: Message }
  /** Increments of the streaming assistant message; concatenated they give its text and thinking. */
  | { type: 'delta'; text?: string; thinking?: string }
  | {
      type: 'assistant_end';
      stopReason: AssistantMessage['stopReason'];
      usage: AssistantMessage['usage'];
      errorMessage?: string;
      errorCode?: ProviderErrorCode;
      timing?: AssistantMessage['timing'];
      /** The text is the model's refusal (AssistantMessage.refusal). */
      refusal?: true;
      /** Tool calls of this message (their arguments are not streamed as deltas). */
      toolCalls: Extract<AssistantMessage['content'][number], { type: 'toolCall' }>[];
      /** The knowledge passages this message cites (AssistantMessage.citations). */
      citations?: KnowledgeCitation[];
    }
  | { type: 'queue'; queue: QueueState }
  /** Something the person should know about how the run ended (e.g. it used its request limit); before `saved`. */
  | { type: 'notice'; code: 'request_limit'; message: string }
  /** A tool call of this run changed state (waiting for approval, running, done, failed, denied). */
  | { type: 'tool'; state: ToolCallState }
  /**
   * The run was committed and flushed to disk. `stopped`: the user stopped it after text was shown; then
   * `unsentText` holds input that was still queued (never sent), to offer again. `refs`: one per stored message of
   * the run, in order (the first one tells how many versions its point now has). `usage`: the shown branch's totals now.
   */
  | { type: 'saved'; stopped: boolean; summary: SessionSummary; refs: MessageRef[]; unsentText?: string; usage?: UsageTotal[] }
  /**
   * Nothing of this run was committed; `unsentText` is the user's text (and `unsentAttachments` its files), to offer again.
   * `kept`: the run had shown text; it stays in the chat where it broke off (SessionDetail.failedRun), offering Retry.
   */
  | {
      type: 'error';
      code: ProviderErrorCode | IpcErrorCode;
      message: string;
      unsentText: string;
      unsentAttachments?: AttachmentPart[];
      kept?: true;
    }
  /**
   * Always last; `summary` is the session after the run (no longer streaming). `discarded`: the run was the failed
   * first send of a new chat that holds nothing else, and the session no longer exists (it becomes the draft again).
   */
  | { type: 'run_end'; committed: boolean; summary: SessionSummary; discarded?: true }
  /** The chat's model wrote its name (after the run named by `runId` ended; a later run may be going on). */
  | { type: 'titled'; summary: SessionSummary }
  /**
   * Not about one session: the background check of the sessions folder after a start found (or re-read) these
   * sessions and dropped those whose file is gone — every session arrives this way when there was no index. Its
   * envelope names no session or run (`LIST_ENVELOPE`). `finding`: a rebuild without an index may still list more
   * (false on its last batch, which may be empty).
   */
  | { type: 'sessions_listed'; summaries: SessionSummary[]; removed: string[]; finding: boolean }
  /** Not about one session either (`LIST_ENVELOPE`): how far the import of a file has got (ImportProgress). */
  | { type: 'import_progress'; progress: ImportProgress }
  /** Not about one session either (`LIST_ENVELOPE`): the sync status changed (a pass began, moved on, ended or failed). */
  | { type: 'sync_status'; status: SyncStatus }
  /**
   * Not about one session either (`LIST_ENVELOPE`): a document being added is read, `done` of `total` pages (or
   * slides) so far; `readingId` is the one its `addAttachment` request named. In order; the add's answer follows.
   */
  | { type: 'document_progress'; readingId: string; done: number; total: number }
  /** Not about one session (`LIST_ENVELOPE`): a knowledge base changed or its indexing moved on (the whole list). */
  | { type: 'knowledge_status'; knowledge: KnowledgeView }
  /** A compare began (its envelope's run id is `compareId`): one run per column, whose events then carry its run id. */
  | { type: 'compare_start'; compareId: string; userText: string; columns: CompareColumn[] }
  /** A column of compare `compareId` is answered again by a new run (`column` is its 0-based place). */
  | { type: 'compare_column'; compareId: string; column: number; runId: string }
  /** Every column of compare `compareId` ended; each says what was stored. The person picks one (a branch switch). */
  | { type: 'compare_end'; compareId: string; columns: CompareColumnEnd[]; summary: SessionSummary };

/** Session id, run id and seq of the envelope of a `sessions_listed`, `import_progress`, `sync_status` or `document_progress` event. */
export const LIST_ENVELOPE = { sessionId: '', runId: '', seq: 0 } as const;

/** Envelope on the single event channel. `seq` increases by one per event within a session. */
export interface SessionEventEnvelope {
  sessionId: string;
  runId: string;
  seq: number;
  event: SessionEvent;
}
