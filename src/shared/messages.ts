// Conversation messages shared by main and renderer. Plain JSON: every message round-trips through
// JSON.stringify unchanged, so the same objects are stored on disk, sent over IPC and shown in the UI.
import type { AttachmentPart } from './attachments.js';
import type { KnowledgeCitation } from './knowledge.js';

export type { AttachmentPart } from './attachments.js';

/** Why an assistant message ended. `pending` exists only on partial (streaming) messages and is never stored. */
export type StopReason = 'stop' | 'length' | 'toolUse' | 'error' | 'aborted';
export type PartialStopReason = StopReason | 'pending';

/** Every cause a failed model request can have, as a runtime list (schemas, tests); the type below is made from it. */
export const PROVIDER_ERROR_CODES = [
  'auth', // 401: invalid or missing API key
  'forbidden', // 403: the key is valid but may not do this (permission, region, moderation)
  'out_of_quota', // 402, or 429 `insufficient_quota`: the account has no quota or balance left; waiting will not help
  'model_not_found', // 404: unknown model or endpoint
  'rate_limited', // 429
  'server_error', // 5xx
  'unreachable', // connection refused, DNS failure, reset before a response
  'timeout', // no first token (or no response) within the configured time
  'interrupted', // the connection dropped mid-stream
  'bad_response', // malformed chunk, unknown finish reason, oversized event, refused cross-origin redirect
  'empty_reply', // the model returned nothing
  'aborted', // stopped by the user
  'unknown',
] as const;

/** A machine-readable cause for a failed model request; the UI turns it into words in the user's language. */
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

export interface TextPart {
  type: 'text';
  text: string;
}

export interface ThinkingPart {
  type: 'thinking';
  thinking: string;
  /** Where the reasoning arrived: `reasoning_content`, `reasoning`, `reasoning_details`, or `content` (content parts, `<think>` blocks). Never sent back. */
  signature?: string;
}

export interface ImagePart {
  type: 'image';
  /** base64 without the data: prefix */
  data: string;
  mimeType: string;
}

export interface ToolCallPart {
  type: 'toolCall';
  /** Links the call to its result: `ToolResultMessage.toolCallId === ToolCallPart.id`. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** Token counts as reported by the provider's final usage chunk (overwritten, never summed). */
export interface Usage {
  input: number;
  output: number;
  reasoning: number;
  cacheRead: number;
  totalTokens: number;
  /** Counted by the app, not reported: the answer was stopped before the provider's usage chunk (run/stopped-usage.ts). */
  estimated?: true;
  /** Present only when the model's prices are known. */
  cost?: { input: number; output: number; total: number };
}

export interface SystemMessage {
  role: 'system';
  content: string;
  timestamp: number;
}

export interface UserMessage {
  role: 'user';
  /** Attachments are references to the attachment store; main turns them into image/text parts per request. */
  content: string | Array<TextPart | ImagePart | AttachmentPart>;
  timestamp: number;
}

/** The content of a message the person sends: plain text, or its text (when any) before the attached files. */
export function userContent(text: string, attachments: readonly AttachmentPart[] = []): UserMessage['content'] {
  return attachments.length ? [...(text ? [{ type: 'text' as const, text }] : []), ...attachments] : text;
}

export interface AssistantMessage {
  role: 'assistant';
  content: Array<TextPart | ThinkingPart | ToolCallPart>;
  model: string;
  /** The settings id of the provider that produced it (prices are per provider and model); absent in older files. */
  providerId?: string;
  usage: Usage;
  stopReason: PartialStopReason;
  /** Short, human-readable, never a stack trace, never an API key. Set when stopReason is `error` or `aborted`. */
  errorMessage?: string;
  errorCode?: ProviderErrorCode;
  /** Measured in main while it streamed: from sending the request to the first increment, and to the end. */
  timing?: AnswerTiming;
  /** True when the model declined to answer (OpenAI `delta.refusal`): the text parts are its refusal, shown marked as one. */
  refusal?: true;
  /**
   * The knowledge-base passages this answer cites: each `[n]` in its text with a citation here is a `citation` mark
   * (`data-source` = n) opening `citation-panel`. Only the numbers the text uses; absent when it cites none.
   */
  citations?: KnowledgeCitation[];
  timestamp: number;
}

export interface AnswerTiming {
  /** Absent when nothing streamed. */
  firstTokenMs?: number;
  durationMs: number;
}

export interface ToolResultMessage {
  role: 'toolResult';
  /** Equals the `id` of the ToolCallPart this result answers. */
  toolCallId: string;
  toolName: string;
  content: Array<TextPart | ImagePart>;
  details?: unknown;
  isError: boolean;
  timestamp: number;
}

export type Message = SystemMessage | UserMessage | AssistantMessage | ToolResultMessage;
export type MessageRole = Message['role'];

export function emptyUsage(): Usage {
  return { input: 0, output: 0, reasoning: 0, cacheRead: 0, totalTokens: 0 };
}

/** The partial every streamed answer starts from: no content yet, zero usage, stopReason `pending`. */
export function emptyAssistantMessage(model: string, timestamp: number = Date.now()): AssistantMessage {
  return { role: 'assistant', content: [], model, usage: emptyUsage(), stopReason: 'pending', timestamp };
}

/** The plain text of a user or assistant message (text parts joined; thinking and tool calls excluded). */
export function messageText(message: Message): string {
  if (message.role === 'system') return message.content;
  if (typeof message.content === 'string') return message.content;
  let out = '';
  for (const part of message.content) if (part.type === 'text') out += part.text;
  return out;
}

/** The reasoning text of an assistant message (thinking parts joined). */
export function messageThinking(message: Message): string {
  if (message.role !== 'assistant') return '';
  let out = '';
  for (const part of message.content) if (part.type === 'thinking') out += part.thinking;
  return out;
}
