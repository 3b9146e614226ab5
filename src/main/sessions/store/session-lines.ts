// The session file format (JSONL, version 2): its line types and their serialization. Pure: no I/O here; the parser
// and what a parsed file means are in session-file.ts.
//
//   {"type":"session","version":1,"id":…,"createdAt":…,"systemPrompt":…,"model":…,"name"?:…}   header, first line
//   {"type":"message","id":…,"parentId":…|null,"runId":…,"timestamp":…,"message":{…}}       one per stored message
//   {"type":"commit","runId":…,"count":n,"timestamp":…,"stopped"?:true}                      closes a run of n messages
//   {"type":"meta","timestamp":…,"name":…}                                                     a rename by the user
//   {"type":"meta","timestamp":…,"title":…}                          a name the chat's model wrote (a rename wins)
//   {"type":"meta","timestamp":…,"chat":{"model"?,"systemPrompt"?,"params"?}}                  chat settings from the next run on
//   {"type":"branch","timestamp":…,"leaf":…}                                 the person chose a version (version 2)
//   {"type":"meta","timestamp":…,"mcpServers":[…]|null}                                        the chat's MCP servers
//
// A run is written as one append: its message lines, then its commit line. Message lines without their commit line
// never happened. Messages form a tree through `parentId`; the current branch is root → the leaf activated last: the
// last message of the latest commit, or a later `branch` line's leaf (branches.ts states the rule).
//
// Version 2 adds `branch` lines. Version 1 readers would take one for damage (and cut or refuse what follows), so a
// version-1 file is migrated — backup copy first, then the header rewritten — before its first `branch` line.
import type { ComparePick, ForkOrigin } from '../../../shared/compare.js';
import type { Message } from '../../../shared/messages.js';
import type { ChatSettingsPatch } from '../../../shared/sessions.js';
import type { ChatParams } from '../../../shared/settings.js';
import type { FolderRef } from '../../../shared/folders.js';
import type { CondensedSummary } from '../../../shared/condense.js';

/** The newest format this build reads and the one it creates. */
export const FORMAT_VERSION = 2;
/** The first format that may hold `branch` lines. */
export const BRANCH_FORMAT_VERSION = 2;

/** First line of every session file; never rewritten. */
export interface SessionHeader {
  type: 'session';
  version: number;
  id: string;
  createdAt: number;
  systemPrompt: string;
  /** The model id when the session was created. */
  model: string;
  /** Present when the user named the session at creation. */
  name?: string;
  /** The provider of `model`, when the chat was created on a chosen model (older chats follow Settings' default). */
  providerId?: string;
  /** Request parameters the chat was created with (from a preset). */
  params?: ChatParams;
  /** A fork: the chat and message it was made from. */
  forkedFrom?: ForkOrigin;
}

/** One stored message, a node of the tree (`parentId` null for the first message). */
export interface MessageEntry {
  type: 'message';
  id: string;
  parentId: string | null;
  runId: string;
  timestamp: number;
  message: Message;
  /** The message's token count, computed once at commit (see context-policy); absent in older files. */
  tokens?: number;
}

/** Closes a run: the `count` message lines of `runId` just before it are committed. */
export interface CommitEntry {
  type: 'commit';
  runId: string;
  count: number;
  timestamp: number;
  /** The user stopped the run after text was shown. */
  stopped?: boolean;
}

/** A change of the session's own settings; each field present wins over earlier lines. Unknown fields are ignored. */
export interface MetaEntry {
  type: 'meta';
  timestamp: number;
  /** A rename by the user. */
  name?: string;
  /** A name the chat's model wrote after its first answer; shown until the person renames the chat. */
  title?: string;
  /** Kept at the top of the sidebar. */
  pinned?: boolean;
  /** The chat's model, system prompt or parameters from the next run on; fields merge, last wins. */
  chat?: ChatSettingsPatch;
  /** Names of the MCP servers this chat uses; `null` returns to the default (every enabled server). */
  mcpServers?: string[] | null;
  /** The chat's folder (shared/folders.ts); `null` takes it out. Older versions ignore the field. */
  folder?: FolderRef | null;
  /** The summary of the oldest turns in force (shared/condense.ts); `null` undoes the last one. */
  condensed?: CondensedSummary | null;
  /** Condensing turned off (true) or on again (false) for this chat. */
  condenseOff?: boolean;
  /** A compare's answers waiting for the person's pick (shared/compare.ts); `null` once picked or dismissed. */
  comparePick?: ComparePick | null;
}

/** The person chose which version to show: the branch ending at `leaf` (a committed message id) is current. */
export interface BranchEntry {
  type: 'branch';
  timestamp: number;
  leaf: string;
}

export type FileLine = SessionHeader | MessageEntry | CommitEntry | MetaEntry | BranchEntry;

/** A file that parsed: its committed content and how many leading bytes are valid. */
export interface ParsedSession {
  header: SessionHeader;
  /** Committed message entries in file order (every branch). */
  entries: MessageEntry[];
  /** The last rename, if any. */
  name: string | undefined;
  /** The last model-written name, if any. */
  title?: string;
  pinned: boolean;
  /** The chat settings lines merged in file order (empty when there are none). */
  chat: ChatSettingsPatch;
  /** Leaves activated (by a commit or a `branch` line) in file order; the last one is the current branch's. */
  activations: string[];
  /** The chat's last choice of MCP servers; undefined when it never chose (the default applies). */
  mcpServers?: string[];
  /** The chat's folder by its last `folder` meta line; undefined: none. */
  folder?: FolderRef;
  /** The summary in force by the last `condensed` line; undefined: none (or undone). */
  condensed?: CondensedSummary;
  condenseOff?: boolean;
  /** The compare pick not made yet, by the last `comparePick` line. */
  comparePick?: ComparePick;
  /** Time of the last commit, or the creation time. */
  updatedAt: number;
  /** Bytes of the valid prefix; the rest (`size - validLength`) is a torn tail to cut before the next append. */
  validLength: number;
  size: number;
}

/** Why a file cannot be used. The file is left exactly as it is. */
export interface ParseFailure {
  kind: 'corrupt' | 'unsupported_version';
  detail: string;
}

export type ParseResult = { ok: true; session: ParsedSession } | { ok: false; failure: ParseFailure };

/** The fields a session summary is made of (the index stores them; the service adds `isStreaming`). */
export interface SummaryFields {
  id: string;
  /** '' until the session has a user name or a first user message. */
  name: string;
  /** True while the person has not named the session (the name is its first message's, or the model's `title`). */
  autoNamed: boolean;
  /** The name the chat's model wrote, kept so later commits (which rename from the first message) keep it. */
  title?: string;
  createdAt: number;
  updatedAt: number;
  /** Messages on the current branch, the system message included. */
  messageCount: number;
  model: string;
  /** Kept at the top of the sidebar (absent in indexes written before pins existed). */
  pinned?: boolean;
  /** The chat's folder (absent in indexes written before folders existed, and for chats in none). */
  folder?: FolderRef;
}

/** The lines as written to disk: one JSON object per line, each ending in '\n'. */
export function serializeLines(lines: readonly FileLine[]): string {
  let out = '';
  for (const line of lines) out += `${JSON.stringify(line)}\n`;
  return out;
}
