// Reads ChatGPT's data export (`conversations.json`: an array of conversations, each a message tree in `mapping`)
// into sessions. Pure: no I/O.
//
// The rules:
// - Each node's message becomes one of ours, or is left out (chatgpt-messages.ts decides which, and counts what a
//   person saw that is left out); the children of a node left out hang on the nearest kept ancestor.
// - The tree stays a tree: siblings (an edited question, a regenerated answer) become versions of one point, in the
//   order ChatGPT lists them. A run of assistant nodes with no fork between them (reasoning, then code, then text)
//   is one answer. A generated picture ends the answer it is in with its tool call, the call's result follows, and
//   what the assistant said after it is the next answer, as our own tool calls are stored.
// - `current_node` picks the branch shown, as it did in ChatGPT (a `branch` line).
// - The pictures of messages are in the export ZIP, named after their asset id ("file-XXXX-photo.jpg", sometimes
//   ".dat", at the top or in a folder): `chatgptAssets` finds them.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AssistantMessage, Message, ToolResultMessage } from '../../shared/messages.js';
import { LIMITS } from '../../shared/ipc.js';
import { cutText, type LeftOut } from '../../shared/transfer.js';
import { FORMAT_VERSION, type FileLine, type SessionHeader } from '../sessions/store/session-file.js';
import { checkHistory, type ReadConversation } from './candidate.js';
import { convertMessage, isPictureMarker, type ConvertContext } from './chatgpt-messages.js';
import type { TransferStrings } from './strings.js';

const seconds = z.number().finite().nullable().optional();
// A node's message is read on its own (chatgpt-messages.ts): one in no shape we know is left out, not the chat.
const chatgptNode = z.looseObject({
  message: z.unknown().optional(),
  parent: z.string().nullable().optional(),
  children: z.array(z.string()).optional(),
});
const chatgptConversation = z.looseObject({
  title: z.string().nullable().optional(),
  create_time: seconds,
  update_time: seconds,
  mapping: z.record(z.string(), chatgptNode),
  current_node: z.string().nullable().optional(),
  default_model_slug: z.string().nullable().optional(),
});

/** Work done reading conversations (answer parts copied, children-list entries looked at), for tests that count it. */
export const chatgptWork = { partsCopied: 0, siblingsLookedAt: 0 };

/** Does `value` (parsed JSON) look like ChatGPT's conversations.json (or one conversation of it)? */
export function isChatgptExport(value: unknown): boolean {
  const looksLike = (item: unknown) => typeof item === 'object' && item !== null && 'mapping' in item;
  return Array.isArray(value) ? value.length > 0 && value.some(looksLike) : looksLike(value);
}

/** The conversations of a ChatGPT export (an array, or one conversation on its own). */
export function chatgptConversations(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

export interface ChatgptOptions {
  /** The system prompt imported chats start with (ChatGPT's own is not in the export). */
  systemPrompt: string;
  /** Used when a conversation or message has no time. */
  now: number;
  /** The file an asset pointer names, from the export ZIP; absent when only conversations.json was given. */
  asset?: (pointer: string) => { name: string; bytes: Uint8Array } | undefined;
}

/** The export's files by the asset id their names start with ("file-XXXX-photo.jpg" → "file-XXXX"). */
export function chatgptAssets(
  files: ReadonlyMap<string, Uint8Array>,
): (pointer: string) => { name: string; bytes: Uint8Array } | undefined {
  const byId = new Map<string, { name: string; bytes: Uint8Array }>();
  // Shortest names first, so "file-abc.png" wins over a longer name sharing its start.
  const names = [...files.keys()].filter((name) => isChatgptAssetFile(name)).sort((a, b) => baseName(a).length - baseName(b).length);
  for (const name of names) {
    const id = /^(file[-_][A-Za-z0-9]+)/.exec(baseName(name))?.[1];
    if (id && !byId.has(id)) byId.set(id, { name: baseName(name), bytes: files.get(name)! });
  }
  return (pointer) => byId.get(pointer.replace(/^[a-z-]+:\/\//, ''));
}

/** An entry of the export ZIP that may be a picture a message points to (its name starts with the asset id). */
export function isChatgptAssetFile(name: string): boolean {
  return /^file[-_][A-Za-z0-9]/.test(baseName(name)) && !name.startsWith('__MACOSX/');
}

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

/** What a report calls a conversation: its title, or its position (1-based) when it has none. */
export function chatgptTitle(value: unknown, position: number, strings: TransferStrings): string {
  const title = (value as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title.trim() ? title.trim() : strings.position(position);
}

/** One ChatGPT conversation as a session, or why not. `position` (1-based) names it when it has no title. */
export function readChatgptConversation(
  value: unknown,
  position: number,
  strings: TransferStrings,
  options: ChatgptOptions,
): ReadConversation {
  const rawTitle = (value as { title?: unknown } | null)?.title;
  const title = chatgptTitle(value, position, strings);
  const fail = (reason: string): ReadConversation => ({ ok: false, failure: { title, reason } });
  const parsed = chatgptConversation.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(strings.badShape(issue ? `${issue.path.join('.') || 'conversation'}: ${issue.message}` : 'invalid'));
  }
  const conversation = parsed.data;
  const createdAt = toMs(conversation.create_time) ?? options.now;
  // A Map, not the record: a node named "constructor" or "toString" must not find Object.prototype's members.
  const nodes = new Map(Object.entries(conversation.mapping));

  // Parents from `parent` (children lists are only used for order); a parent missing from the file or a loop is damage.
  const rooted = new Set<string>();
  for (const id of nodes.keys()) {
    const path = new Set<string>();
    for (let at: string | null | undefined = id; at && !rooted.has(at); at = nodes.get(at)?.parent) {
      if (!nodes.has(at)) return fail(strings.brokenHistory(`node ${[...path].at(-1)} names a parent not in the file`));
      if (path.has(at)) return fail(strings.brokenHistory(`node ${at} is its own ancestor`));
      path.add(at);
    }
    for (const at of path) rooted.add(at);
  }
  const childrenOf = new Map<string | null, string[]>();
  for (const [id, node] of nodes) {
    const parent = node.parent ?? null;
    const list = childrenOf.get(parent) ?? [];
    list.push(id);
    childrenOf.set(parent, list);
  }
  const timeOf = (id: string) => {
    const time = (nodes.get(id)?.message as { create_time?: unknown } | null | undefined)?.create_time;
    return typeof time === 'number' && Number.isFinite(time) ? time : 0;
  };
  for (const [parent, list] of childrenOf) {
    childrenOf.set(parent, inListedOrder(list, parent === null ? [] : (nodes.get(parent)?.children ?? []), timeOf));
  }

  const files = new Map<string, Uint8Array>();
  const leftOut: LeftOut = { pictures: 0, toolOutputs: 0, unreadable: 0 };
  const context: ConvertContext = {
    defaultModel: conversation.default_model_slug || 'chatgpt',
    strings,
    pictures: { asset: options.asset, files },
    leftOut,
  };
  const converted = new Map<string, Message>();
  /** Node → the result (a generated picture) that follows its message. */
  const results = new Map<string, ToolResultMessage>();
  for (const [id, node] of nodes) {
    const read = convertMessage(node.message, id, toMs(timeOf(id)) ?? createdAt, context);
    if (!read) continue;
    converted.set(id, read.message);
    if (read.result) results.set(id, read.result);
  }
  if (converted.size === 0) return fail(strings.noMessages);

  // The kept tree: each kept node's kept children, found through the nodes left out.
  // Walked with a stack, not recursion: thousands of hidden nodes may hang in a row.
  const keptChildren = (id: string | null): string[] => {
    const out: string[] = [];
    const stack = [...(childrenOf.get(id) ?? [])].reverse();
    while (stack.length) {
      const child = stack.pop()!;
      if (converted.has(child)) out.push(child);
      else pushReversed(stack, childrenOf.get(child) ?? []);
    }
    return out;
  };
  /** Node → the last line of the message it now is in (merged into an answer, or followed by its picture's result). */
  const endsAt = new Map<string, string>();
  const lines: FileLine[] = [];
  let commitTime = createdAt;
  const push = (id: string, parentId: string | null, message: Message) => {
    commitTime = Math.max(commitTime, message.timestamp);
    const runId = randomUUID();
    lines.push({ type: 'message', id, parentId, runId, timestamp: message.timestamp, message });
    lines.push({ type: 'commit', runId, count: 1, timestamp: commitTime });
  };
  // Depth first, children in order, without recursion (a chat may be thousands of messages deep).
  const pending: Array<[string, string | null]> = keptChildren(null)
    .reverse()
    .map((id) => [id, null]);
  while (pending.length) {
    const [id, parentId] = pending.pop()!;
    let message = converted.get(id)!;
    let children = keptChildren(id);
    const group = [id];
    // An answer made of several assistant nodes in a row, with no fork between them, is one answer: its parts are
    // gathered in one array (copying the growing answer at each node would be quadratic in the run's length). A
    // generated picture's call ends it.
    if (message.role === 'assistant') {
      const first = message;
      let last = message;
      const content: AssistantMessage['content'] = [];
      appendParts(content, first.content);
      while (!results.has(group.at(-1)!) && children.length === 1 && converted.get(children[0]!)?.role === 'assistant') {
        const next = children[0]!;
        last = converted.get(next) as AssistantMessage;
        group.push(next);
        // Text after a picture's marker is a paragraph of its own.
        if (content.length && isPictureMarker(content.at(-1)!, strings) && last.content[0]?.type === 'text')
          content.push({ type: 'text', text: '\n\n' });
        appendParts(content, last.content);
        children = keptChildren(next);
      }
      if (last !== first) message = { ...last, content, timestamp: first.timestamp };
    }
    push(id, parentId, message);
    let end = id;
    const result = results.get(group.at(-1)!);
    if (result) {
      end = nodes.has(`${id}:result`) ? randomUUID() : `${id}:result`;
      push(end, id, result);
    }
    for (const node of group) endsAt.set(node, end);
    for (const child of children.reverse()) pending.push([child, end]);
  }

  // The shown branch: ChatGPT's current node, or its nearest kept ancestor.
  let leaf: string | undefined;
  for (let node = conversation.current_node ?? undefined; node && !leaf; node = nodes.get(node)?.parent ?? undefined) {
    leaf = endsAt.get(node);
  }
  if (leaf) lines.push({ type: 'branch', timestamp: commitTime, leaf });

  const models = lines.flatMap((line) => (line.type === 'message' && line.message.role === 'assistant' ? [line.message.model] : []));
  const header: SessionHeader = {
    type: 'session',
    version: FORMAT_VERSION,
    id: randomUUID(),
    createdAt,
    systemPrompt: options.systemPrompt,
    model: models.at(-1) ?? context.defaultModel,
    ...(typeof rawTitle === 'string' && rawTitle.trim() ? { name: cutText(rawTitle.trim(), LIMITS.maxNameChars) } : {}),
  };
  const history = checkHistory(header, lines, strings);
  if (!history.ok) return fail(history.problem);
  return { ok: true, candidate: { title, header, lines, files, leftOut, bytes: history.bytes } };
}

/**
 * `ids` (one node's children) in the order `listed` (its `children` field) gives them, those it leaves out after it by
 * time: each listed entry is looked at once, so 30,000 versions of one answer cost 30,000 steps, not a search each.
 */
function inListedOrder(ids: readonly string[], listed: readonly string[], timeOf: (id: string) => number): string[] {
  const left = new Set(ids);
  const out: string[] = [];
  for (const id of listed) if (left.delete(id)) out.push(id);
  chatgptWork.siblingsLookedAt += listed.length;
  const unlisted = [...left].sort((a, b) => timeOf(a) - timeOf(b));
  chatgptWork.siblingsLookedAt += unlisted.length;
  for (const id of unlisted) out.push(id);
  return out;
}

function appendParts<T>(into: T[], parts: readonly T[]): void {
  for (const part of parts) into.push(part);
  chatgptWork.partsCopied += parts.length;
}

/** `items` onto `stack` last first, so they pop in their order. */
function pushReversed(stack: string[], items: readonly string[]): void {
  for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]!);
}

function toMs(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && value > 0 ? Math.round(value * 1000) : undefined;
}
