// Running the tool calls of one assistant message: preflight (start event, lookup, validation), execution,
// and the result messages, in parallel or sequential mode.
import type { ToolCallPart, ToolResultMessage } from '../../shared/messages.js';
import { errorText } from './error-text.js';
import { validateToolArguments } from './tool-schema.js';
import type { AgentEventSink, AgentTool, AgentToolResult, ToolExecutionMode } from './types.js';

/** What a tool batch needs from its run. */
export interface ToolBatchEnv {
  tools: readonly AgentTool[];
  mode: ToolExecutionMode;
  /** The assistant message hit the output token limit: its tool calls may carry cut-off arguments. */
  truncated: boolean;
  signal: AbortSignal;
  emit: AgentEventSink;
}

interface ToolOutcome {
  result: AgentToolResult;
  isError: boolean;
}

type Preparation =
  | { kind: 'immediate'; call: ToolCallPart; outcome: ToolOutcome }
  | { kind: 'prepared'; call: ToolCallPart; tool: AgentTool; args: unknown };

/**
 * Runs the batch and returns the result messages in source order. Every `tool_execution_start` gets its
 * `tool_execution_end`. After an abort no further call starts: sequential mode stops the batch (later calls get
 * no events and no result); parallel mode stops preflight and gives prepared calls "Operation aborted".
 */
export async function runToolBatch(calls: readonly ToolCallPart[], env: ToolBatchEnv): Promise<ToolResultMessage[]> {
  // Updates of concurrently running tools arrive at any time; one chain keeps listeners strictly one after another.
  const serial: ToolBatchEnv = { ...env, emit: serializeSink(env.emit) };
  return env.mode === 'sequential' ? runSequentially(calls, serial) : runInParallel(calls, serial);
}

async function runSequentially(calls: readonly ToolCallPart[], env: ToolBatchEnv): Promise<ToolResultMessage[]> {
  const results: ToolResultMessage[] = [];
  for (const call of calls) {
    if (env.signal.aborted) break;
    const preparation = await prepareToolCall(call, env);
    const outcome = preparation.kind === 'immediate' ? preparation.outcome : await executePreparedToolCall(preparation, env);
    await emitToolExecutionEnd(call, outcome, env);
    results.push(await emitToolResultMessage(call, outcome, env));
  }
  return results;
}

async function runInParallel(calls: readonly ToolCallPart[], env: ToolBatchEnv): Promise<ToolResultMessage[]> {
  const preparations: Preparation[] = [];
  for (const call of calls) {
    if (env.signal.aborted) break;
    const preparation = await prepareToolCall(call, env);
    if (preparation.kind === 'immediate') await emitToolExecutionEnd(call, preparation.outcome, env);
    preparations.push(preparation);
  }
  // Every start event is out before the first execute begins; ends follow completion order.
  const outcomes = await Promise.all(
    preparations.map(async (preparation) => {
      if (preparation.kind === 'immediate') return preparation.outcome;
      const outcome = env.signal.aborted ? errorOutcome('Operation aborted') : await executePreparedToolCall(preparation, env);
      await emitToolExecutionEnd(preparation.call, outcome, env);
      return outcome;
    }),
  );
  const results: ToolResultMessage[] = [];
  for (let i = 0; i < preparations.length; i++) {
    results.push(await emitToolResultMessage(preparations[i]!.call, outcomes[i]!, env));
  }
  return results;
}

/** Emits the start event, then decides whether the call may run: known tool, complete and valid arguments. */
async function prepareToolCall(call: ToolCallPart, env: ToolBatchEnv): Promise<Preparation> {
  await env.emit({ type: 'tool_execution_start', toolCallId: call.id, toolName: call.name, args: call.arguments });
  if (env.truncated) {
    // Arguments cut off by the token limit can still parse as valid JSON and silently do the wrong thing.
    return immediate(
      call,
      `Tool call "${call.name}" was not executed: the response hit the output token limit, ` +
        'so its arguments may be truncated. Re-issue the tool call with complete arguments.',
    );
  }
  const tool = env.tools.find((candidate) => candidate.name === call.name);
  if (!tool) return immediate(call, `Tool ${call.name} not found`);
  const check = validateToolArguments(tool, call.arguments);
  if (!check.ok) return immediate(call, check.message);
  return { kind: 'prepared', call, tool, args: check.args };
}

/** Runs `execute`; a throw becomes an error result. Updates after `execute` settles are dropped. */
async function executePreparedToolCall(preparation: Extract<Preparation, { kind: 'prepared' }>, env: ToolBatchEnv): Promise<ToolOutcome> {
  const { call, tool, args } = preparation;
  let settled = false;
  let updates: Promise<void> | void = Promise.resolve();
  const onUpdate = (partialResult: AgentToolResult) => {
    if (settled) return;
    updates = env.emit({
      type: 'tool_execution_update',
      toolCallId: call.id,
      toolName: call.name,
      args,
      partialResult,
    });
  };
  let outcome: ToolOutcome;
  try {
    const result = await tool.execute(call.id, args, env.signal, onUpdate);
    outcome = { result: { content: result?.content ?? [], details: result?.details }, isError: false };
  } catch (error) {
    outcome = errorOutcome(errorText(error));
  }
  settled = true;
  // The batch's sink is serialized: the last update settles only after every earlier one.
  await updates;
  return outcome;
}

function emitToolExecutionEnd(call: ToolCallPart, outcome: ToolOutcome, env: ToolBatchEnv): void | Promise<void> {
  return env.emit({
    type: 'tool_execution_end',
    toolCallId: call.id,
    toolName: call.name,
    result: outcome.result,
    isError: outcome.isError,
  });
}

async function emitToolResultMessage(call: ToolCallPart, outcome: ToolOutcome, env: ToolBatchEnv): Promise<ToolResultMessage> {
  const message = createToolResultMessage(call, outcome);
  await env.emit({ type: 'message_start', message });
  await env.emit({ type: 'message_end', message });
  return message;
}

function createToolResultMessage(call: ToolCallPart, outcome: ToolOutcome): ToolResultMessage {
  const message: ToolResultMessage = {
    role: 'toolResult',
    toolCallId: call.id,
    toolName: call.name,
    content: outcome.result.content,
    isError: outcome.isError,
    timestamp: Date.now(),
  };
  if (outcome.result.details !== undefined) message.details = outcome.result.details;
  return message;
}

function errorOutcome(text: string): ToolOutcome {
  return { result: { content: [{ type: 'text', text }], details: {} }, isError: true };
}

function immediate(call: ToolCallPart, text: string): Preparation {
  return { kind: 'immediate', call, outcome: errorOutcome(text) };
}

/** A sink that delivers events one after another, each only after the previous delivery has settled. */
function serializeSink(emit: AgentEventSink): AgentEventSink {
  let tail: Promise<void> = Promise.resolve();
  return (event) => (tail = tail.then(() => emit(event)));
}
