// The request that writes a summary: the previous summary (if any) and the turns to fold in, as one transcript for
// the model to condense, in the conversation's language. Nothing of it is stored but the summary itself.
import type { AgentModel, StreamFn } from '../../agent/index.js';
import { messageText, type Message } from '../../../shared/messages.js';

/** Output tokens a summary may use. */
export const SUMMARY_MAX_TOKENS = 1_024;
/** Characters of one message the summarizing model is shown. */
const MESSAGE_CHARS = 6_000;
/** Characters of transcript one summary request carries; older turns beyond it are only counted. */
const REQUEST_CHARS = 60_000;

const INSTRUCTION =
  'You condense chats. Summarize the conversation below so that it can go on without it: keep facts, decisions, ' +
  'names, numbers, code identifiers, open questions and what the user prefers. Write in the language the user writes ' +
  'in, as compact notes, at most 300 words. Reply with the summary only.';

export function summaryRequest(previous: string | undefined, messages: readonly Message[]): Message[] {
  const now = Date.now();
  // Newest first until the request is full: a huge old chat is summarized from its latest part.
  const lines: string[] = [];
  let room = REQUEST_CHARS;
  let left = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'system') continue;
    const who = message.role === 'user' ? 'User' : message.role === 'assistant' ? 'Assistant' : 'Tool result';
    const text = messageText(message).trim();
    if (!text) continue;
    const line = `${who}: ${text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS)}…` : text}`;
    if (line.length > room) {
      left = i + 1;
      break;
    }
    room -= line.length;
    lines.unshift(line);
  }
  if (left > 0) lines.unshift(`(${left} earlier messages are not shown.)`);
  if (previous) lines.unshift(`Summary so far:\n${previous}`);
  return [
    { role: 'system', content: INSTRUCTION, timestamp: now },
    { role: 'user', content: lines.join('\n\n'), timestamp: now },
  ];
}

/** Asks `chatModel` (its provider and key; none of the chat's sampling choices) for the summary; undefined on failure. */
export async function requestSummary(
  streamFn: StreamFn,
  chatModel: AgentModel,
  previous: string | undefined,
  messages: readonly Message[],
  signal: AbortSignal,
): Promise<string | undefined> {
  const model: AgentModel = {
    id: chatModel.id,
    baseUrl: chatModel.baseUrl,
    ...(chatModel.apiKey !== undefined && { apiKey: chatModel.apiKey }),
    ...(chatModel.providerId !== undefined && { providerId: chatModel.providerId }),
    ...(chatModel.requestTimeoutMs !== undefined && { requestTimeoutMs: chatModel.requestTimeoutMs }),
    ...(chatModel.firstTokenTimeoutMs !== undefined && { firstTokenTimeoutMs: chatModel.firstTokenTimeoutMs }),
    maxOutputTokens: SUMMARY_MAX_TOKENS,
  };
  const stream = await streamFn(model, { messages: summaryRequest(previous, messages), tools: [] }, { signal });
  const reply = await stream.result();
  if (reply.stopReason === 'error' || reply.stopReason === 'aborted') return undefined;
  const text = messageText(reply).trim();
  return text || undefined;
}
