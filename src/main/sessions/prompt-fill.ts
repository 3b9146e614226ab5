// Fills the prompt variables of a request's system message (shared/prompt-variables.ts) at send time. The stored
// system prompt keeps its placeholders; one filled copy is made per request only when the prompt uses one.
import type { Message } from '../../shared/messages.js';
import { fillPromptVariables, type PromptVariableContext } from '../../shared/prompt-variables.js';

/** `messages` with a leading system message's variables filled (the same array when there is nothing to fill). */
export function fillSystemVariables(messages: Message[], context: PromptVariableContext): Message[] {
  const first = messages[0];
  if (first?.role !== 'system' || !first.content.includes('{{')) return messages;
  const content = fillPromptVariables(first.content, context);
  if (content === first.content) return messages;
  return [{ ...first, content }, ...messages.slice(1)];
}
