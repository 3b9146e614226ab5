// The stateful shell around the loop: one conversation in memory, the steering and follow-up queues, listeners,
// and the run lifecycle (start, failure, settlement). Its behavioural contract is stated where each type is declared (types.ts).
import type { Message, SystemMessage, UserMessage } from '../../shared/messages.js';
import { failedAssistantMessage, runAgentLoop, type AgentLoopInput } from './agent-loop.js';
import { errorText } from './error-text.js';
import { MessageQueue } from './message-queue.js';
import { defaultConvertToLlm } from './replay.js';
import type {
  AgentEvent,
  AgentEventSink,
  AgentListener,
  AgentModel,
  AgentOptions,
  AgentState,
  AgentTool,
  QueueMode,
  StreamFn,
  ToolExecutionMode,
} from './types.js';

const BUSY_PROMPT = 'Agent is already processing a prompt. Use steer() or followUp() to queue messages, or wait for completion.';
const BUSY_CONTINUE = 'Agent is already processing. Wait for completion before continuing.';
const BUSY_RESET = 'Agent is already processing. Wait for completion before resetting.';

/** The live state behind `agent.state`: user-owned fields are assignable, runtime fields only the agent writes. */
class MutableAgentState implements AgentState {
  model: AgentModel;
  isStreaming = false;
  streamingMessage: Message | undefined = undefined;
  pendingToolCalls: ReadonlySet<string> = new Set();
  errorMessage: string | undefined = undefined;
  private transcript: Message[];
  private toolList: AgentTool[];

  constructor(model: AgentModel, messages: Message[], tools: AgentTool[]) {
    this.model = model;
    this.transcript = messages.slice();
    this.toolList = tools.slice();
  }

  get messages(): Message[] {
    return this.transcript;
  }
  set messages(messages: Message[]) {
    this.transcript = messages.slice();
  }
  get tools(): AgentTool[] {
    return this.toolList;
  }
  set tools(tools: AgentTool[]) {
    this.toolList = tools.slice();
  }
  get systemPrompt(): string {
    return currentSystemMessage(this.transcript)?.content ?? '';
  }
}

/** One run in flight, and what the failure path needs to know about the events already delivered. */
interface ActiveRun {
  readonly controller: AbortController;
  readonly settled: Promise<void>;
  readonly model: AgentModel;
  /** Every message that reached `message_end` in this run. */
  readonly added: Message[];
  started: boolean;
  turnOpen: boolean;
  ended: boolean;
}

/** One conversation with a model: prompts, queued input, tools, events. Each contract is stated where its type is declared (types.ts). */
export class Agent {
  private readonly mutableState: MutableAgentState;
  private readonly steeringQueue: MessageQueue;
  private readonly followUpQueue: MessageQueue;
  private readonly listeners = new Set<AgentListener>();
  // Copy-on-write snapshot of `listeners`: the per-delta dispatch walks a plain array without an iterator.
  private listenerList: AgentListener[] = [];
  private readonly streamFn: StreamFn;
  private readonly convertToLlm: NonNullable<AgentOptions['convertToLlm']>;
  private readonly transformContext: AgentOptions['transformContext'];
  private readonly toolExecution: ToolExecutionMode;
  private activeRun: ActiveRun | undefined;
  /** Most model requests per run; undefined for no limit. A change applies from the next run. */
  maxRequests: number | undefined;

  constructor(options: AgentOptions) {
    this.mutableState = new MutableAgentState(
      options.model,
      initialTranscript(options.systemPrompt, options.messages),
      options.tools ?? [],
    );
    this.steeringQueue = new MessageQueue(options.steeringMode ?? 'one-at-a-time');
    this.followUpQueue = new MessageQueue(options.followUpMode ?? 'one-at-a-time');
    this.streamFn = options.streamFn;
    this.convertToLlm = options.convertToLlm ?? defaultConvertToLlm;
    this.transformContext = options.transformContext;
    this.toolExecution = options.toolExecution ?? 'parallel';
    this.maxRequests = options.maxRequests;
  }

  /** The live state; assigning `messages`/`tools` stores a copy. Changes during a run apply from the next run. */
  get state(): AgentState {
    return this.mutableState;
  }

  /** The active run's signal; undefined while idle. */
  get signal(): AbortSignal | undefined {
    return this.activeRun?.controller.signal;
  }

  get steeringMode(): QueueMode {
    return this.steeringQueue.mode;
  }
  set steeringMode(mode: QueueMode) {
    this.steeringQueue.mode = mode;
  }
  get followUpMode(): QueueMode {
    return this.followUpQueue.mode;
  }
  set followUpMode(mode: QueueMode) {
    this.followUpQueue.mode = mode;
  }

  /** Starts a run with new message(s); resolves once it has settled, model failures included. Rejects while busy. */
  async prompt(input: string | Message | Message[]): Promise<void> {
    if (this.activeRun) throw new Error(BUSY_PROMPT);
    const prompts = typeof input === 'string' ? [userMessage(input)] : Array.isArray(input) ? input : [input];
    await this.run({ prompts });
  }

  /** Continues from the transcript: a user/toolResult tail is answered; an assistant tail takes queued messages. */
  async continue(): Promise<void> {
    if (this.activeRun) throw new Error(BUSY_CONTINUE);
    const transcript = this.mutableState.messages;
    const last = transcript.at(-1);
    if (!last || transcript.every((message) => message.role === 'system')) {
      throw new Error('No messages to continue from');
    }
    if (last.role === 'assistant') {
      const steering = this.steeringQueue.drain();
      // Already drained: polling again at run start would inject a second one-at-a-time message.
      if (steering.length > 0) return this.run({ prompts: steering, skipInitialSteering: true });
      const followUps = this.followUpQueue.drain();
      if (followUps.length > 0) return this.run({ prompts: followUps });
    }
    if (last.role !== 'user' && last.role !== 'toolResult') {
      throw new Error(`Cannot continue from message role: ${last.role}`);
    }
    return this.run({ prompts: [] });
  }

  /** Queues a message for the next steering drain point (after the current turn's tools). Never starts a run. */
  steer(message: Message | string): void {
    this.steeringQueue.enqueue(typeof message === 'string' ? userMessage(message) : message);
  }

  /** Queues a message for when the agent would otherwise stop. Never starts a run. */
  followUp(message: Message | string): void {
    this.followUpQueue.enqueue(typeof message === 'string' ? userMessage(message) : message);
  }

  hasQueuedMessages(): boolean {
    return this.steeringQueue.size > 0 || this.followUpQueue.size > 0;
  }

  /** Everything queued, oldest first per queue, without consuming it: what a UI shows as pending. */
  queuedMessages(): { steering: Message[]; followUp: Message[] } {
    return { steering: this.steeringQueue.list(), followUp: this.followUpQueue.list() };
  }

  /** What the next drain would take (steering first, per mode), without consuming it. */
  peekQueuedMessages(): Message[] {
    return this.steeringQueue.size > 0 ? this.steeringQueue.peek() : this.followUpQueue.peek();
  }

  clearSteeringQueue(): void {
    this.steeringQueue.clear();
  }
  clearFollowUpQueue(): void {
    this.followUpQueue.clear();
  }
  clearAllQueues(): void {
    this.steeringQueue.clear();
    this.followUpQueue.clear();
  }
  /** Takes one queued message out (`index` in `queuedMessages()` order) and returns it; undefined when there is none. */
  removeQueuedMessage(which: 'steering' | 'followUp', index: number): Message | undefined {
    return (which === 'steering' ? this.steeringQueue : this.followUpQueue).remove(index);
  }

  /** Aborts the active run; a no-op while idle. */
  abort(): void {
    this.activeRun?.controller.abort();
  }

  /** Resolves when the active run and its awaited listeners are done; never rejects. */
  waitForIdle(): Promise<void> {
    return this.activeRun?.settled ?? Promise.resolve();
  }

  /** Starts a new conversation on the same system message; keeps model, tools and listeners. Throws while busy. */
  reset(): void {
    if (this.activeRun) throw new Error(BUSY_RESET);
    const state = this.mutableState;
    const baseline = currentSystemMessage(state.messages);
    state.messages = baseline ? [baseline] : [];
    state.isStreaming = false;
    state.streamingMessage = undefined;
    state.pendingToolCalls = new Set();
    state.errorMessage = undefined;
    this.clearAllQueues();
  }

  /** Adds a listener (once, however often it is subscribed); returns its unsubscribe function. */
  subscribe(listener: AgentListener): () => void {
    if (!this.listeners.has(listener)) {
      this.listeners.add(listener);
      this.listenerList = [...this.listeners];
    }
    return () => {
      if (this.listeners.delete(listener)) this.listenerList = [...this.listeners];
    };
  }

  private async run(input: Omit<AgentLoopInput, 'messages'>): Promise<void> {
    let settle!: () => void;
    const run: ActiveRun = {
      controller: new AbortController(),
      settled: new Promise<void>((resolve) => (settle = resolve)),
      model: this.mutableState.model,
      added: [],
      started: false,
      turnOpen: false,
      ended: false,
    };
    this.activeRun = run;
    const state = this.mutableState;
    state.isStreaming = true;
    state.streamingMessage = undefined;
    state.errorMessage = undefined;
    const sink: AgentEventSink = (event) => this.dispatch(run, event);
    try {
      await runAgentLoop(
        { ...input, messages: state.messages },
        {
          model: run.model,
          tools: state.tools.slice(),
          streamFn: this.streamFn,
          convertToLlm: this.convertToLlm,
          transformContext: this.transformContext,
          toolExecution: this.toolExecution,
          drainSteering: () => this.steeringQueue.drain(),
          drainFollowUps: () => this.followUpQueue.drain(),
          ...(this.maxRequests !== undefined ? { maxRequests: this.maxRequests } : {}),
        },
        sink,
        run.controller.signal,
      );
    } catch (error) {
      await this.failRun(run, sink, error);
    } finally {
      this.finishRun(run);
      settle();
    }
  }

  /**
   * A throw inside the run (stream function, hook, listener) becomes an empty assistant message that closes the
   * run in the usual shape; events already delivered are not repeated. A throw after `agent_end` is rethrown.
   */
  private async failRun(run: ActiveRun, sink: AgentEventSink, error: unknown): Promise<void> {
    if (run.ended) throw error;
    const signal = run.controller.signal;
    const message = failedAssistantMessage(run.model, signal.aborted ? 'aborted' : 'error', errorText(error));
    if (!run.started) await sink({ type: 'agent_start' });
    if (!run.turnOpen) await sink({ type: 'turn_start' });
    await sink({ type: 'message_start', message: { ...message } });
    await sink({ type: 'message_end', message });
    await sink({ type: 'turn_end', message, toolResults: [] });
    await sink({ type: 'agent_end', messages: run.added.slice() });
  }

  private finishRun(run: ActiveRun): void {
    const state = this.mutableState;
    state.isStreaming = false;
    state.streamingMessage = undefined;
    state.pendingToolCalls = new Set();
    if (this.activeRun === run) this.activeRun = undefined;
  }

  /** State first, then every listener in subscription order; returns a promise only if a listener returned one. */
  private dispatch(run: ActiveRun, event: AgentEvent): void | Promise<void> {
    this.reduce(run, event);
    const listeners = this.listenerList;
    const signal = run.controller.signal;
    for (let i = 0; i < listeners.length; i++) {
      const result = listeners[i]!(event, signal);
      if (isThenable(result)) return deliverRemaining(result, listeners, i + 1, event, signal);
    }
  }

  private reduce(run: ActiveRun, event: AgentEvent): void {
    const state = this.mutableState;
    switch (event.type) {
      case 'message_update':
        state.streamingMessage = event.message;
        break;
      case 'message_start':
        state.streamingMessage = event.message;
        break;
      case 'message_end':
        state.streamingMessage = undefined;
        state.messages.push(event.message);
        run.added.push(event.message);
        break;
      case 'tool_execution_start': {
        const pending = new Set(state.pendingToolCalls);
        pending.add(event.toolCallId);
        state.pendingToolCalls = pending;
        break;
      }
      case 'tool_execution_end': {
        const pending = new Set(state.pendingToolCalls);
        pending.delete(event.toolCallId);
        state.pendingToolCalls = pending;
        break;
      }
      case 'turn_start':
        run.turnOpen = true;
        break;
      case 'turn_end':
        run.turnOpen = false;
        if (event.message.errorMessage) state.errorMessage = event.message.errorMessage;
        break;
      case 'agent_start':
        run.started = true;
        break;
      case 'agent_end':
        run.ended = true;
        state.streamingMessage = undefined;
        break;
    }
  }
}

async function deliverRemaining(
  pending: PromiseLike<void>,
  listeners: readonly AgentListener[],
  from: number,
  event: AgentEvent,
  signal: AbortSignal,
): Promise<void> {
  await pending;
  for (let i = from; i < listeners.length; i++) await listeners[i]!(event, signal);
}

function isThenable(value: unknown): value is PromiseLike<void> {
  return typeof (value as PromiseLike<void> | undefined)?.then === 'function';
}

function userMessage(text: string): UserMessage {
  return { role: 'user', content: text, timestamp: Date.now() };
}

function systemMessage(text: string): SystemMessage {
  return { role: 'system', content: text, timestamp: Date.now() };
}

/** The system message in effect: the last one in the transcript. */
function currentSystemMessage(messages: readonly Message[]): SystemMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'system') return message;
  }
  return undefined;
}

/** A restored transcript that opens with a system message keeps it; otherwise a non-empty prompt is put first. */
function initialTranscript(systemPrompt: string | undefined, messages: Message[] | undefined): Message[] {
  const transcript = messages ?? [];
  if (transcript[0]?.role === 'system' || !systemPrompt) return transcript;
  return [systemMessage(systemPrompt), ...transcript];
}
