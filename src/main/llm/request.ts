// The Chat Completions request body for one streamed turn. Tool pictures go as image parts only to a model that
// takes images (the provider's editor says which do); any other model gets a note where each picture was.
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { AgentModel, LlmContext } from '../agent/types.js';
import { toOpenAIMessages, toOpenAITools } from './replay.js';

/** Builds the streaming request: messages, usage reporting, output limit, the chat's sampling parameters and tools when any. Pure. */
export function buildChatRequest(model: AgentModel, context: LlmContext): ChatCompletionCreateParamsStreaming {
  const body: ChatCompletionCreateParamsStreaming = {
    model: model.id,
    messages: toOpenAIMessages(context.messages, { takesImages: model.takesImages === true }),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (model.maxOutputTokens !== undefined && model.maxOutputTokens > 0) {
    // OpenAI itself rejects `max_tokens` for reasoning models; most compatible servers only know `max_tokens`.
    if (isOpenAIHost(model.baseUrl)) body.max_completion_tokens = model.maxOutputTokens;
    else body.max_tokens = model.maxOutputTokens;
  }
  if (model.temperature !== undefined) body.temperature = model.temperature;
  if (model.topP !== undefined) body.top_p = model.topP;
  if (model.reasoningEffort !== undefined) body.reasoning_effort = model.reasoningEffort;
  if (context.tools.length > 0) body.tools = toOpenAITools(context.tools);
  return body;
}

function isOpenAIHost(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}
