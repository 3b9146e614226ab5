// A compare's columns answer without tools: a tool's side effects would run once per column, and 2–4 columns asking
// for approval at once is no choice a person can make. A chat that used tools before still has their calls and
// results in its history; sent as calls (`tool_calls`, `tool` messages) in a request that declares no tools, some
// providers refuse the request and models tend to call again. So a column's request carries earlier tool use as
// plain text: the call noted in the answer that made it, the result as a note from the tool. Pure; stored messages
// never change.
import type { AssistantMessage, Message, TextPart } from '../../../shared/messages.js';

/** Characters of one tool result a column's request carries. */
const RESULT_CHARS = 4_000;
/** Characters of one call's arguments a column's request carries. */
const ARGUMENT_CHARS = 500;

const clip = (text: string, limit: number): string => (text.length > limit ? `${text.slice(0, limit)}…` : text);

/** `messages` with every tool call and tool result written as text; the same array when there is none. */
export function toollessContext(messages: Message[]): Message[] {
  if (!messages.some((m) => m.role === 'toolResult' || (m.role === 'assistant' && m.content.some((p) => p.type === 'toolCall'))))
    return messages;
  return messages.map((message): Message => {
    if (message.role === 'assistant') return callsAsText(message);
    if (message.role !== 'toolResult') return message;
    const text = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
    const pictures = message.content.filter((part) => part.type === 'image').length;
    const note = [
      `[Result of the tool ${message.toolName}${message.isError ? ' (failed)' : ''}]`,
      clip(text, RESULT_CHARS),
      pictures ? `(${pictures} picture${pictures === 1 ? '' : 's'} not shown)` : '',
    ]
      .filter(Boolean)
      .join('\n');
    return { role: 'user', content: note, timestamp: message.timestamp };
  });
}

function callsAsText(message: AssistantMessage): AssistantMessage {
  if (!message.content.some((part) => part.type === 'toolCall')) return message;
  const content = message.content.map((part): AssistantMessage['content'][number] => {
    if (part.type !== 'toolCall') return part;
    const note: TextPart = {
      type: 'text',
      text: `[Called the tool ${part.name} with ${clip(JSON.stringify(part.arguments), ARGUMENT_CHARS)}]`,
    };
    return note;
  });
  return { ...message, content };
}
