// The open conversation as the view sees it: committed messages plus the live run, and pure functions that apply
// one session event to it. Message objects are replaced only when that message changes, and the visible array is
// a new array only when one of its elements changed — rows are memoized on message identity.
//
// Committed messages are held by position, as many as the shown branch has; only the pages main sent are loaded
// (the newest page always: a run appends to it), the others are `undefined` until a page brings them (paging.ts).
import { askedOnce, type SendTools } from '../../../shared/builtin-tools';
import type { SessionEvent } from '../../../shared/events';
import {
  messageText,
  type AttachmentPart,
  type AssistantMessage,
  type Message,
  type TextPart,
  type ThinkingPart,
  type ToolCallPart,
  type UserMessage,
  userContent,
} from '../../../shared/messages';
import type { ChatSettings, MessageRef, SessionDetail } from '../../../shared/sessions';
import type { UsageTotal } from '../../../shared/usage';
import type { MessagePage } from '../../../shared/paging';
import { NEW_CHAT_DRAFT } from '../../../shared/ui-state';

/** Key of the new chat (not yet created in main) for per-session UI state; the same key names its text in ui-state. */
export const NEW_CHAT_KEY = NEW_CHAT_DRAFT;

/** A run whose messages are shown but not committed yet. */
export interface LiveRun {
  /** Null until main names the run (the invoke answered, or `run_start` arrived first). */
  runId: string | null;
  /** What started it, so a failure offers the right retry. */
  kind: RunRequest['kind'];
  /** The stored message a regenerate or an edit names. */
  target?: string;
  /** The one-time tools a send asked for: a retry asks for them again. */
  once?: SendTools;
  /** `committed.slice(0, base)` is shown before the run (a regenerate or an edit hides what it replaces). */
  base: number;
  messages: readonly Message[];
  /** Index in `messages` of the assistant message receiving deltas, or -1. */
  streamingIndex: number;
  /** Text of the user message shown before main echoes it as `message_start`; the echo is not shown twice. */
  echoText: string | null;
  /** The user's text of this run, offered back if the run ends with nothing committed and no error event. */
  userText: string;
  /** The run failed after showing text: its messages stay on screen, marked not saved, until retried or dismissed. */
  failed?: true;
}

/** What a run answers: a new message, another version of an answer, or a new version of a question. */
export type RunRequest =
  | { kind: 'send'; text: string; attachments?: readonly AttachmentPart[]; once?: SendTools }
  | { kind: 'regenerate'; messageId?: string }
  | { kind: 'edit'; messageId: string; text: string };

/** The open session (or the new chat) and what the conversation view shows of it. */
export interface OpenSession {
  /** Stored session id; null for the new chat, created in main on first send. */
  id: string | null;
  name: string;
  /** Stored messages, the system message first; `undefined` where a message is not loaded yet. */
  committed: readonly (Message | undefined)[];
  /** Where each stored message after the system message sits among its versions (`committed[i + 1]`). */
  committedRefs: readonly (MessageRef | undefined)[];
  run: LiveRun | null;
  /** Visible messages (no system): committed up to the run's base (`undefined`: not loaded yet), then the run's. */
  messages: readonly (Message | undefined)[];
  /** Per visible message, its versions; undefined for messages not stored (yet). */
  refs: readonly (MessageRef | undefined)[];
  /** Index in `messages` of the streaming assistant message, or -1. */
  streamingIndex: number;
  /** `seq` of the last event applied to this view; older or repeated events are ignored. */
  lastSeq: number;
  /** Model and parameters of the next run (the new chat's choice lives in the store's `newChatSettings`). */
  chat: ChatSettings;
  /** System prompt of the next run. */
  systemPrompt: string;
  /** Tokens of the shown branch's saved answers per model, as main summed them (absent: none known). */
  usage?: readonly UsageTotal[];
}

export function sessionKey(session: Pick<OpenSession, 'id'>): string {
  return session.id ?? NEW_CHAT_KEY;
}

/** The new chat: empty, not stored, nothing run yet. */
export function newChatSession(): OpenSession {
  return {
    id: null,
    name: '',
    committed: [],
    committedRefs: [],
    run: null,
    messages: [],
    refs: [],
    streamingIndex: -1,
    lastSeq: -Infinity,
    chat: { model: null, params: {} },
    systemPrompt: '',
  };
}

/** The committed messages and refs of a detail: its pages at their positions, `undefined` between them. */
function placeDetail(detail: SessionDetail): Pick<OpenSession, 'committed' | 'committedRefs'> {
  const committed: (Message | undefined)[] = new Array<Message | undefined>(detail.total + 1).fill(undefined);
  const committedRefs: (MessageRef | undefined)[] = new Array<MessageRef | undefined>(detail.total).fill(undefined);
  committed[0] = detail.messages[0];
  const pages = [{ start: detail.start, messages: detail.messages.slice(1), refs: detail.refs }, ...(detail.around ? [detail.around] : [])];
  for (const page of pages) {
    for (let i = 0; i < page.messages.length; i++) {
      committed[page.start + i + 1] = page.messages[i];
      committedRefs[page.start + i] = page.refs[i];
    }
  }
  return { committed, committedRefs };
}

/**
 * The view of a fetched session; a run in progress is taken from its snapshot, later events continue it. A run that
 * broke off is shown where it stopped, after the messages it built on.
 */
export function sessionFromDetail(detail: SessionDetail): OpenSession {
  const active = detail.activeRun;
  const failed = detail.failedRun;
  const run: LiveRun | null = active
    ? {
        runId: active.runId,
        kind: 'send',
        base: detail.total + 1,
        messages: active.messages,
        streamingIndex: pendingIndex(active.messages),
        echoText: null,
        userText: firstUserText(active.messages),
      }
    : failed
      ? {
          runId: failed.runId,
          kind: failed.origin.kind,
          ...(failed.origin.messageId !== undefined && { target: failed.origin.messageId }),
          ...(failed.origin.once && { once: failed.origin.once }),
          base: failed.base + 1,
          messages: failed.messages,
          streamingIndex: -1,
          echoText: null,
          userText: failed.unsentText,
          failed: true,
        }
      : null;
  return withView({
    id: detail.id,
    name: detail.name,
    ...placeDetail(detail),
    run,
    messages: [],
    refs: [],
    streamingIndex: -1,
    lastSeq: active ? active.seq : -Infinity,
    chat: detail.chat,
    systemPrompt: detail.systemPrompt,
    ...(detail.usage && { usage: detail.usage }),
  });
}

/**
 * The open session after main switched it to another branch at the message `messageId`. What comes before that
 * point is the same on both branches and stays loaded; messages both branches share (same stored id at the same
 * place) keep their objects, so only the rows that really changed render again.
 */
export function withBranch(session: OpenSession, detail: SessionDetail, messageId: string): OpenSession {
  const placed = placeDetail(detail);
  const committed = placed.committed.slice();
  const committedRefs = placed.committedRefs.slice();
  const shared = Math.max(1, committedIndex(session, messageId));
  for (let i = 0; i < Math.min(committed.length, session.committed.length); i++) {
    const same =
      i === 0 || (committedRefs[i - 1] !== undefined ? committedRefs[i - 1]?.id === session.committedRefs[i - 1]?.id : i < shared);
    if (!same || session.committed[i] === undefined) continue;
    committed[i] = session.committed[i];
    if (i > 0) committedRefs[i - 1] ??= session.committedRefs[i - 1];
  }
  return withView({ ...session, name: detail.name, committed, committedRefs, run: null, usage: detail.usage });
}

/** Leaf of the committed branch the view shows (the newest page is always loaded), or null when it is empty. */
function leafOf(session: OpenSession): string | null {
  return session.committedRefs.at(-1)?.id ?? null;
}

/**
 * The open session with a page of its shown branch loaded. A page of another branch (a commit or a switch came in
 * between) is dropped: the view asks again for what it still lacks. Loaded messages keep their objects.
 */
export function withPage(session: OpenSession, page: MessagePage): OpenSession {
  if (page.total !== session.committedRefs.length || page.leaf !== leafOf(session)) return session;
  let committed: (Message | undefined)[] | null = null;
  let committedRefs: (MessageRef | undefined)[] | null = null;
  for (let i = 0; i < page.messages.length; i++) {
    const at = page.start + i;
    if (session.committed[at + 1] !== undefined) continue;
    committed ??= session.committed.slice();
    committedRefs ??= session.committedRefs.slice();
    committed[at + 1] = page.messages[i];
    committedRefs[at] = page.refs[i];
  }
  return committed && committedRefs ? withView({ ...session, committed, committedRefs }) : session;
}

/** Index in `committed` of the stored message `messageId`, or -1. */
export function committedIndex(session: OpenSession, messageId: string): number {
  const at = session.committedRefs.findIndex((ref) => ref?.id === messageId);
  return at < 0 ? -1 : at + 1;
}

/**
 * A run started by this window: the user's message is shown at once (`send`; an `edit` shows it in place of the
 * edited one and hides what followed) or kept in place (`regenerate`, hiding the answers it replaces).
 */
export function startLocalRun(session: OpenSession, request: RunRequest): OpenSession {
  const { kind } = request;
  if (kind !== 'regenerate') {
    const base = kind === 'send' ? session.committed.length : committedIndex(session, request.messageId);
    if (base < 0) return session;
    const text = request.text;
    const attachments = kind === 'send' ? (request.attachments ?? []) : [];
    const user: UserMessage = { role: 'user', content: userContent(text, attachments), timestamp: Date.now() };
    const target = kind === 'edit' ? { target: request.messageId } : {};
    const asked = kind === 'send' ? askedOnce(request.once) : undefined;
    const once = asked ? { once: asked } : {};
    return withView({
      ...session,
      run: { runId: null, kind, base, messages: [user], streamingIndex: -1, echoText: text, userText: text, ...target, ...once },
    });
  }
  const answer = request.messageId === undefined ? session.committed.length : committedIndex(session, request.messageId);
  const at = lastUserIndex(session.committed.slice(0, answer));
  const user = session.committed[at];
  if (!user) return session;
  const userText = messageText(user).trim();
  const target = request.messageId === undefined ? {} : { target: request.messageId };
  return withView({
    ...session,
    run: { runId: null, kind, base: at, messages: [user], streamingIndex: -1, echoText: userText, userText, ...target },
  });
}

export function dropRun(session: OpenSession): OpenSession {
  return session.run ? withView({ ...session, run: null }) : session;
}

export function lastUserIndex(messages: readonly (Message | undefined)[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === 'user') return i;
  return -1;
}

/** Applies one event to the open session's view. Events that end a run are also handled by the store (banner, composer). */
export function applyEvent(session: OpenSession, runId: string, seq: number, event: SessionEvent): OpenSession {
  if (seq <= session.lastSeq) return session;
  const next = reduce({ ...session, lastSeq: seq }, runId, event);
  return next;
}

function reduce(session: OpenSession, runId: string, event: SessionEvent): OpenSession {
  switch (event.type) {
    case 'run_start': {
      // A new chat is named from its first message as the run starts: the header says so at once, like the sidebar.
      const named = { ...session, name: event.summary.name };
      const run = liveRun(session);
      if (run && (run.runId === null || run.runId === runId)) return { ...named, run: { ...run, runId } };
      const fresh: LiveRun = {
        runId,
        kind: 'send',
        base: session.committed.length,
        messages: [],
        streamingIndex: -1,
        echoText: null,
        userText: event.userText,
      };
      return withView({ ...named, run: fresh });
    }
    case 'message_start': {
      const run = liveRun(session) ?? {
        runId,
        kind: 'send',
        base: session.committed.length,
        messages: [],
        streamingIndex: -1,
        echoText: null,
        userText: '',
      };
      const { message } = event;
      if (message.role === 'user' && run.echoText !== null && messageText(message).trim() === run.echoText) {
        return { ...session, run: { ...run, echoText: null } };
      }
      const messages = [...run.messages, message];
      const streamingIndex = message.role === 'assistant' && message.stopReason === 'pending' ? messages.length - 1 : -1;
      return withView({ ...session, run: { ...run, messages, streamingIndex, echoText: null } });
    }
    case 'delta':
      return replaceStreaming(session, (message) => appendDelta(message, event.text, event.thinking), true);
    case 'assistant_end':
      return replaceStreaming(session, (message) => finishAssistant(message, event), false);
    case 'saved': {
      const run = liveRun(session);
      if (event.usage) session = { ...session, usage: event.usage };
      if (!run) return withView({ ...session, name: event.summary.name, run: null });
      const committed = [...session.committed.slice(0, run.base), ...run.messages];
      // A regenerate's run starts with the question it re-runs, already stored: its ref stays.
      const kept = run.kind === 'regenerate' ? 1 : 0;
      const committedRefs = [...session.committedRefs.slice(0, Math.max(0, run.base - 1 + kept)), ...event.refs];
      return withView({ ...session, name: event.summary.name, committed, committedRefs, run: null });
    }
    case 'error': {
      // Text the person already read stays where it broke off, not saved (main keeps it too); a run that showed nothing goes.
      const run = liveRun(session);
      return run && event.kept
        ? withView({ ...session, run: { ...run, failed: true, streamingIndex: -1, echoText: null } })
        : dropRun(session);
    }
    case 'run_end':
      return session.run?.failed ? session : dropRun(session);
    case 'titled':
      return { ...session, name: event.summary.name };
    case 'queue':
    case 'notice':
    case 'tool':
    case 'sessions_listed': // the sidebar's concern (sessionList.ts), never the open session's
    case 'import_progress': // the import's (transferSlice.ts)
    case 'sync_status': // the sync status line's (syncSlice.ts)
    case 'document_progress': // a composer's attachment being read (attachmentsSlice.ts)
    case 'knowledge_status': // the knowledge bases' (Settings and the sidebar)
    case 'compare_start': // a compare's columns are the compare slice's (compareSlice.ts)
    case 'compare_column':
    case 'compare_end':
      return session;
  }
}

/** Replaces only the streaming assistant message: one new object, one new array, everything else kept. */
function replaceStreaming(
  session: OpenSession,
  update: (message: AssistantMessage) => AssistantMessage,
  keepStreaming: boolean,
): OpenSession {
  const run = session.run;
  const message = run?.messages[run.streamingIndex];
  if (!run || message?.role !== 'assistant' || session.streamingIndex < 0) return session;
  const updated = update(message);
  const runMessages = run.messages.slice();
  runMessages[run.streamingIndex] = updated;
  const visible = session.messages.slice();
  visible[session.streamingIndex] = updated;
  return {
    ...session,
    run: { ...run, messages: runMessages, streamingIndex: keepStreaming ? run.streamingIndex : -1 },
    messages: visible,
    streamingIndex: keepStreaming ? session.streamingIndex : -1,
  };
}

function appendDelta(message: AssistantMessage, text?: string, thinking?: string): AssistantMessage {
  let content = message.content;
  if (thinking) content = appendPart(content, { type: 'thinking', thinking });
  if (text) content = appendPart(content, { type: 'text', text });
  return content === message.content ? message : { ...message, content };
}

type AssistantPart = AssistantMessage['content'][number];

/** Extends the last part when it has the same type, else starts a new part (reasoning and text may interleave). */
function appendPart(content: readonly AssistantPart[], part: TextPart | ThinkingPart): AssistantPart[] {
  const last = content[content.length - 1];
  if (last?.type === 'text' && part.type === 'text') return [...content.slice(0, -1), { ...last, text: last.text + part.text }];
  if (last?.type === 'thinking' && part.type === 'thinking') {
    return [...content.slice(0, -1), { ...last, thinking: last.thinking + part.thinking }];
  }
  return [...content, part];
}

function finishAssistant(message: AssistantMessage, end: Extract<SessionEvent, { type: 'assistant_end' }>): AssistantMessage {
  const toolCalls: ToolCallPart[] = end.toolCalls;
  const done: AssistantMessage = { ...message, stopReason: end.stopReason, usage: end.usage, content: [...message.content, ...toolCalls] };
  if (end.errorMessage !== undefined) done.errorMessage = end.errorMessage;
  if (end.errorCode !== undefined) done.errorCode = end.errorCode;
  if (end.timing !== undefined) done.timing = end.timing;
  if (end.refusal) done.refusal = true;
  if (end.citations?.length) done.citations = end.citations;
  return done;
}

/** Recomputes `messages` and `streamingIndex`, keeping the previous array when every element is the same object. */
function withView(session: OpenSession): OpenSession {
  const { run } = session;
  const shown = run ? session.committed.slice(0, run.base) : session.committed;
  // The system message is first when there is one (the new chat has none); nothing else is a system message.
  const next: (Message | undefined)[] = shown[0]?.role === 'system' ? shown.slice(1) : shown.slice();
  const offset = next.length;
  // The system message (first when there is one) has no ref: refs line up with what follows it.
  const refs: Array<MessageRef | undefined> = session.committedRefs.slice(0, offset);
  if (run) {
    next.push(...run.messages);
    refs.push(...run.messages.map(() => undefined));
  }
  const streamingIndex = run && run.streamingIndex >= 0 ? offset + run.streamingIndex : -1;
  const prev = session.messages;
  const same = prev.length === next.length && prev.every((m, i) => m === next[i]);
  const prevRefs = session.refs;
  const sameRefs = prevRefs.length === refs.length && prevRefs.every((ref, i) => ref === refs[i]);
  return { ...session, messages: same ? prev : next, refs: sameRefs ? prevRefs : refs, streamingIndex };
}

/** The run still streaming into the view (a failed run kept on screen is not: nothing more comes for it). */
function liveRun(session: OpenSession): LiveRun | null {
  return session.run && !session.run.failed ? session.run : null;
}

/** Index in `messages` from which the shown messages are a failed run's, not saved; -1 when there is none. */
export function unsavedFrom(session: OpenSession): number {
  return session.run?.failed ? session.messages.length - session.run.messages.length : -1;
}

function pendingIndex(messages: readonly Message[]): number {
  const last = messages[messages.length - 1];
  return last?.role === 'assistant' && last.stopReason === 'pending' ? messages.length - 1 : -1;
}

function firstUserText(messages: readonly Message[]): string {
  const user = messages.find((m) => m.role === 'user');
  return user ? messageText(user) : '';
}
