// What a transcript looks like when it is sent to a model. The transcript keeps everything that happened;
// a request must still be a conversation the provider accepts, whatever was aborted, failed or trimmed.
import type { AssistantMessage, Message, ToolCallPart, ToolResultMessage } from '../../shared/messages.js';

const LLM_ROLES: ReadonlySet<string> = new Set(['system', 'user', 'assistant', 'toolResult']);

/** The default `convertToLlm`: keeps the roles a provider understands and drops anything else (e.g. UI-only roles). */
export function defaultConvertToLlm(messages: Message[]): Message[] {
  return messages.filter((message) => LLM_ROLES.has(message.role));
}

function isFailedTurn(message: AssistantMessage): boolean {
  return message.stopReason === 'error' || message.stopReason === 'aborted';
}

function missingResult(call: ToolCallPart): ToolResultMessage {
  return {
    role: 'toolResult',
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: 'text', text: 'No result provided' }],
    isError: true,
    timestamp: Date.now(),
  };
}

/**
 * Makes messages safe to replay: skips assistant messages that ended in `error` or `aborted` (half turns the model
 * must not build on), answers every tool call that has no result with a synthetic error result, and drops tool
 * results whose call is not in the preceding assistant message (e.g. trimmed away), so a call and its result are
 * never split. Returns a new array; the input is not changed.
 */
export function prepareReplay(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  let unanswered = new Map<string, ToolCallPart>();
  const answerRemaining = () => {
    for (const call of unanswered.values()) out.push(missingResult(call));
    unanswered = new Map();
  };
  for (const message of messages) {
    if (message.role === 'toolResult') {
      if (unanswered.delete(message.toolCallId)) out.push(message);
      continue;
    }
    answerRemaining();
    if (message.role === 'assistant') {
      if (isFailedTurn(message)) continue;
      for (const part of message.content) if (part.type === 'toolCall') unanswered.set(part.id, part);
    }
    out.push(message);
  }
  answerRemaining();
  return out;
}
