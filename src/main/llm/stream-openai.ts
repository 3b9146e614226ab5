// The OpenAI-compatible streaming provider: one Chat Completions request with `stream: true`, its raw chunks
// mapped onto the assistant event protocol. Raw chunks, not the SDK's `.stream()` helper: the helper drops
// reasoning fragments, and `reasoning_content` is not in the SDK's types.
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { AgentModel, AssistantMessageEventStream, LlmContext, StreamFn, StreamOptions } from '../agent/types.js';
import { EventStream } from '../agent/event-stream.js';
import { emptyUsage, type AssistantMessage } from '../../shared/messages.js';
import { AssistantBuilder } from './assistant-builder.js';
import { createClient } from './client.js';
import { RequestDeadline, type DeadlineCause } from './deadline.js';
import { classifyError, MESSAGES, scrubSecrets, stalledError, timeoutError, type ProviderError } from './errors.js';
import { mapFinishReason } from './finish-reason.js';
import { buildChatRequest } from './request.js';
import { mapUsage, type WireUsage } from './usage.js';

/** Used when the model sets no `requestTimeoutMs` / `firstTokenTimeoutMs`. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_FIRST_TOKEN_TIMEOUT_MS = 60_000;

/**
 * Streams one assistant message. Returns at once and never throws: every failure ends the stream with an
 * `error` event whose message keeps the partial content, `stopReason` `error` (or `aborted` when the caller's
 * signal fired), and a classified `errorCode`/`errorMessage`. Order: `start` (after the HTTP response
 * arrives), block events, then exactly one `done` or `error`.
 */
export const streamOpenAI: StreamFn = (model: AgentModel, context: LlmContext, options: StreamOptions): AssistantMessageEventStream => {
  const stream = new EventStream();
  // runRequest handles its own failures; this net only guarantees a terminal event should it ever throw.
  runRequest(model, context, options.signal, stream).catch(() => {
    const message: AssistantMessage = { role: 'assistant', content: [], model: model.id, usage: emptyUsage(), stopReason: 'error', timestamp: Date.now() };
    stream.push({ type: 'error', reason: 'error', error: { ...message, errorCode: 'unknown', errorMessage: 'Unexpected error' } });
  });
  return stream;
};

async function runRequest(model: AgentModel, context: LlmContext, signal: AbortSignal, out: EventStream): Promise<void> {
  const requestTimeoutMs = model.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const firstTokenTimeoutMs = model.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_TIMEOUT_MS;
  const deadline = new RequestDeadline(signal, { firstTokenMs: firstTokenTimeoutMs, idleMs: requestTimeoutMs });
  const builder = new AssistantBuilder(model.id, (event) => out.push(event));
  let responded = false;
  let sawFirstToken = false;
  let finishReason: string | undefined;

  const fail = (error: ProviderError): void => {
    builder.settleWithoutEvents();
    const message = builder.message;
    message.stopReason = error.code === 'aborted' ? 'aborted' : 'error';
    message.errorCode = error.code;
    message.errorMessage = scrubSecrets(error.message, model.apiKey);
    out.push({ type: 'error', reason: message.stopReason, error: message });
  };
  const deadlineError = (cause: DeadlineCause): ProviderError => {
    if (cause === 'user') return { code: 'aborted', message: MESSAGES.aborted };
    if (cause === 'first_token') return timeoutError(firstTokenTimeoutMs);
    return sawFirstToken ? stalledError(requestTimeoutMs) : timeoutError(requestTimeoutMs);
  };

  try {
    if (deadline.cause) return fail(deadlineError(deadline.cause));
    // The SDK's own timer sits behind ours so that ours, which know the cause, fire first.
    const client = createClient(model, Math.max(requestTimeoutMs, firstTokenTimeoutMs) + 1_000);
    const chunks = await client.chat.completions.create(buildChatRequest(model, context), { signal: deadline.signal });
    responded = true;
    deadline.activity();
    builder.start();

    for await (const chunk of chunks as AsyncIterable<ChatCompletionChunk>) {
      deadline.activity();
      const choice = chunk.choices?.[0];
      const delta = choice?.delta as Record<string, unknown> | undefined;
      if (delta && builder.applyDelta(delta) && !sawFirstToken) {
        sawFirstToken = true;
        deadline.firstToken();
      }
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      // Some servers put usage on the choice; the last report wins, it is never summed.
      const usage = (chunk.usage ?? (choice as { usage?: WireUsage } | undefined)?.usage) as WireUsage | null | undefined;
      if (usage) builder.message.usage = mapUsage(usage);
    }

    // The SDK ends an aborted stream quietly: only the deadline knows whether, and why, it was cut.
    if (deadline.cause) return fail(deadlineError(deadline.cause));
    finish(builder, finishReason, out, fail);
  } catch (error) {
    if (deadline.cause) return fail(deadlineError(deadline.cause));
    const classified = classifyError(error, {
      baseUrl: model.baseUrl,
      apiKey: model.apiKey,
      modelId: model.id,
      responded,
      timeoutMs: requestTimeoutMs,
    });
    // Everything had arrived when the connection dropped: the answer is complete.
    if (classified.code === 'interrupted' && finishReason) return finish(builder, finishReason, out, fail);
    fail(classified);
  } finally {
    deadline.dispose();
  }
}

/** Ends a stream that closed normally: a healthy server always sends a finish reason, so none is a failure. */
function finish(
  builder: AssistantBuilder,
  finishReason: string | undefined,
  out: EventStream,
  fail: (error: ProviderError) => void,
): void {
  if (!finishReason) {
    return fail(builder.hasContent() ? { code: 'interrupted', message: MESSAGES.interrupted } : { code: 'bad_response', message: MESSAGES.noAnswer });
  }
  const outcome = mapFinishReason(finishReason);
  builder.endBlocks();
  if ('error' in outcome) return fail(outcome.error);
  builder.message.stopReason = outcome.stopReason;
  out.push({ type: 'done', reason: outcome.stopReason, message: builder.message });
}
