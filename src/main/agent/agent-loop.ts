// The stateless agent loop: one run, from `agent_start` to `agent_end`. It talks to the outside only through
// its config (model, tools, hooks, queue drains) and an event sink; the stateful Agent (agent.ts) drives it.
import { emptyUsage } from '../../shared/messages.js';
import type { AssistantMessage, Message, ProviderErrorCode, ToolCallPart, ToolResultMessage } from '../../shared/messages.js';
import { errorText } from './error-text.js';
import { prepareReplay } from './replay.js';
import { runToolBatch } from './tool-batch.js';
import { toLlmToolSpec } from './tool-schema.js';
import type {
  AgentEventSink,
  AgentModel,
  AgentTool,
  AssistantMessageEvent,
  AssistantMessageEventStream,
  LlmToolSpec,
  StreamFn,
  ToolExecutionMode,
} from './types.js';

// Same words the provider uses for a user abort, so the UI shows one phrase whichever layer noticed it.
const ABORTED_TEXT = 'Stopped by user';

/** What one run works with: a snapshot of model and tools, the hooks, and the queue drains. */
export interface AgentLoopConfig {
  model: AgentModel;
  tools: readonly AgentTool[];
  streamFn: StreamFn;
  /** Transcript → provider messages; the loop then applies the replay rules (see `prepareReplay`). */
  convertToLlm: (messages: Message[]) => Message[] | Promise<Message[]>;
  /** Chooses what the model sees for one request; receives a copy, so it cannot change the run's context. */
  transformContext?: (messages: Message[], signal: AbortSignal) => Message[] | Promise<Message[]>;
  toolExecution: ToolExecutionMode;
  /** Takes steering messages per the queue mode; called at run start and after every `turn_end`. */
  drainSteering: () => Message[];
  /** Takes follow-up messages per the queue mode; called only where the agent would otherwise stop. */
  drainFollowUps: () => Message[];
  /**
   * Most model requests in this run (default: no limit). When the model still wants to go on (tool calls) after
   * that many, the run ends as it is, `agent_end` says `requestLimitReached`, and the queues are left untouched.
   */
  maxRequests?: number;
}

/** Where a run starts from. */
export interface AgentLoopInput {
  /** The transcript so far; copied, never changed. */
  messages: readonly Message[];
  /** Messages that open the run, announced inside the first turn; empty for a continuation. */
  prompts: readonly Message[];
  /** Skip the run-start steering poll once (the caller already drained steering into `prompts`). */
  skipInitialSteering?: boolean;
}

interface Run {
  readonly config: AgentLoopConfig;
  readonly emit: AgentEventSink;
  readonly signal: AbortSignal;
  /** What the model is shown: the starting transcript plus everything added in this run. */
  readonly context: Message[];
  /** Everything this run added, in order. */
  readonly added: Message[];
  toolSpecs: LlmToolSpec[] | undefined;
  /** Model requests made so far. */
  requests: number;
}

/**
 * Runs until the agent stops and returns every message the run added (also carried by `agent_end`). A model
 * failure is not a throw: it ends the run with an `error`/`aborted` assistant message. Throws only when the
 * stream function, a hook or the sink throws; the caller turns that into the failure shape.
 */
export async function runAgentLoop(
  input: AgentLoopInput,
  config: AgentLoopConfig,
  emit: AgentEventSink,
  signal: AbortSignal,
): Promise<Message[]> {
  const run: Run = { config, emit, signal, context: input.messages.slice(), added: [], toolSpecs: undefined, requests: 0 };
  // A model that answers every request with more tool calls would otherwise keep this loop (and its requests,
  // each larger than the last) going until Stop.
  const limitReached = (): boolean => config.maxRequests !== undefined && run.requests >= config.maxRequests;
  await emit({ type: 'agent_start' });
  await emit({ type: 'turn_start' });
  for (const message of input.prompts) await appendMessage(run, message);
  let pending = input.skipInitialSteering ? [] : config.drainSteering();
  let firstTurn = true;
  for (;;) {
    let hadToolCalls = true;
    while (hadToolCalls || pending.length > 0) {
      if (limitReached()) {
        await emit({ type: 'agent_end', messages: run.added, requestLimitReached: true });
        return run.added;
      }
      if (firstTurn) firstTurn = false;
      else await emit({ type: 'turn_start' });
      for (const message of pending) await appendMessage(run, message);
      pending = [];
      const message = await requestAssistantMessage(run);
      if (message.stopReason === 'error' || message.stopReason === 'aborted') {
        // A failed response ends the run as it is: its tool calls are not run and the queues stay queued.
        await emit({ type: 'turn_end', message, toolResults: [] });
        await emit({ type: 'agent_end', messages: run.added });
        return run.added;
      }
      const calls = toolCallsOf(message);
      const toolResults = calls.length > 0 ? await runToolCalls(run, message, calls) : [];
      hadToolCalls = calls.length > 0;
      await emit({ type: 'turn_end', message, toolResults });
      // After an abort (or at the request limit), queued input stays queued instead of joining a run that is ending.
      pending = signal.aborted || limitReached() ? [] : config.drainSteering();
    }
    pending = signal.aborted || limitReached() ? [] : config.drainFollowUps();
    if (pending.length === 0) break;
  }
  await emit({ type: 'agent_end', messages: run.added });
  return run.added;
}

/** The tool calls of an assistant message, in source order; the content decides, not the stop reason. */
export function toolCallsOf(message: AssistantMessage): ToolCallPart[] {
  return message.content.filter((part): part is ToolCallPart => part.type === 'toolCall');
}

/** The empty assistant message that stands for a response that never came (a throw, an abort before the request). */
export function failedAssistantMessage(model: AgentModel, stopReason: 'error' | 'aborted', errorMessage: string): AssistantMessage {
  return {
    role: 'assistant',
    content: [{ type: 'text', text: '' }],
    model: model.id,
    usage: emptyUsage(),
    stopReason,
    errorMessage,
    errorCode: stopReason === 'aborted' ? 'aborted' : 'unknown',
    timestamp: Date.now(),
  };
}

/** Adds a finished message to what the model sees next and to what the run returns. */
function recordMessage(run: Run, message: Message): void {
  run.context.push(message);
  run.added.push(message);
}

async function appendMessage(run: Run, message: Message): Promise<void> {
  await run.emit({ type: 'message_start', message });
  await run.emit({ type: 'message_end', message });
  recordMessage(run, message);
}

async function runToolCalls(run: Run, message: AssistantMessage, calls: ToolCallPart[]): Promise<ToolResultMessage[]> {
  const results = await runToolBatch(calls, {
    tools: run.config.tools,
    mode: run.config.toolExecution,
    truncated: message.stopReason === 'length',
    signal: run.signal,
    emit: run.emit,
  });
  for (const result of results) recordMessage(run, result);
  return results;
}

/** Builds this request's context, calls the model and streams its answer into events. */
async function requestAssistantMessage(run: Run): Promise<AssistantMessage> {
  const { config, signal } = run;
  if (signal.aborted) {
    // Aborted between requests (e.g. during tools): the run ends without asking the model again.
    return settleAssistantMessage(run, failedAssistantMessage(config.model, 'aborted', ABORTED_TEXT), false);
  }
  const snapshot = run.context.slice();
  const selected = config.transformContext ? await config.transformContext(snapshot, signal) : snapshot;
  const messages = prepareReplay(await config.convertToLlm(selected));
  run.toolSpecs ??= config.tools.map(toLlmToolSpec);
  run.requests += 1;
  const stream = await config.streamFn(config.model, { messages, tools: run.toolSpecs }, { signal });
  return streamAssistantMessage(run, stream);
}

/**
 * The hot path: one `message_update` per provider increment. Per event it allocates only the event and a shallow
 * copy of the partial, and awaits the sink only when a listener actually returned a promise.
 */
async function streamAssistantMessage(run: Run, stream: AssistantMessageEventStream): Promise<AssistantMessage> {
  const emit = run.emit;
  const iterator = stream[Symbol.asyncIterator]();
  let partial: AssistantMessage | undefined;
  let finished = false;
  try {
    for (;;) {
      let step: IteratorResult<AssistantMessageEvent>;
      try {
        step = await iterator.next();
      } catch (error) {
        finished = true;
        const broken = brokenStreamMessage(run, partial, errorText(error), 'interrupted');
        return settleAssistantMessage(run, broken, partial !== undefined);
      }
      if (step.done) break;
      const event = step.value;
      switch (event.type) {
        case 'start': {
          partial = event.partial;
          const delivery = emit({ type: 'message_start', message: { ...partial } });
          if (delivery) await delivery;
          break;
        }
        case 'done':
          finished = true;
          return settleAssistantMessage(run, withStopReason(event.message, event.reason), partial !== undefined);
        case 'error':
          finished = true;
          return settleAssistantMessage(run, withStopReason(event.error, event.reason), partial !== undefined);
        default: {
          // Increments before `start` have no message to belong to.
          if (partial === undefined) break;
          partial = event.partial;
          const delivery = emit({ type: 'message_update', message: { ...partial }, assistantMessageEvent: event });
          if (delivery) await delivery;
        }
      }
    }
    finished = true;
    return settleAssistantMessage(
      run,
      brokenStreamMessage(run, partial, 'Stream ended without a final event', 'bad_response'),
      partial !== undefined,
    );
  } finally {
    // Left early because a listener threw: tell a pull-based stream to stop producing.
    if (!finished) void iterator.return?.()?.catch(() => undefined);
  }
}

/** Emits the end of the assistant message (and its start, if the stream never sent one) and records it. */
async function settleAssistantMessage(run: Run, message: AssistantMessage, started: boolean): Promise<AssistantMessage> {
  if (!started) await run.emit({ type: 'message_start', message: { ...message } });
  await run.emit({ type: 'message_end', message });
  recordMessage(run, message);
  return message;
}

/** The terminal event's reason is authoritative; a failed message always explains itself. */
function withStopReason(message: AssistantMessage, reason: AssistantMessage['stopReason']): AssistantMessage {
  const failed = reason === 'error' || reason === 'aborted';
  if (message.stopReason === reason && (!failed || message.errorMessage)) return message;
  const fixed: AssistantMessage = { ...message, stopReason: reason };
  if (failed && !fixed.errorMessage) fixed.errorMessage = reason === 'aborted' ? ABORTED_TEXT : 'Model request failed';
  return fixed;
}

/** A stream that broke off (threw, or ended without `done`/`error`): keep what arrived, mark it failed. */
function brokenStreamMessage(run: Run, partial: AssistantMessage | undefined, reason: string, code: ProviderErrorCode): AssistantMessage {
  const aborted = run.signal.aborted;
  const base = partial ? { ...partial, content: partial.content.slice() } : failedAssistantMessage(run.config.model, 'error', reason);
  return {
    ...base,
    stopReason: aborted ? 'aborted' : 'error',
    errorMessage: reason,
    errorCode: aborted ? 'aborted' : code,
  };
}
