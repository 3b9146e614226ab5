// A scripted model for agent tests. Each request takes the next reply script and plays it into an EventStream the
// way a provider would (start, block deltas, done/error), mutating one partial message. Gates hold a reply open
// until the test releases them; the stream is abort-aware: an abort ends it with `error`/`aborted`, partial kept.
import { Agent, type AgentOptions } from '../../../src/main/agent/index.js';
import { EventStream } from '../../../src/main/agent/event-stream.js';
import type {
  AgentEvent,
  AgentModel,
  AgentTool,
  AgentToolResult,
  AssistantMessage,
  AssistantMessageEvent,
  AssistantMessageEventStream,
  LlmContext,
  StreamFn,
  ToolCallPart,
} from '../../../src/main/agent/index.js';
import { type Message, emptyAssistantMessage } from '../../../src/shared/messages.js';

export const MODEL: AgentModel = { id: 'scripted-model', baseUrl: 'http://127.0.0.1:0/v1' };

/** A promise the test resolves by hand. */
export interface Gate<T = void> {
  promise: Promise<T>;
  open(value: T): void;
  readonly isOpen: boolean;
}

export function gate<T = void>(): Gate<T> {
  let open!: (value: T) => void;
  let isOpen = false;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return {
    promise,
    open: (value: T) => {
      isOpen = true;
      open(value);
    },
    get isOpen() {
      return isOpen;
    },
  };
}

/** Lets every queued promise callback run (the scripted world settles within a few macrotask-free ticks). */
export async function flush(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}

export type Step =
  | { type: 'text'; text: string }
  | { type: 'thinking'; text: string }
  | { type: 'toolCall'; call: ToolCallPart }
  /** Holds the stream until the gate opens (or the request is aborted). `reached` opens when the step is reached. */
  | { type: 'wait'; gate: Gate<unknown>; reached?: Gate }
  | { type: 'done'; reason: 'stop' | 'length' | 'toolUse' }
  | { type: 'error'; message: string }
  /** Ends the iteration without a terminal event. */
  | { type: 'end' };

/** How one request is answered. */
export type Reply =
  | { kind: 'stream'; steps: Step[]; withoutStart?: boolean }
  /** The stream function throws synchronously. */
  | { kind: 'throw'; message: string }
  /** The stream function returns a rejected promise. */
  | { kind: 'reject'; message: string }
  /** The stream's iterator throws after the given steps. */
  | { kind: 'break'; steps: Step[]; message: string };

export const text = (...parts: string[]): Step[] => parts.map((part) => ({ type: 'text', text: part }));
export const thinking = (part: string): Step => ({ type: 'thinking', text: part });
export const call = (id: string, name: string, args: Record<string, unknown> = {}): Step => ({
  type: 'toolCall',
  call: { type: 'toolCall', id, name, arguments: args },
});
export const wait = (g: Gate<any>, reached?: Gate): Step => ({ type: 'wait', gate: g, reached });
export const done = (reason: 'stop' | 'length' | 'toolUse'): Step => ({ type: 'done', reason });
export const fail = (message: string): Step => ({ type: 'error', message });

/** A reply streamed from steps; without a terminal step it finishes with `toolUse` if it called tools, else `stop`. */
export const reply = (...steps: Array<Step | Step[]>): Reply => ({ kind: 'stream', steps: steps.flat() });

/** What the stream function received for one request. */
export interface RecordedRequest {
  model: AgentModel;
  context: LlmContext;
  signal: AbortSignal;
  /** Roles and texts of the messages sent, e.g. `user:hi`, `assistant:hello`, `toolResult:t1=ok`. */
  transcript: string[];
}

export interface ScriptedModel {
  streamFn: StreamFn;
  requests: RecordedRequest[];
}

/** A stream function answering request N with `replies[N]`; an unscripted request gets an error reply. */
export function scriptedModel(...replies: Reply[]): ScriptedModel {
  const requests: RecordedRequest[] = [];
  const streamFn: StreamFn = (model, context, options) => {
    const index = requests.length;
    requests.push({ model, context, signal: options.signal, transcript: describe(context.messages) });
    const script = replies[index] ?? reply(fail(`No scripted reply for request ${index + 1}`));
    if (script.kind === 'throw') throw new Error(script.message);
    if (script.kind === 'reject') return Promise.reject(new Error(script.message));
    const stream = new EventStream();
    const steps: Step[] = script.kind === 'break' ? [...script.steps, { type: 'end' }] : script.steps;
    const played = play(stream, steps, model, options.signal, script.kind === 'stream' && script.withoutStart === true);
    if (script.kind === 'break') {
      return cutOffStream(stream, played, () => {
        throw new Error(script.message);
      });
    }
    if (script.steps.some((step) => step.type === 'end')) {
      return cutOffStream(stream, played, () => ({ value: undefined, done: true }));
    }
    return stream;
  };
  return { streamFn, requests };
}

/** Plays steps into the stream; resolves when the script has nothing more to push. */
async function play(stream: EventStream, steps: Step[], model: AgentModel, signal: AbortSignal, withoutStart: boolean): Promise<void> {
  const partial: AssistantMessage = emptyAssistantMessage(model.id);
  await Promise.resolve();
  const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  const endAborted = () => {
    partial.stopReason = 'aborted';
    partial.errorMessage = 'Request was aborted';
    stream.push({ type: 'error', reason: 'aborted', error: partial });
  };
  if (signal.aborted) return endAborted();
  if (!withoutStart) stream.push({ type: 'start', partial });
  let calledTools = false;
  for (const step of steps) {
    if (signal.aborted) return endAborted();
    switch (step.type) {
      case 'text':
      case 'thinking': {
        const kind = step.type;
        let index = partial.content.length - 1;
        const last = partial.content[index];
        if (!last || last.type !== kind) {
          partial.content.push(kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '' });
          index = partial.content.length - 1;
          stream.push({ type: kind === 'text' ? 'text_start' : 'thinking_start', contentIndex: index, partial });
        }
        const block = partial.content[index]!;
        if (block.type === 'text') block.text += step.text;
        else if (block.type === 'thinking') block.thinking += step.text;
        stream.push({ type: kind === 'text' ? 'text_delta' : 'thinking_delta', contentIndex: index, delta: step.text, partial });
        break;
      }
      case 'toolCall': {
        calledTools = true;
        const block: ToolCallPart = { type: 'toolCall', id: step.call.id, name: step.call.name, arguments: {} };
        partial.content.push(block);
        const index = partial.content.length - 1;
        stream.push({ type: 'toolcall_start', contentIndex: index, partial });
        stream.push({ type: 'toolcall_delta', contentIndex: index, delta: JSON.stringify(step.call.arguments), partial });
        block.arguments = step.call.arguments;
        stream.push({ type: 'toolcall_end', contentIndex: index, toolCall: block, partial });
        break;
      }
      case 'wait':
        step.reached?.open();
        await Promise.race([step.gate.promise, aborted]);
        if (signal.aborted) return endAborted();
        break;
      case 'done':
        partial.stopReason = step.reason;
        stream.push({ type: 'done', reason: step.reason, message: partial });
        return;
      case 'error':
        partial.stopReason = 'error';
        partial.errorMessage = step.message;
        stream.push({ type: 'error', reason: 'error', error: partial });
        return;
      case 'end':
        return;
    }
  }
  const reason = calledTools ? 'toolUse' : 'stop';
  partial.stopReason = reason;
  stream.push({ type: 'done', reason, message: partial });
}

/**
 * Passes the script's events through; once the script has nothing more to push, `next()` gives `cut()` instead of
 * waiting forever: the end of the iteration without a terminal event, or a throw.
 */
function cutOffStream(
  stream: EventStream,
  scriptDone: Promise<void>,
  cut: () => IteratorResult<AssistantMessageEvent>,
): AssistantMessageEventStream {
  const source = stream[Symbol.asyncIterator]();
  const afterScript = scriptDone.then(() => null);
  return {
    result: () => stream.result(),
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        // An already queued event wins the race: it resolves before the derived `afterScript`.
        const result = await Promise.race([source.next(), afterScript]);
        return result ?? cut();
      },
    }),
  };
}

function describe(messages: Message[]): string[] {
  return messages.map((message) => {
    switch (message.role) {
      case 'system':
        return `system:${message.content}`;
      case 'user':
        return `user:${typeof message.content === 'string' ? message.content : message.content.map((p) => (p.type === 'text' ? p.text : `[${p.type}]`)).join('')}`;
      case 'assistant':
        return `assistant:${message.content
          .map((p) => (p.type === 'text' ? p.text : p.type === 'thinking' ? `<${p.thinking}>` : `${p.name}#${p.id}`))
          .join('|')}`;
      case 'toolResult':
        return `toolResult:${message.toolCallId}=${message.content.map((p) => (p.type === 'text' ? p.text : '[image]')).join('')}`;
      default:
        return `${(message as { role: string }).role}`;
    }
  });
}

/** Records every event an agent emits, with helpers to read them back. */
export function recordEvents(agent: { subscribe(listener: (event: any) => void): () => void }) {
  const events: AgentEvent[] = [];
  const unsubscribe = agent.subscribe((event) => void events.push(event));
  return {
    events,
    unsubscribe,
    /** Event types, with the role for message events: `message_start:user`. */
    types(): string[] {
      return events.map((event) =>
        event.type === 'message_start' || event.type === 'message_end' ? `${event.type}:${event.message.role}` : event.type,
      );
    },
  };
}

/** A tool whose runs the test controls: each call waits for its own gate, then returns the given text. */
export function heldTool(name: string, parameters: AgentTool['parameters'] = { type: 'object', properties: {} }) {
  const runs: Array<{
    id: string;
    args: unknown;
    signal: AbortSignal;
    release: Gate<string>;
    started: Gate;
    onUpdate: (r: AgentToolResult) => void;
  }> = [];
  const started = new Map<string, Gate>();
  const startedGate = (id: string) => {
    let g = started.get(id);
    if (!g) started.set(id, (g = gate()));
    return g;
  };
  const tool: AgentTool = {
    name,
    description: `${name} (held)`,
    parameters,
    async execute(id, args, signal, onUpdate) {
      const release = gate<string>();
      runs.push({ id, args, signal, release, started: startedGate(id), onUpdate });
      startedGate(id).open();
      const abort = new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error(`${name} aborted`)), { once: true }),
      );
      const output = await Promise.race([release.promise, abort]);
      return { content: [{ type: 'text', text: output }] };
    },
  };
  return {
    tool,
    runs,
    started: (id: string) => startedGate(id).promise,
    release(id: string, output = `${id} done`) {
      const run = runs.find((r) => r.id === id);
      if (!run) throw new Error(`tool call ${id} has not started`);
      run.release.open(output);
    },
  };
}

/** A tool that answers at once with `output(args)`. */
export function instantTool(
  name: string,
  output: (args: any) => string = () => `${name} ok`,
  parameters: AgentTool['parameters'] = { type: 'object', properties: {} },
): AgentTool & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    name,
    description: `${name} (instant)`,
    parameters,
    calls,
    async execute(_id, args) {
      calls.push(args);
      return { content: [{ type: 'text', text: output(args) }] };
    },
  };
}

/** Resolves with the first event matching `predicate` (the listener unsubscribes itself). */
export function nextEvent(
  agent: { subscribe(listener: (event: any) => void): () => void },
  predicate: (event: AgentEvent) => boolean,
): Promise<AgentEvent> {
  return new Promise((resolve) => {
    const unsubscribe = agent.subscribe((event) => {
      if (!predicate(event)) return;
      unsubscribe();
      resolve(event);
    });
  });
}

/** The exact error texts of the contract, spelled out here so the tests check the literal wording. */
export const ERRORS = {
  busyPrompt: 'Agent is already processing a prompt. Use steer() or followUp() to queue messages, or wait for completion.',
  busyContinue: 'Agent is already processing. Wait for completion before continuing.',
  busyReset: 'Agent is already processing. Wait for completion before resetting.',
  nothingToContinue: 'No messages to continue from',
  assistantTail: 'Cannot continue from message role: assistant',
} as const;

/** An Agent with system prompt 'sys' talking to `model`; `options` override anything. */
export function agentFor(model: ScriptedModel, options: Partial<AgentOptions> = {}): Agent {
  return new Agent({ systemPrompt: 'sys', model: MODEL, streamFn: model.streamFn, ...options });
}
