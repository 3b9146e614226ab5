// The OpenAI-compatible streaming provider: one Chat Completions request with `stream: true`, its body read as
// server-sent events by us (sse.ts) and the chunks mapped onto the assistant event protocol. The SDK sends the
// request and classifies HTTP errors; the body is ours because the SDK's reader buffers an event without limit,
// reports activity only per whole event, and fails a finished answer on a junk frame after it.
import type { AgentModel, AssistantMessageEventStream, LlmContext, StreamFn, StreamOptions } from '../agent/types.js';
import { EventStream } from '../agent/event-stream.js';
import { emptyUsage, type AssistantMessage } from '../../shared/messages.js';
import { AssistantBuilder } from './assistant-builder.js';
import { createClient, type HttpTap } from './client.js';
import { RequestDeadline, type DeadlineCause } from './deadline.js';
import {
  classifyError,
  errorFrameError,
  FAILURES,
  providerError,
  scrubSecrets,
  stalledError,
  timeoutError,
  type ProviderError,
} from './errors.js';
import { mapFinishReason, mergeFinishReason } from './finish-reason.js';
import { buildChatRequest } from './request.js';
import { SseDecoder, type SseEvent } from './sse.js';
import { chunkUsage, mapUsage } from './usage.js';

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
    const message: AssistantMessage = {
      role: 'assistant',
      content: [],
      model: model.id,
      usage: emptyUsage(),
      stopReason: 'error',
      timestamp: Date.now(),
    };
    stream.push({
      type: 'error',
      reason: 'error',
      error: { ...message, errorCode: 'unknown', errorMessage: providerError('unknown', 'unexpected').message },
    });
  });
  return stream;
};

async function runRequest(model: AgentModel, context: LlmContext, signal: AbortSignal, out: EventStream): Promise<void> {
  const requestTimeoutMs = model.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const firstTokenTimeoutMs = model.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_TIMEOUT_MS;
  const deadline = new RequestDeadline(signal, { firstTokenMs: firstTokenTimeoutMs, idleMs: requestTimeoutMs });
  const builder = new AssistantBuilder(model.id, (event) => out.push(event));
  if (model.providerId !== undefined) builder.message.providerId = model.providerId;
  const tap: HttpTap = {};
  const state: ReadState = { sawFirstToken: false, finishReason: undefined, done: false };
  let responded = false;

  const fail = (error: ProviderError): void => {
    builder.settleWithoutEvents();
    const message = builder.message;
    message.stopReason = error.code === 'aborted' ? 'aborted' : 'error';
    message.errorCode = error.code;
    message.errorMessage = scrubSecrets(error.message, model.apiKey);
    out.push({ type: 'error', reason: message.stopReason, error: message });
  };
  const deadlineError = (cause: DeadlineCause): ProviderError => {
    if (cause === 'user') return FAILURES.aborted;
    if (cause === 'first_token') return timeoutError(firstTokenTimeoutMs);
    return state.sawFirstToken ? stalledError(requestTimeoutMs) : timeoutError(requestTimeoutMs);
  };

  try {
    if (deadline.cause) return fail(deadlineError(deadline.cause));
    // The SDK's own timer sits behind ours so that ours, which know the cause, fire first.
    const client = createClient(model, Math.max(requestTimeoutMs, firstTokenTimeoutMs) + 1_000, { sameOriginOnly: true, tap });
    const response = await client.chat.completions.create(buildChatRequest(model, context), { signal: deadline.signal }).asResponse();
    responded = true;
    deadline.activity();
    builder.start();

    const failure = await readBody(response, builder, deadline, state, model.apiKey);
    // An aborted body read ends quietly or with an AbortError: only the deadline knows whether, and why, it was cut.
    if (deadline.cause) return fail(deadlineError(deadline.cause));
    if (failure) return fail(failure);
    finish(builder, state, out, fail);
  } catch (error) {
    if (deadline.cause) return fail(deadlineError(deadline.cause));
    const classified = classifyError(error, {
      baseUrl: model.baseUrl,
      apiKey: model.apiKey,
      modelId: model.id,
      responded,
      timeoutMs: requestTimeoutMs,
      ...(tap.errorBody !== undefined ? { rawBody: tap.errorBody } : {}),
    });
    // Everything had arrived when the connection dropped: the answer is complete.
    if (classified.code === 'interrupted' && state.finishReason) return finish(builder, state, out, fail);
    fail(classified);
  } finally {
    deadline.dispose();
  }
}

/** What the body reader learned: whether content started, the finish reason so far, and whether `[DONE]` came. */
interface ReadState {
  sawFirstToken: boolean;
  finishReason: string | undefined;
  done: boolean;
}

/**
 * Reads the event stream into the builder. Every byte counts as activity (SSE comments and trickled bytes keep a
 * live stream alive). Returns the failure that ended it early, if any; throws only transport errors.
 */
async function readBody(
  response: Response,
  builder: AssistantBuilder,
  deadline: RequestDeadline,
  state: ReadState,
  apiKey: string | undefined,
): Promise<ProviderError | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return undefined;
  const decoder = new SseDecoder();
  const handle = (events: SseEvent[]): ProviderError | undefined => {
    for (const event of events) {
      const failure = applyEvent(event, builder, deadline, state, apiKey);
      if (failure || state.done) return failure;
    }
    return undefined;
  };
  try {
    for (;;) {
      const { done, value } = await readUnlessAborted(reader, deadline.signal);
      if (done) break;
      deadline.activity();
      const failure = handle(decoder.push(value));
      if (failure || state.done) return failure;
    }
    const failure = handle(decoder.end());
    if (failure || state.done || state.finishReason || builder.hasContent()) return failure;
    // No SSE at all: a JSON body sent with status 200. An error (e.g. "Insufficient Balance") still names its cause;
    // a whole completion (a server that ignores `stream: true`) is read as one chunk.
    if (decoder.sawSse || decoder.stray.trim() === '') return undefined;
    const completion = completionAsChunk(decoder.stray);
    return completion ? applyEvent(completion, builder, deadline, state, apiKey) : errorFrameError(decoder.stray, apiKey);
  } catch (error) {
    // An oversized event is the provider's fault; anything else (a dropped connection, an abort) is classified above.
    if (error instanceof Error && error.name === 'SseEventTooLargeError')
      return classifyError(error, { baseUrl: '', responded: true, timeoutMs: 0 });
    throw error;
  } finally {
    // Stop the download: after [DONE], a failure or an oversized event nothing more is read. Not awaited: a
    // cancelled body may take a while to settle, and nothing here depends on it.
    reader.cancel().catch(() => undefined);
  }
}

/** The next body slice, or "done" at once when `signal` fires (the transport notices an abort only later). */
function readUnlessAborted(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  signal: AbortSignal,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  if (signal.aborted) return Promise.resolve({ done: true, value: undefined });
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve({ done: true, value: undefined });
    signal.addEventListener('abort', onAbort, { once: true });
    reader.read().then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** One SSE event: `[DONE]`, an error frame, or a chunk whose choice 0 carries a delta, a finish reason, usage. */
function applyEvent(
  event: SseEvent,
  builder: AssistantBuilder,
  deadline: RequestDeadline,
  state: ReadState,
  apiKey: string | undefined,
): ProviderError | undefined {
  const data = event.data.trim();
  if (data === '[DONE]') {
    state.done = true;
    return undefined;
  }
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    // Once the finish reason arrived the answer is complete: a junk frame after it (`data: ping`) changes nothing.
    return state.finishReason ? undefined : FAILURES.malformed;
  }
  if (!chunk || typeof chunk !== 'object' || Array.isArray(chunk)) {
    return state.finishReason ? undefined : FAILURES.malformed;
  }
  const record = chunk as Record<string, unknown>;
  const choice = choiceZero(record.choices);
  // Usage first: an error frame may carry the usage of what was generated before it, and that is kept.
  const usage = chunkUsage(record, choice);
  if (usage) builder.message.usage = mapUsage(usage);
  if (event.event === 'error' || (record.error !== undefined && record.error !== null)) return errorFrameError(record, apiKey);
  if (!choice) return undefined;
  const delta = choice.delta;
  if (delta && typeof delta === 'object' && builder.applyDelta(delta as Record<string, unknown>) && !state.sawFirstToken) {
    state.sawFirstToken = true;
    deadline.firstToken();
  }
  if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') {
    state.finishReason = mergeFinishReason(state.finishReason, choice.finish_reason);
  }
  return undefined;
}

/** A non-streamed `chat.completion` body as one chunk event (its message as the delta), or undefined. */
function completionAsChunk(text: string): SseEvent | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const choice = choiceZero((body as { choices?: unknown } | null)?.choices);
  const message = choice?.message as Record<string, unknown> | undefined;
  if (!choice || !message || typeof message !== 'object') return undefined;
  const toolCalls = Array.isArray(message.tool_calls)
    ? message.tool_calls.map((call: unknown, index: number) => ({ index, ...(call as object) }))
    : undefined;
  const delta = { ...message, ...(toolCalls ? { tool_calls: toolCalls } : {}) };
  const usage = (body as { usage?: unknown }).usage;
  return {
    event: undefined,
    data: JSON.stringify({ choices: [{ index: 0, delta, finish_reason: choice.finish_reason ?? null }], ...(usage ? { usage } : {}) }),
  };
}

/** The choice with `index` 0 (a missing index counts as 0); other choices (n > 1) are not ours to show. */
function choiceZero(choices: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(choices)) return undefined;
  for (const choice of choices) {
    if (!choice || typeof choice !== 'object') continue;
    const index = (choice as { index?: unknown }).index;
    if (index === undefined || index === null || index === 0) return choice as Record<string, unknown>;
  }
  return undefined;
}

/**
 * Ends a stream that closed normally. A finish reason, or `[DONE]` after content (Snowflake Cortex sends usage and
 * `[DONE]` but never a finish reason), is a complete answer; a body that just stops is not.
 */
function finish(builder: AssistantBuilder, state: ReadState, out: EventStream, fail: (error: ProviderError) => void): void {
  const complete = state.finishReason ?? (state.done && builder.hasContent() ? 'stop' : undefined);
  if (!complete) {
    return fail(builder.hasContent() ? FAILURES.interrupted : FAILURES.noAnswer);
  }
  const outcome = mapFinishReason(complete);
  builder.endBlocks();
  if ('error' in outcome) return fail(outcome.error);
  builder.message.stopReason = outcome.stopReason;
  out.push({ type: 'done', reason: outcome.stopReason, message: builder.message });
}
