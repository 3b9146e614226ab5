// What the model sees of a long session: the system message plus the most recent whole turns that fit a message
// limit and the model's token budget. Applied per request as the agent's `transformContext`; stored history is
// never changed.
import { countTokens } from 'gpt-tokenizer';
import type { AttachmentPart, ImagePart, Message, TextPart } from '../../shared/messages.js';

/** Default for MAX_MESSAGES_PER_SESSION: messages sent per request, the system message included. */
export const DEFAULT_MAX_MESSAGES = 100;

/** Room kept for the answer when the model does not state its maximum output. */
const DEFAULT_ANSWER_RESERVE = 4_096;
/** Per-message framing tokens of the chat format (role markers, separators). */
const MESSAGE_OVERHEAD_TOKENS = 4;
/** A rough fixed cost for an image part; providers bill images by size, which we do not know here. */
export const IMAGE_TOKENS = 800;
/** The file name and fence lines around a text file's content. */
const FILE_FRAMING_TOKENS = 16;

export interface ContextLimits {
  /** Most messages per request, the system message included (at least the newest turn is always sent). */
  maxMessages: number;
  /** The model's context window in tokens; no token limit when absent. */
  contextWindow?: number;
  /** Tokens kept free for the answer. */
  maxOutputTokens?: number;
}

// Message objects are immutable once stored, so a count per object stays right; WeakMap lets them be collected.
const tokenCache = new WeakMap<Message, number>();
// The tokenizer must not throw on user text that happens to look like a special token.
const encodeOptions = { disallowedSpecial: new Set<string>() };

/**
 * BPE merging is quadratic in the length of a run without spaces: 200,000 characters of base64 or minified code
 * took 23 s in one countTokens call, blocking main. Counting fixed slices bounds the cost (≈45 ms for that text)
 * and overcounts by at most one token per slice boundary — a safe direction for a budget.
 */
const TOKENIZE_SLICE_CHARS = 256;

/**
 * Characters tokenized exactly per text; beyond that the count is extrapolated from them. A 50 MB answer would
 * otherwise take seconds to count (blocking main), for a number that only decides whether it fits a window it
 * cannot fit anyway. 64 K characters take about 15 ms.
 */
const EXACT_TOKENIZE_CHARS = 65_536;

/** Work done by the tokenizer (characters handed to it), for tests that count work instead of timing it. */
export const tokenizerStats = { chars: 0 };

/** Tokens of `text`, counted slice by slice so no input can make tokenizing slow; long texts are extrapolated. */
export function countTextTokens(text: string): number {
  const exact = text.length <= EXACT_TOKENIZE_CHARS ? text : text.slice(0, EXACT_TOKENIZE_CHARS);
  tokenizerStats.chars += exact.length;
  let tokens = 0;
  for (let start = 0; start < exact.length; start += TOKENIZE_SLICE_CHARS) {
    tokens += countTokens(exact.slice(start, start + TOKENIZE_SLICE_CHARS), encodeOptions);
  }
  return exact === text ? tokens : Math.ceil((tokens * text.length) / exact.length);
}

/** Records a count computed earlier (stored with the message at commit), so loading history never tokenizes it. */
export function rememberMessageTokens(message: Message, tokens: number): void {
  if (Number.isInteger(tokens) && tokens > 0) tokenCache.set(message, tokens);
}

/** Tokens a message costs in a request (cached per message object). */
export function messageTokens(message: Message): number {
  const cached = tokenCache.get(message);
  if (cached !== undefined) return cached;
  let tokens = MESSAGE_OVERHEAD_TOKENS;
  const add = (text: string): void => {
    if (text) tokens += countTextTokens(text);
  };
  if (typeof message.content === 'string') {
    add(message.content);
  } else {
    for (const part of message.content) {
      if (part.type === 'text') add(part.text);
      // Reasoning is never sent back to the model (see llm/replay.ts), so it costs nothing here.
      else if (part.type === 'thinking') continue;
      else if (part.type === 'toolCall') add(part.name + JSON.stringify(part.arguments));
      else if (part.type === 'attachment') tokens += attachmentTokens(part);
      else tokens += IMAGE_TOKENS;
    }
  }
  tokenCache.set(message, tokens);
  return tokens;
}

/**
 * What an attachment costs without reading it: an image the fixed estimate, a text file its bytes over three (UTF-8
 * English runs about four bytes a token, Chinese about three) plus its name and fence. An attachment is part of its
 * user message, so a turn is kept or dropped with all its files.
 */
export function attachmentTokens(part: AttachmentPart): number {
  return part.kind === 'image' ? IMAGE_TOKENS : Math.ceil(part.size / 3) + FILE_FRAMING_TOKENS;
}

/**
 * The messages one request carries: a leading system message, then the longest run of newest whole turns within
 * both limits. A turn starts at a user message — unless a tool call before it still awaits its result, so a call and
 * its result always travel together. The newest turn is always kept, even when it alone exceeds the limits.
 */
export function selectContext(messages: readonly Message[], limits: ContextLimits): Message[] {
  const head = messages[0]?.role === 'system' ? [messages[0]] : [];
  const body = messages.slice(head.length);
  const starts = turnStarts(body);

  let tokenBudget = Number.POSITIVE_INFINITY;
  if (limits.contextWindow !== undefined) {
    const reserve = limits.maxOutputTokens ?? Math.min(DEFAULT_ANSWER_RESERVE, Math.floor(limits.contextWindow / 4));
    tokenBudget = limits.contextWindow - reserve;
    for (const message of head) tokenBudget -= messageTokens(message);
  }
  const messageBudget = limits.maxMessages - head.length;

  let from = body.length;
  let tokens = 0;
  for (let t = starts.length - 1; t >= 0; t--) {
    const start = starts[t]!;
    let turnTokens = 0;
    if (tokenBudget !== Number.POSITIVE_INFINITY) for (let i = start; i < from; i++) turnTokens += messageTokens(body[i]!);
    const fits = body.length - start <= messageBudget && tokens + turnTokens <= tokenBudget;
    if (!fits && from < body.length) break;
    tokens += turnTokens;
    from = start;
    if (!fits) break;
  }
  return [...head, ...body.slice(from)];
}

/** Indices where turns begin: 0, and every user message not preceded by an unanswered tool call. */
function turnStarts(body: readonly Message[]): number[] {
  const starts: number[] = [];
  const open = new Set<string>();
  for (let i = 0; i < body.length; i++) {
    const message = body[i]!;
    if (message.role === 'user' && open.size === 0) starts.push(i);
    else if (i === 0) starts.push(0);
    if (message.role === 'assistant') {
      for (const part of message.content) if (part.type === 'toolCall') open.add(part.id);
    } else if (message.role === 'toolResult') {
      open.delete(message.toolCallId);
    } else if (message.role === 'user') {
      // A user message after calls that never got results (an aborted run) closes them: they stay in one turn.
      open.clear();
    }
  }
  return starts;
}

/**
 * Characters of one tool result a request carries. A huge result (a whole file, a long listing) is cut for the
 * model with a marker saying how much was left out; the stored message keeps all of it.
 */
export const MAX_TOOL_RESULT_CHARS = 32_000;

// The shortened copy per stored message, so every request reuses one object (and its cached token count).
const shortenedForModel = new WeakMap<Message, Message>();

/** `message` as the model is sent it: a tool result longer than MAX_TOOL_RESULT_CHARS is cut with a marker. */
export function shortenForModel(message: Message): Message {
  if (message.role !== 'toolResult') return message;
  const known = shortenedForModel.get(message);
  if (known) return known;
  let total = 0;
  for (const part of message.content) if (part.type === 'text') total += part.text.length;
  let result: Message = message;
  if (total > MAX_TOOL_RESULT_CHARS) {
    let room = MAX_TOOL_RESULT_CHARS;
    const content = message.content.flatMap((part): Array<TextPart | ImagePart> => {
      if (part.type !== 'text') return [part];
      const kept = part.text.slice(0, room);
      room -= kept.length;
      return kept ? [{ ...part, text: kept }] : [];
    });
    const omitted = total - MAX_TOOL_RESULT_CHARS;
    content.push({
      type: 'text',
      text: `\n[… ${omitted} more characters of this tool result were left out of this request to keep it small.]`,
    });
    result = { ...message, content };
  }
  shortenedForModel.set(message, result);
  return result;
}

/** A `transformContext` for an agent: reads the limits (the current model's window) at every request. */
export function createContextPolicy(limits: () => ContextLimits): (messages: Message[]) => Message[] {
  return (messages) => selectContext(messages.map(shortenForModel), limits());
}
