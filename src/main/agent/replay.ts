// What a transcript looks like when it is sent to a model. The transcript keeps everything that happened;
// a request must still be a conversation the provider accepts, whatever was aborted, failed or trimmed.
import type { AssistantMessage, Message, ToolCallPart, ToolResultMessage } from '../../shared/messages.js';

const LLM_ROLES: ReadonlySet<string> = new Set(['system', 'user', 'assistant', 'toolResult']);

/** The default `convertToLlm`: keeps the roles a provider understands and drops anything else (e.g. UI-only roles). */
export function defaultConvertToLlm(messages: Message[]): Message[] {
  return messages.filter((message) => LLM_ROLES.has(message.role));
}

/**
 * What the model sees of an assistant message: nothing of a failed turn; of a turn the user stopped, only the text
 * already shown (they saw it and may build on it, e.g. "go on"), without its possibly truncated tool calls.
 */
function replayedAssistant(message: AssistantMessage): AssistantMessage | undefined {
  if (message.stopReason === 'error') return undefined;
  if (message.stopReason !== 'aborted') return message;
  const content = message.content.filter((part) => part.type === 'text' && part.text.trim() !== '');
  return content.length ? { ...message, content } : undefined;
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
 * Makes messages safe to replay: skips assistant messages that ended in `error` (half turns the model must not
 * build on), keeps only the shown text of a stopped (`aborted`) answer, answers every tool call that has no result with a synthetic error result, and drops tool
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
      const replayed = replayedAssistant(message);
      if (!replayed) continue;
      for (const part of replayed.content) if (part.type === 'toolCall') unanswered.set(part.id, part);
      out.push(replayed);
      continue;
    }
    out.push(message);
  }
  answerRemaining();
  return out;
}
