// Parsing a session file (session-lines.ts has the format) with torn-tail detection, and what a parsed file means:
// its current branch and its summary. Pure: no I/O here.
import { messageText } from '../../../shared/messages.js';
import type { ChatSettingsPatch } from '../../../shared/sessions.js';
import type { FolderRef } from '../../../shared/folders.js';
import type { CondensedSummary } from '../../../shared/condense.js';
import type { ComparePick } from '../../../shared/compare.js';
import { autoName } from '../session-naming.js';
import {
  BRANCH_FORMAT_VERSION,
  FORMAT_VERSION,
  type CommitEntry,
  type MessageEntry,
  type ParsedSession,
  type ParseFailure,
  type ParseResult,
  type SessionHeader,
  type SummaryFields,
} from './session-lines.js';

// The format's types and serializer, so one import serves whoever reads or writes a file.
export * from './session-lines.js';

const NEWLINE = 0x0a;

/** Parses a whole session file. A torn tail (partial last line, uncommitted or damaged last run) is reported, not fatal. */
export function parseSessionFile(bytes: Uint8Array, expectedId?: string): ParseResult {
  // Bytes after the last newline are a partial line: a write cut short. They are never parsed.
  const end = bytes.lastIndexOf(NEWLINE) + 1;
  const lines = splitLines(bytes, end);
  const parseLine = (index: number): unknown => {
    try {
      return JSON.parse(lines[index]!.text);
    } catch {
      return undefined;
    }
  };

  const first = lines.length > 0 ? parseLine(0) : undefined;
  if (!isRecord(first) || first.type !== 'session') return fail('corrupt', 'the first line is not a session header');
  if (typeof first.version === 'number' && first.version > FORMAT_VERSION) {
    return fail('unsupported_version', `format version ${first.version} is newer than ${FORMAT_VERSION}`);
  }
  const header = asHeader(first);
  if (!header) return fail('corrupt', 'the session header is incomplete');
  if (expectedId !== undefined && header.id !== expectedId) return fail('corrupt', 'the header id does not match the file name');

  const entries: MessageEntry[] = [];
  const ids = new Set<string>();
  let name: string | undefined;
  let title: string | undefined;
  let pinned = false;
  let chat: ChatSettingsPatch = {};
  const activations: string[] = [];
  let mcpServers: string[] | undefined;
  let folder: FolderRef | undefined;
  let condensed: CondensedSummary | undefined;
  let condenseOff = false;
  let comparePick: ComparePick | undefined;
  let updatedAt = header.createdAt;
  let validLength = lines[0]!.end;
  let pending: MessageEntry[] = [];
  const pendingIds = new Set<string>();

  for (let i = 1; i < lines.length; i++) {
    const value = parseLine(i);
    const line = lines[i]!;
    let ok = false;
    if (isRecord(value)) {
      if (value.type === 'message') {
        const entry = asMessageEntry(value);
        const sameRun = pending.length === 0 || pending[0]!.runId === entry?.runId;
        const parentKnown =
          entry?.parentId === null || (entry !== undefined && (ids.has(entry.parentId) || pendingIds.has(entry.parentId)));
        if (entry && sameRun && parentKnown && !ids.has(entry.id) && !pendingIds.has(entry.id)) {
          pending.push(entry);
          pendingIds.add(entry.id);
          ok = true;
        }
      } else if (value.type === 'commit') {
        const commit = asCommit(value);
        if (commit && pending.length === commit.count && pending[0]?.runId === commit.runId) {
          for (const entry of pending) {
            entries.push(entry);
            ids.add(entry.id);
          }
          activations.push(pending[pending.length - 1]!.id);
          pending = [];
          pendingIds.clear();
          updatedAt = commit.timestamp;
          validLength = line.end;
          ok = true;
        }
      } else if (value.type === 'meta') {
        if (pending.length === 0 && typeof value.timestamp === 'number') {
          if (typeof value.name === 'string') name = value.name;
          if (typeof value.title === 'string') title = value.title;
          if (typeof value.pinned === 'boolean') pinned = value.pinned;
          const servers = value.mcpServers;
          if (servers === null) mcpServers = undefined;
          else if (Array.isArray(servers) && servers.every((s) => typeof s === 'string')) mcpServers = servers;
          if (value.folder === null) folder = undefined;
          else if (isFolderRef(value.folder)) folder = { id: value.folder.id, name: value.folder.name };
          if (value.condensed === null) condensed = undefined;
          else if (isCondensed(value.condensed) && ids.has(value.condensed.through)) condensed = value.condensed;
          if (typeof value.condenseOff === 'boolean') condenseOff = value.condenseOff;
          if (value.comparePick === null) comparePick = undefined;
          else if (isComparePick(value.comparePick)) comparePick = value.comparePick;
          if (isRecord(value.chat)) chat = { ...chat, ...(value.chat as ChatSettingsPatch) };
          validLength = line.end;
          ok = true;
        }
      } else if (value.type === 'branch') {
        const known = typeof value.leaf === 'string' && ids.has(value.leaf);
        if (header.version >= BRANCH_FORMAT_VERSION && pending.length === 0 && known && typeof value.timestamp === 'number') {
          activations.push(value.leaf as string);
          validLength = line.end;
          ok = true;
        }
      }
    }
    if (!ok) {
      if (isDamagedTail(i, lines.length, parseLine)) break;
      return fail('corrupt', `line ${i + 1} is not valid`);
    }
  }
  return {
    ok: true,
    session: {
      header,
      entries,
      name,
      ...(title !== undefined && { title }),
      pinned,
      chat,
      activations,
      updatedAt,
      validLength,
      size: bytes.length,
      ...(mcpServers && { mcpServers }),
      ...(folder && { folder }),
      ...(condensed && { condensed }),
      ...(condenseOff && { condenseOff }),
      ...(comparePick && { comparePick }),
    },
  };
}

/** One complete line: its text and the byte offset just past its newline. */
interface Line {
  text: string;
  end: number;
}

/**
 * The complete lines of `bytes[0, end)`. Fast path: one decode and one split. If those bytes are not valid UTF-8
 * (damage inside a line), lines are decoded one by one so only the damaged line fails to parse.
 */
function splitLines(bytes: Uint8Array, end: number): Line[] {
  const lines: Line[] = [];
  let text: string | undefined;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
  } catch {
    text = undefined;
  }
  if (text !== undefined) {
    let offset = 0;
    const parts = text.split('\n');
    parts.pop(); // after the final newline: empty
    for (const part of parts) {
      offset += Buffer.byteLength(part) + 1;
      lines.push({ text: part, end: offset });
    }
    return lines;
  }
  const lenient = new TextDecoder('utf-8');
  let start = 0;
  for (let i = bytes.indexOf(NEWLINE); i !== -1 && i < end; i = bytes.indexOf(NEWLINE, start)) {
    // Invalid bytes become U+FFFD, which JSON.parse accepts inside strings: make such a line fail to parse instead.
    const raw = bytes.subarray(start, i);
    let decoded: string;
    try {
      decoded = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch {
      decoded = `\u0000${lenient.decode(raw)}`;
    }
    lines.push({ text: decoded, end: i + 1 });
    start = i + 1;
  }
  return lines;
}

/**
 * A bad line at `index` is a torn tail when nothing committed follows it, or when the only thing after it is the
 * commit line closing the same (last) run — a crash before the run was flushed can leave a hole inside its own lines.
 * A bad line followed by another whole unit is damage in the middle: the file is not ours to repair.
 */
function isDamagedTail(index: number, lineCount: number, parseLine: (i: number) => unknown): boolean {
  for (let j = index + 1; j < lineCount; j++) {
    const value = parseLine(j);
    if (!isRecord(value)) continue;
    if (value.type === 'meta' || value.type === 'branch') return false;
    if (value.type === 'commit') return j === lineCount - 1;
  }
  return true;
}

/** Root → `leaf` (default: the last committed message in file order): the conversation as the model and the user see it. */
export function currentBranch(entries: readonly MessageEntry[], leaf?: string): MessageEntry[] {
  const last = leaf === undefined ? entries[entries.length - 1] : entries.find((entry) => entry.id === leaf);
  if (!last) return [];
  const byId = new Map<string, MessageEntry>();
  for (const entry of entries) byId.set(entry.id, entry);
  const branch: MessageEntry[] = [];
  for (let node: MessageEntry | undefined = last; node; node = node.parentId === null ? undefined : byId.get(node.parentId)) {
    branch.push(node);
  }
  return branch.reverse();
}

/** The branch a parsed file shows: root → the leaf activated last. */
export function shownBranch(parsed: Pick<ParsedSession, 'entries' | 'activations'>): MessageEntry[] {
  return currentBranch(parsed.entries, parsed.activations.at(-1));
}

/** What a session is, seen from its header, the user's name and its current branch. */
export function summarize(view: {
  header: SessionHeader;
  name: string | undefined;
  /** The model-written name; the person's name wins over it, it wins over the first message. */
  title?: string;
  branch: readonly MessageEntry[];
  updatedAt: number;
  pinned?: boolean;
  folder?: FolderRef;
}): SummaryFields {
  const userName = view.name ?? view.header.name;
  const firstUser = view.branch.find((entry) => entry.message.role === 'user');
  let model = view.header.model;
  for (let i = view.branch.length - 1; i >= 0; i--) {
    const message = view.branch[i]!.message;
    if (message.role === 'assistant') {
      model = message.model || model;
      break;
    }
  }
  return {
    id: view.header.id,
    name: userName ?? (view.title || (firstUser ? autoName(messageText(firstUser.message)) : '')),
    autoNamed: userName === undefined,
    ...(view.title && { title: view.title }),
    createdAt: view.header.createdAt,
    updatedAt: view.updatedAt,
    messageCount: view.branch.length + 1,
    model,
    ...(view.pinned ? { pinned: true } : {}),
    ...(view.folder && { folder: view.folder }),
  };
}

function fail(kind: ParseFailure['kind'], detail: string): ParseResult {
  return { ok: false, failure: { kind, detail } };
}

/** True when `value` has the shape of a stored pick (a file line read back). */
function isComparePick(value: unknown): value is ComparePick {
  if (typeof value !== 'object' || value === null) return false;
  const pick = value as Partial<ComparePick>;
  return (
    typeof pick.userText === 'string' &&
    Array.isArray(pick.columns) &&
    pick.columns.length > 0 &&
    pick.columns.every(
      (column) =>
        typeof column === 'object' &&
        column !== null &&
        typeof column.model?.providerId === 'string' &&
        typeof column.model?.model === 'string' &&
        (column.messageId === undefined || typeof column.messageId === 'string'),
    )
  );
}

function isCondensed(value: unknown): value is CondensedSummary {
  return (
    isRecord(value) &&
    typeof value.through === 'string' &&
    typeof value.summary === 'string' &&
    typeof value.count === 'number' &&
    typeof value.model === 'string' &&
    typeof value.createdAt === 'number'
  );
}

function isFolderRef(value: unknown): value is FolderRef {
  return isRecord(value) && typeof value.id === 'string' && value.id !== '' && typeof value.name === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asHeader(value: Record<string, unknown>): SessionHeader | undefined {
  const { version, id, createdAt, systemPrompt, model, name } = value;
  if (
    typeof version !== 'number' ||
    !Number.isInteger(version) ||
    version < 1 ||
    version > FORMAT_VERSION ||
    typeof id !== 'string' ||
    typeof createdAt !== 'number'
  )
    return undefined;
  if (typeof systemPrompt !== 'string' || typeof model !== 'string') return undefined;
  if (name !== undefined && typeof name !== 'string') return undefined;
  return value as unknown as SessionHeader;
}

const ROLES = new Set(['user', 'assistant', 'toolResult', 'system']);

function asMessageEntry(value: Record<string, unknown>): MessageEntry | undefined {
  const { id, parentId, runId, timestamp, message } = value;
  if (typeof id !== 'string' || typeof runId !== 'string' || typeof timestamp !== 'number') return undefined;
  if (parentId !== null && typeof parentId !== 'string') return undefined;
  if (!isRecord(message) || typeof message.role !== 'string' || !ROLES.has(message.role)) return undefined;
  return value as unknown as MessageEntry;
}

function asCommit(value: Record<string, unknown>): CommitEntry | undefined {
  const { runId, count, timestamp } = value;
  if (typeof runId !== 'string' || typeof count !== 'number' || typeof timestamp !== 'number') return undefined;
  return value as unknown as CommitEntry;
}
