// Transcript → Chat Completions request messages. Assistant messages that ended in error are dropped (the agent
// already skips them, and reduces a stopped answer to its shown text; this keeps the request valid regardless), and tool calls/results are
// kept paired, because providers reject a `tool_calls` message without its `tool` answers and vice versa.
// Reasoning (thinking parts) is never sent back: DeepSeek answers HTTP 400 when `reasoning_content` appears in
// input messages, and other providers ignore it; the model only needs the answers themselves.
// Pictures returned by tools follow the turn's `tool` messages in one user message (tool-pictures.ts).
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { AssistantMessage, ImagePart, Message, UserMessage } from '../../shared/messages.js';
import type { LlmToolSpec } from '../agent/types.js';
import { picturesMessage, toolResultParts } from './tool-pictures.js';

export { NO_TOOL_OUTPUT } from './tool-pictures.js';
/** The synthetic answer to a tool call the transcript has no result for. */
export const NO_RESULT_PROVIDED = 'No result provided';

export interface ReplayOptions {
  /** Whether the model takes image parts; when false, a tool's pictures are only named in its `tool` message. */
  takesImages: boolean;
}

/** Converts a transcript to OpenAI chat messages, in order. Pure; never throws. */
export function toOpenAIMessages(
  messages: readonly Message[],
  options: ReplayOptions = { takesImages: true },
): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  // Ids of the last assistant message's tool calls that still await a `tool` message.
  let open: Array<{ id: string; name: string }> = [];
  // Pictures of this turn's tool results, sent once every call is answered.
  let pictures: Array<{ toolName: string; toolCallId: string; pictures: ImagePart[] }> = [];
  const closeOpenCalls = (): void => {
    for (const call of open) out.push({ role: 'tool', tool_call_id: call.id, content: NO_RESULT_PROVIDED });
    open = [];
    const message = picturesMessage(pictures);
    if (message) out.push(message);
    pictures = [];
  };

  for (const message of messages) {
    switch (message.role) {
      case 'system':
        closeOpenCalls();
        out.push({ role: 'system', content: message.content });
        break;
      case 'user':
        closeOpenCalls();
        out.push(userMessage(message));
        break;
      case 'assistant': {
        if (message.stopReason === 'error') break;
        closeOpenCalls();
        const converted = assistantMessage(message);
        if (!converted) break;
        out.push(converted);
        open = (converted.tool_calls ?? []).map((c) => ({ id: c.id, name: c.type === 'function' ? c.function.name : '' }));
        break;
      }
      case 'toolResult': {
        const index = open.findIndex((c) => c.id === message.toolCallId);
        if (index < 0) break; // its call was dropped (errored assistant) or answered already
        open.splice(index, 1);
        const parts = toolResultParts(message, options.takesImages);
        out.push({ role: 'tool', tool_call_id: message.toolCallId, content: parts.text });
        if (parts.pictures.length > 0)
          pictures.push({ toolName: message.toolName, toolCallId: message.toolCallId, pictures: parts.pictures });
        break;
      }
    }
  }
  closeOpenCalls();
  return out;
}

/** Declared tools → the request's `tools` field. */
export function toOpenAITools(tools: readonly LlmToolSpec[]): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}

function userMessage(message: UserMessage): ChatCompletionMessageParam {
  if (typeof message.content === 'string') return { role: 'user', content: message.content };
  // Text-only content goes as a plain string: several OpenAI-compatible servers reject content arrays.
  if (message.content.every((p) => p.type === 'text')) {
    return { role: 'user', content: message.content.map((p) => (p.type === 'text' ? p.text : '')).join('') };
  }
  // Attachment references are resolved into image and text parts before a request (attachments/resolve.ts); one
  // that reaches here unresolved has no bytes to send.
  const parts: ChatCompletionContentPart[] = [];
  for (const p of message.content) {
    if (p.type === 'text') parts.push({ type: 'text', text: p.text });
    else if (p.type === 'image') parts.push({ type: 'image_url', image_url: { url: `data:${p.mimeType};base64,${p.data}` } });
  }
  return { role: 'user', content: parts };
}

function assistantMessage(message: AssistantMessage): ChatCompletionAssistantMessageParam | undefined {
  let text = '';
  const toolCalls: NonNullable<ChatCompletionAssistantMessageParam['tool_calls']> = [];
  for (const part of message.content) {
    if (part.type === 'text') {
      if (part.text.trim() !== '') text += part.text;
    } else if (part.type === 'toolCall') {
      toolCalls.push({ id: part.id, type: 'function', function: { name: part.name, arguments: JSON.stringify(part.arguments ?? {}) } });
    }
  }
  if (text === '' && toolCalls.length === 0) return undefined;
  const converted: ChatCompletionAssistantMessageParam = { role: 'assistant', content: text === '' ? null : text };
  if (toolCalls.length > 0) converted.tool_calls = toolCalls;
  return converted;
}
