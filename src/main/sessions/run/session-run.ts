// One run of a session, as an object. It creates and owns its Agent for its lifetime, holds the only copy of its
// queues (the Agent's), its tool approvals and its stop, and turns agent events into session events. Its `done`
// resolves with what happened (RunEnd); the caller applies that to the cache, the list and the title, so a run never
// calls back up. The commit rule is decideOutcome's (run-outcome.ts); the write is the injected `commit`.
import { randomUUID } from 'node:crypto';
import { Agent } from '../../agent/index.js';
import type { AgentEvent, AgentModel, AgentTool, StreamFn } from '../../agent/index.js';
import type { ToolCallHooks } from '../../mcp/tool-adapter.js';
import type { SessionEvent } from '../../../shared/events.js';
import type { KnowledgeCitation } from '../../../shared/knowledge.js';
import type { ApprovalDecision, ToolCallState } from '../../../shared/mcp.js';
import { messageText, type Message, type SystemMessage, type UserMessage } from '../../../shared/messages.js';
import type { ActiveRunSnapshot, QueueState } from '../../../shared/sessions.js';
import { AnswerTiming } from '../answer-timing.js';
import { createContextPolicy, type ContextLimits } from '../context-policy.js';
import { DeltaCoalescer, type CoalescerTimer } from '../event-coalescer.js';
import { decideOutcome, hasContent, type RunOutcome } from '../run-outcome.js';
import { failureText, saveFailureText } from '../session-errors.js';
import { stoppedUsage } from './stopped-usage.js';
import type { SessionMessages } from '../session-messages.js';
import type { MessageEntry } from '../store/session-file.js';
import { StoreError, type SessionLogger } from '../store/session-store.js';

type ErrorEventCode = Extract<SessionEvent, { type: 'error' }>['code'];
type Decision = ApprovalDecision | 'cancelled';

/** What a run starts from. */
export interface RunSpec {
  /** Committed history the run builds on (regenerate: up to the re-run user message; edit: up to the edited one's parent). */
  baseBranch: MessageEntry[];
  system: SystemMessage;
  /** New user messages the run starts with (none for regenerate; the new text for an edit). */
  prompts: UserMessage[];
  model: AgentModel;
  tools: AgentTool[];
  maxRequests: number;
}

/** The edges a run works through; every one is the caller's, so a run is tested without a disk. */
export interface RunDeps {
  streamFn: StreamFn;
  /** Per request, after the context policy (attachments become image parts and fenced text). */
  convertToLlm?: (messages: Message[]) => Promise<Message[]>;
  /** Most messages one request carries, the system message included. */
  maxMessages: number;
  coalesceMs: number;
  timer: CoalescerTimer;
  /** Sends one event of this run (the caller numbers it). Never throws. */
  emit(event: SessionEvent): void;
  /** Writes a run the commit rule keeps, as one unit; throws (a StoreError) when it could not. */
  commit(outcome: Extract<RunOutcome, { commit: true }>): Promise<void>;
  /** A tool call started or stopped waiting for the person's answer (the sidebar marks it). */
  approvalsChanged(): void;
  /** The session was deleted: nothing more is said about it. */
  isDeleted(): boolean;
  strings(): SessionMessages;
  log: SessionLogger;
  /** Per request, before the context policy: prompt variables filled, condensed turns replaced by their summary. */
  shapeContext?: (messages: Message[], model: AgentModel, limits: ContextLimits, signal: AbortSignal) => Promise<Message[]>;
  /** The knowledge passages an answer's text cites (stored on the message as `citations`). */
  citations?: (text: string) => KnowledgeCitation[] | undefined;
}

/** How a run ended: the caller applies it. `leftovers` is input queued too late to be taken, in order. */
export type RunEnd =
  | { kind: 'deleted' }
  | { kind: 'committed'; stopped: boolean; leftovers: UserMessage[]; handBack: boolean }
  | { kind: 'failed'; code: ErrorEventCode; message: string; unsent: UserMessage[]; showedNothing: boolean; staleOnDisk: boolean };

export class SessionRun {
  readonly id = randomUUID();
  readonly baseBranch: MessageEntry[];
  readonly prompts: UserMessage[];
  readonly model: AgentModel;
  /** Resolves once the run has ended, with how; never rejects. Set by `start`. */
  done: Promise<RunEnd> = Promise.resolve({ kind: 'deleted' });
  private readonly agent: Agent;
  /** Messages in the transcript before the run (system + baseBranch). */
  private readonly base: number;
  private readonly coalescer: DeltaCoalescer;
  private readonly timing = new AnswerTiming();
  /** Queued input a Stop took out of the queues: never sent, so it goes back to the person with the run's end. */
  private readonly withdrawn: UserMessage[] = [];
  private userStopped = false;
  /** The run used its request limit while the model still wanted to go on. */
  private limitReached = false;
  /** Tool calls of this run by id, with their live state; and the answers awaited for those asking approval. */
  private readonly toolStates = new Map<string, ToolCallState>();
  private readonly approvals = new Map<string, (decision: Decision) => void>();
  /** The messages the latest request carried (after the context policy): a stopped answer's input is counted on them. */
  private lastContext: readonly Message[] = [];

  constructor(
    spec: RunSpec,
    private readonly deps: RunDeps,
  ) {
    this.baseBranch = spec.baseBranch;
    this.prompts = spec.prompts;
    this.model = spec.model;
    this.base = spec.baseBranch.length + 1;
    const limits = (): ContextLimits => ({
      maxMessages: deps.maxMessages,
      contextWindow: agent.state.model.contextWindow,
      maxOutputTokens: agent.state.model.maxOutputTokens,
    });
    const policy = createContextPolicy(limits);
    const agent: Agent = new Agent({
      model: spec.model,
      messages: [spec.system, ...spec.baseBranch.map((entry) => entry.message)],
      tools: spec.tools,
      maxRequests: spec.maxRequests,
      streamFn: deps.streamFn,
      ...(deps.convertToLlm && { convertToLlm: deps.convertToLlm }),
      transformContext: async (messages, signal) => {
        const shaped = deps.shapeContext ? await deps.shapeContext(messages, agent.state.model, limits(), signal) : messages;
        return (this.lastContext = policy(shaped));
      },
    });
    agent.subscribe((event) => this.onAgentEvent(event));
    this.agent = agent;
    this.coalescer = new DeltaCoalescer((batch) => deps.emit({ type: 'delta', ...batch }), deps.coalesceMs, deps.timer);
  }

  /** Runs the agent in the background; `done` settles with the end. Call once, after the caller announced the run. */
  start(): Promise<RunEnd> {
    this.done = (async () => {
      try {
        await (this.prompts.length ? this.agent.prompt(this.prompts) : this.agent.continue());
      } catch (error) {
        // The agent settles model failures itself; a throw here is a bug in a listener or the agent.
        this.deps.log.error(`run ${this.id} failed`, error);
      }
      return this.finish();
    })();
    return this.done;
  }

  /** Stopped by the person: later input is refused and nothing queued is sent. */
  get stopped(): boolean {
    return this.userStopped;
  }

  get awaitingApproval(): boolean {
    return this.approvals.size > 0;
  }

  /** Sends one event in order: pending text first (unless this is text), then this. */
  emit(event: SessionEvent): void {
    if (event.type !== 'delta') this.coalescer.flush();
    this.deps.emit(event);
  }

  /** The person's Stop: queued input is taken back (it returns with the end), then the model is stopped. */
  stop(): void {
    this.userStopped = true;
    const queued = this.queued();
    if (queued.length) {
      this.agent.clearAllQueues();
      this.withdrawn.push(...queued);
      this.emit({ type: 'queue', queue: this.queueState() });
    }
    this.agent.abort();
  }

  /** The session is being deleted: pending text is dropped and the model stopped, nothing more is said. */
  cancel(): void {
    this.coalescer.cancel();
    this.agent.abort();
  }

  /** Queues input for the next steering point, or for when the model would otherwise stop. */
  enqueue(text: string, which: 'steering' | 'followUp'): QueueState {
    const message: UserMessage = { role: 'user', content: text, timestamp: Date.now() };
    if (which === 'steering') this.agent.steer(message);
    else this.agent.followUp(message);
    this.emit({ type: 'queue', queue: this.queueState() });
    return this.queueState();
  }

  clearQueue(which: 'steering' | 'followUp' | 'all'): QueueState {
    if (which !== 'followUp') this.agent.clearSteeringQueue();
    if (which !== 'steering') this.agent.clearFollowUpQueue();
    this.emit({ type: 'queue', queue: this.queueState() });
    return this.queueState();
  }

  /**
   * Takes one queued message out, the person having removed it (or taken it back to edit it). `text` must still be
   * what sits at `index`: the model may have taken that message meanwhile, and then nothing is removed.
   */
  removeQueued(which: 'steering' | 'followUp', index: number, text: string): { queue: QueueState; removed: boolean } {
    const queued = this.agent.queuedMessages()[which][index];
    const removed = queued !== undefined && messageText(queued) === text && this.agent.removeQueuedMessage(which, index) !== undefined;
    if (removed) this.emit({ type: 'queue', queue: this.queueState() });
    return { queue: this.queueState(), removed };
  }

  queueState(): QueueState {
    const { steering, followUp } = this.agent.queuedMessages();
    return { steering: steering.map((message) => messageText(message)), followUp: followUp.map((message) => messageText(message)) };
  }

  /** A tool call of this run asks the person; resolves with their answer, or `cancelled` once the run stops. */
  requestApproval(request: Parameters<ToolCallHooks['requestApproval']>[0], signal: AbortSignal): Promise<Decision> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve('cancelled');
      const settle = (decision: Decision) => {
        if (this.approvals.get(request.toolCallId) !== settle) return;
        this.approvals.delete(request.toolCallId);
        signal.removeEventListener('abort', cancel);
        this.deps.approvalsChanged();
        resolve(decision);
      };
      const cancel = () => settle('cancelled');
      this.approvals.set(request.toolCallId, settle);
      signal.addEventListener('abort', cancel, { once: true });
      this.deps.approvalsChanged();
    });
  }

  /** The person's answer to a waiting tool call; false when nothing waits under that id (any more). */
  answerApproval(toolCallId: string, decision: ApprovalDecision): boolean {
    const settle = this.approvals.get(toolCallId);
    settle?.(decision);
    return settle !== undefined;
  }

  toolStatus(state: ToolCallState): void {
    this.toolStates.set(state.toolCallId, state);
    this.emit({ type: 'tool', state });
  }

  /** The run so far, consistent with the events sent: pending text is sent first, so later deltas continue here. */
  snapshot(): Omit<ActiveRunSnapshot, 'seq'> {
    this.coalescer.flush();
    const state = this.agent.state;
    const messages: Message[] = state.messages.slice(this.base);
    const streaming = state.streamingMessage;
    if (streaming && !messages.includes(streaming)) messages.push(structuredClone(streaming));
    return {
      runId: this.id,
      messages,
      queue: this.queueState(),
      ...(this.toolStates.size && { tools: [...this.toolStates.values()] }),
    };
  }

  /** Agent events → session events. Text and reasoning go through the coalescer; the cumulative message never leaves. */
  private onAgentEvent(event: AgentEvent): void {
    if (this.deps.isDeleted()) return;
    switch (event.type) {
      case 'agent_end':
        if (event.requestLimitReached) this.limitReached = true;
        break;
      case 'turn_start':
        this.timing.turnStarted();
        break;
      case 'message_start': {
        const message = event.message;
        if (message.role === 'assistant') {
          this.emit({ type: 'message_start', message: { ...message, content: [] } });
        } else {
          this.emit({ type: 'message_start', message });
          // Input the agent just took from a queue: the queue the window shows is shorter now.
          if (message.role === 'user' && !this.prompts.includes(message)) this.emit({ type: 'queue', queue: this.queueState() });
        }
        break;
      }
      case 'message_update': {
        const update = event.assistantMessageEvent;
        this.timing.increment();
        if (update.type === 'text_delta') this.coalescer.push('text', update.delta);
        else if (update.type === 'thinking_delta') this.coalescer.push('thinking', update.delta);
        break;
      }
      case 'message_end': {
        const message = event.message;
        if (message.role !== 'assistant') break;
        // Stopped before the provider's usage chunk: the counts are estimated, so a stopped answer shows them too.
        if (message.stopReason === 'aborted') message.usage = stoppedUsage(this.lastContext, message);
        this.timing.finish(message);
        const citations = this.deps.citations?.(messageText(message));
        if (citations) message.citations = citations;
        this.emit({
          type: 'assistant_end',
          stopReason: message.stopReason,
          usage: message.usage,
          ...(message.timing && { timing: message.timing }),
          ...(message.errorMessage !== undefined ? { errorMessage: message.errorMessage } : {}),
          ...(message.errorCode !== undefined ? { errorCode: message.errorCode } : {}),
          ...(message.refusal ? { refusal: true as const } : {}),
          toolCalls: message.content.filter((part) => part.type === 'toolCall'),
          ...(citations && { citations }),
        });
        break;
      }
      default:
        break;
    }
  }

  /** Applies the commit rule, writes through `commit`, and says how the run ended. */
  private async finish(): Promise<RunEnd> {
    this.coalescer.flush();
    const produced = this.agent.state.messages.slice(this.base);
    // A run ended by its request limit is kept like a stopped one: what was shown is committed, nothing queued is sent.
    const outcome = decideOutcome(produced, this.userStopped || this.limitReached);
    const strings = this.deps.strings();
    let failure: { code: ErrorEventCode; message: string } | undefined;
    let staleOnDisk = false;
    if (outcome.commit) {
      try {
        await this.deps.commit(outcome);
      } catch (error) {
        if (!this.deps.isDeleted()) this.deps.log.error(`run ${this.id} could not be saved`, error);
        failure = { code: 'storage', message: saveFailureText(error, strings) };
        // The file holds something else than we thought: the next open reads it again.
        staleOnDisk = error instanceof StoreError && error.kind === 'changed';
      }
    } else {
      failure = { code: outcome.code, message: failureText(outcome, strings) };
    }
    // Nothing more is said about a deleted session; if the delete fails after all, it reports the end itself.
    if (this.deps.isDeleted()) return { kind: 'deleted' };
    // Input queued after the agent's last drain point (even during the write above) was not taken by this run.
    const leftovers = [...this.withdrawn, ...this.queued()];
    this.agent.clearAllQueues();
    if (leftovers.length) this.emit({ type: 'queue', queue: this.queueState() });
    if (this.limitReached)
      this.emit({ type: 'notice', code: 'request_limit', message: strings.requestLimit(this.agent.maxRequests ?? Infinity) });
    // A Stop at any moment, the commit's write included, ends the run here: nothing queued is sent after it.
    const handBack = (outcome.commit && outcome.stopped) || this.userStopped;
    if (!failure) return { kind: 'committed', stopped: outcome.commit && outcome.stopped, leftovers, handBack };
    const taken = produced.filter((message): message is UserMessage => message.role === 'user' && !this.prompts.includes(message));
    return {
      kind: 'failed',
      ...failure,
      unsent: [...this.prompts, ...taken, ...leftovers],
      showedNothing: !produced.some((message) => message.role === 'assistant' && hasContent(message)),
      staleOnDisk,
    };
  }

  /** Everything still queued, steering first: only this run ever queues, and only user messages. */
  private queued(): UserMessage[] {
    const { steering, followUp } = this.agent.queuedMessages();
    return [...steering, ...followUp].filter((message): message is UserMessage => message.role === 'user');
  }
}
