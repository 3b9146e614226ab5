// A stopped answer's token counts. Providers report usage in the stream's last chunk, which a stopped stream never
// receives, so an answer the person stopped would show no counts although the provider bills what it generated. The
// counts are estimated instead, with the tokenizer the context policy uses: the request's messages as sent (after
// the context policy) for the input, the text, reasoning and tool calls shown for the output. They are marked
// `estimated`, and the window shows them as such.
import { messageThinking, messageText, type AssistantMessage, type Message, type Usage } from '../../../shared/messages.js';
import { countTextTokens, messageTokens } from '../context-policy.js';

/** The usage to keep for `answer`, stopped after the request that carried `context`; `answer.usage` when it has counts. */
export function stoppedUsage(context: readonly Message[], answer: AssistantMessage): Usage {
  const reported = answer.usage;
  if (reported.input + reported.output + reported.cacheRead + reported.reasoning > 0) return reported;
  const text = messageText(answer);
  const thinking = messageThinking(answer);
  const calls = answer.content.filter((part) => part.type === 'toolCall');
  const reasoning = thinking ? countTextTokens(thinking) : 0;
  const output =
    (text ? countTextTokens(text) : 0) +
    reasoning +
    calls.reduce((sum, call) => sum + countTextTokens(call.name + JSON.stringify(call.arguments)), 0);
  if (output === 0) return reported;
  const input = context.reduce((sum, message) => sum + messageTokens(message), 0);
  return { ...reported, input, output, reasoning, cacheRead: 0, totalTokens: input + output, estimated: true };
}
