// Merging other computers' lines of one chat into its local file, by id. Pure: what to append is worked out from the
// local lines and the incoming ones; nothing local is ever rewritten.
//
// - A run (its message lines and commit) whose messages are known is already here; one whose first message's parent
//   is known is appended after it — a question asked on both computers from the same point becomes two versions
//   there. A run whose parent is not here yet (it is in a file still on its way) waits for a later pass.
// - Renames, pins, folders, chat settings follow the latest activity: each field of a meta line is taken only when its
//   stamp is later than the local one of that field (equal stamps: the larger value, so every computer agrees). The
//   loser stays in its computer's files in the sync location.
// - The version shown is the one activated last (a commit or a chosen version), by stamp, on whichever computer.
import type { FileLine, MessageEntry, MetaEntry, SessionHeader } from '../sessions/store/session-lines.js';
import { BRANCH_FORMAT_VERSION } from '../sessions/store/session-lines.js';

/** Incoming lines of one chat, each tagged with the remote file it came from. */
export interface IncomingLine {
  from: string;
  text: string;
}

export interface MergePlan {
  /** The header to create the chat with, when it is not here. */
  header?: SessionHeader;
  lines: FileLine[];
  /** Message lines among `lines`. */
  messages: number;
  /** Remote files holding a run that could not be placed yet (their parent is not here). */
  waiting: Set<string>;
  /** The chat is not here and no incoming file holds its header (it is in a file still on its way). */
  headerMissing: boolean;
}

interface Activation {
  leaf: string;
  at: number;
}

interface Run {
  from: string;
  messages: MessageEntry[];
  commit: FileLine & { type: 'commit' };
}

/** Meta fields that each follow the latest stamp; a `chat` line's fields are each their own (`chat.model`, …). */
const META_FIELDS = ['name', 'title', 'pinned', 'mcpServers', 'folder', 'condensed', 'condenseOff'] as const;

interface Latest {
  at: number;
  text: string;
}

/** What the local file knows: ids, the latest stamp of each meta field, the version shown. */
export interface LocalKnowledge {
  header?: SessionHeader;
  ids: Set<string>;
  latest: Map<string, Latest>;
  activation?: Activation;
}

/** Reads the local file's lines (its valid prefix) into what merging needs. */
export function knowledgeOf(lines: Iterable<string>): LocalKnowledge {
  const known: LocalKnowledge = { ids: new Set(), latest: new Map() };
  let run: MessageEntry[] = [];
  for (const text of lines) {
    const line = parse(text);
    if (!line) continue;
    if (line.type === 'session') known.header = line;
    else if (line.type === 'message') run.push(line);
    else if (line.type === 'commit') {
      for (const message of run) known.ids.add(message.id);
      const leaf = run[run.length - 1];
      if (leaf) known.activation = { leaf: leaf.id, at: line.timestamp };
      run = [];
    } else if (line.type === 'meta') {
      for (const [field, value] of metaFields(line)) noteLatest(known.latest, field, line.timestamp, value);
    } else if (line.type === 'branch') known.activation = { leaf: line.leaf, at: line.timestamp };
  }
  return known;
}

/** What to append to the local file (or create it with) for `incoming`, given what the local file knows. */
export function planMerge(local: LocalKnowledge | undefined, incoming: readonly IncomingLine[]): MergePlan {
  const plan: MergePlan = { lines: [], messages: 0, waiting: new Set(), headerMissing: false };
  let header = local?.header;
  const runs: Run[] = [];
  const metas: MetaEntry[] = [];
  const branches: Activation[] = [];
  const pending = new Map<string, MessageEntry[]>();
  for (const { from, text } of incoming) {
    const line = parse(text);
    if (!line) continue;
    if (line.type === 'session') {
      if (!header) {
        header = line;
        plan.header = line;
      }
    } else if (line.type === 'message') {
      const list = pending.get(`${from}\0${line.runId}`) ?? [];
      list.push(line);
      pending.set(`${from}\0${line.runId}`, list);
    } else if (line.type === 'commit') {
      const key = `${from}\0${line.runId}`;
      const messages = pending.get(key) ?? [];
      pending.delete(key);
      if (messages.length === line.count && messages.length > 0) runs.push({ from, messages, commit: line });
    } else if (line.type === 'meta') metas.push(line);
    else if (line.type === 'branch') branches.push({ leaf: line.leaf, at: line.timestamp });
  }
  if (!header) {
    plan.headerMissing = true;
    for (const run of runs) plan.waiting.add(run.from);
    return plan;
  }
  const canBranch = header.version >= BRANCH_FORMAT_VERSION;
  const ids = new Set(local?.ids ?? []);
  const latest = new Map(local?.latest ?? []);
  let shown = local?.activation;
  let fileLast = local?.activation;

  // Runs in an order where each one's parent is here before it.
  let left = runs.filter((run) => !ids.has(run.messages[0]!.id));
  for (let progress = true; progress && left.length > 0;) {
    progress = false;
    const still: Run[] = [];
    for (const run of left) {
      const parent = run.messages[0]!.parentId;
      if (ids.has(run.messages[0]!.id)) continue; // the same run from two computers
      if (parent !== null && !ids.has(parent)) {
        still.push(run);
        continue;
      }
      plan.lines.push(...run.messages, run.commit);
      plan.messages += run.messages.length;
      for (const message of run.messages) ids.add(message.id);
      const activation = { leaf: run.messages[run.messages.length - 1]!.id, at: run.commit.timestamp };
      fileLast = activation;
      if (!shown || activation.at >= shown.at) shown = activation;
      progress = true;
    }
    left = still;
  }
  for (const run of left) plan.waiting.add(run.from);

  // Meta fields, oldest first, each only when later than what is here.
  metas.sort((a, b) => a.timestamp - b.timestamp);
  for (const meta of metas) {
    const taken: Record<string, unknown> = {};
    const chat: Record<string, unknown> = {};
    for (const [field, value] of metaFields(meta)) {
      if (!canBranch && field !== 'name') continue;
      if (field === 'condensed' && value !== null && !ids.has((value as { through?: string }).through ?? '')) continue;
      if (!isLater(latest.get(field), meta.timestamp, value)) continue;
      noteLatest(latest, field, meta.timestamp, value);
      if (field.startsWith('chat.')) chat[field.slice(5)] = value;
      else taken[field] = value;
    }
    if (Object.keys(chat).length > 0) taken.chat = chat;
    if (Object.keys(taken).length > 0) plan.lines.push({ type: 'meta', timestamp: meta.timestamp, ...taken } as MetaEntry);
  }

  // The version shown: the latest activation on any computer.
  for (const branch of branches) if (ids.has(branch.leaf) && (!shown || branch.at > shown.at)) shown = branch;
  if (canBranch && shown && fileLast && shown.leaf !== fileLast.leaf)
    plan.lines.push({ type: 'branch', timestamp: shown.at, leaf: shown.leaf });
  return plan;
}

function isLater(current: Latest | undefined, at: number, value: unknown): boolean {
  if (!current) return true;
  if (at !== current.at) return at > current.at;
  return JSON.stringify(value) > current.text;
}

function noteLatest(latest: Map<string, Latest>, field: string, at: number, value: unknown): void {
  const current = latest.get(field);
  if (isLater(current, at, value)) latest.set(field, { at, text: JSON.stringify(value) });
}

function metaFields(meta: MetaEntry): [string, unknown][] {
  const fields: [string, unknown][] = [];
  const record = meta as unknown as Record<string, unknown>;
  for (const field of META_FIELDS) if (field in record && record[field] !== undefined) fields.push([field, record[field]]);
  if (meta.chat && typeof meta.chat === 'object')
    for (const [key, value] of Object.entries(meta.chat)) if (value !== undefined) fields.push([`chat.${key}`, value]);
  return fields;
}

function parse(text: string): FileLine | undefined {
  try {
    const value = JSON.parse(text) as FileLine;
    if (!value || typeof value !== 'object') return undefined;
    switch (value.type) {
      case 'session':
        return typeof value.id === 'string' ? value : undefined;
      case 'message':
        return typeof value.id === 'string' &&
          typeof value.runId === 'string' &&
          (value.parentId === null || typeof value.parentId === 'string')
          ? value
          : undefined;
      case 'commit':
        return typeof value.runId === 'string' && typeof value.count === 'number' && typeof value.timestamp === 'number'
          ? value
          : undefined;
      case 'meta':
        return typeof value.timestamp === 'number' ? value : undefined;
      case 'branch':
        return typeof value.leaf === 'string' && typeof value.timestamp === 'number' ? value : undefined;
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}
