// Public types of the agent core. The core knows nothing of Electron, sessions, files or IPC.
import type { z } from 'zod';
import type { AssistantMessage, ImagePart, Message, TextPart, ToolCallPart, ToolResultMessage } from '../../shared/messages.js';

export type {
  AssistantMessage,
  Message,
  ToolResultMessage,
  UserMessage,
  SystemMessage,
  TextPart,
  ThinkingPart,
  ToolCallPart,
  ImagePart,
  Usage,
  StopReason,
} from '../../shared/messages.js';

/** The model an agent talks to. `apiKey` never leaves main and is never logged. */
export interface AgentModel {
  id: string;
  /** Whoever composes the app names the provider (opaque here); stamped on each answer so it can be priced. */
  providerId?: string;
  baseUrl: string;
  apiKey?: string;
  contextWindow?: number;
  maxOutputTokens?: number;
  /** Whether the model takes image parts; absent = no (a tool's pictures then reach it as a text note only). */
  takesImages?: boolean;
  /** Sampling parameters of the chat; absent = the provider's default (not sent). */
  temperature?: number;
  topP?: number;
  /** Sent as `reasoning_effort` only when set. */
  reasoningEffort?: 'low' | 'medium' | 'high';
  /** Milliseconds without any response byte before the request fails as `timeout` (provider default 60 s). */
  requestTimeoutMs?: number;
  /** Milliseconds from request to the first streamed token before failing as `timeout` (provider default 60 s). */
  firstTokenTimeoutMs?: number;
}

/**
 * The increment protocol of one streamed assistant message. `contentIndex` addresses `partial.content`.
 * Exactly one terminal event (`done` or `error`) ends every stream.
 */
export type AssistantMessageEvent =
  | { type: 'start'; partial: AssistantMessage }
  | { type: 'text_start'; contentIndex: number; partial: AssistantMessage }
  | { type: 'text_delta'; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: 'text_end'; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: 'thinking_start'; contentIndex: number; partial: AssistantMessage }
  | { type: 'thinking_delta'; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: 'thinking_end'; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: 'toolcall_start'; contentIndex: number; partial: AssistantMessage }
  | { type: 'toolcall_delta'; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: 'toolcall_end'; contentIndex: number; toolCall: ToolCallPart; partial: AssistantMessage }
  | { type: 'done'; reason: 'stop' | 'length' | 'toolUse'; message: AssistantMessage }
  | { type: 'error'; reason: 'error' | 'aborted'; error: AssistantMessage };

/** An async-iterable stream of assistant events whose `result()` resolves to the final message. */
export interface AssistantMessageEventStream extends AsyncIterable<AssistantMessageEvent> {
  result(): Promise<AssistantMessage>;
}

/** A tool as the model sees it: name, description and JSON schema of its arguments. */
export interface LlmToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** What one request sends to the model: the transcript (system message first) and the declared tools. */
export interface LlmContext {
  messages: Message[];
  tools: LlmToolSpec[];
}

export interface StreamOptions {
  signal: AbortSignal;
}

/** Turns (model, context) into an assistant event stream. Must not throw: failures end the stream with an `error` event. */
export type StreamFn = (
  model: AgentModel,
  context: LlmContext,
  options: StreamOptions,
) => AssistantMessageEventStream | Promise<AssistantMessageEventStream>;

export interface AgentToolResult<TDetails = unknown> {
  content: Array<TextPart | ImagePart>;
  details?: TDetails;
}

/** Tool argument schema: a plain JSON schema object, or a zod schema (the validation library used for IPC). */
export type ToolParameters = Record<string, unknown> | z.ZodType;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one tool list holds tools of any argument type
export interface AgentTool<TArgs = any, TDetails = unknown> {
  name: string;
  description: string;
  parameters: ToolParameters;
  /** Throw to report failure; the message becomes an error tool result. */
  execute(
    toolCallId: string,
    args: TArgs,
    signal: AbortSignal,
    onUpdate: (partialResult: AgentToolResult<TDetails>) => void,
  ): Promise<AgentToolResult<TDetails>>;
}

export type QueueMode = 'one-at-a-time' | 'all';
export type ToolExecutionMode = 'parallel' | 'sequential';

/**
 * Every event of a run, in order. A run is `agent_start` … `agent_end`; a turn is one assistant response plus its tools.
 * `message_update` carries the cumulative partial (`message`) and the increment (`assistantMessageEvent`): count the delta.
 */
export type AgentEvent =
  | { type: 'agent_start' }
  /** `requestLimitReached`: the run ended because it used its `maxRequests` while the model still wanted to go on. */
  | { type: 'agent_end'; messages: Message[]; requestLimitReached?: true }
  | { type: 'turn_start' }
  | { type: 'turn_end'; message: AssistantMessage; toolResults: ToolResultMessage[] }
  | { type: 'message_start'; message: Message }
  | { type: 'message_update'; message: AssistantMessage; assistantMessageEvent: AssistantMessageEvent }
  | { type: 'message_end'; message: Message }
  | { type: 'tool_execution_start'; toolCallId: string; toolName: string; args: unknown }
  | { type: 'tool_execution_update'; toolCallId: string; toolName: string; args: unknown; partialResult: AgentToolResult }
  | { type: 'tool_execution_end'; toolCallId: string; toolName: string; result: AgentToolResult; isError: boolean };

/** Awaited in subscription order; its promise is part of the run's settlement. */
/** Receives every loop event in order; a returned promise is awaited before the loop moves on (a barrier). */
export type AgentEventSink = (event: AgentEvent) => void | Promise<void>;

export type AgentListener = (event: AgentEvent, signal: AbortSignal) => void | Promise<void>;

export interface AgentOptions {
  systemPrompt?: string;
  model: AgentModel;
  tools?: AgentTool[];
  /** Initial transcript, e.g. restored from disk. A leading system message here wins over `systemPrompt`. */
  messages?: Message[];
  /** The model. The core knows no provider: whoever composes the app chooses it (the session service does). */
  streamFn: StreamFn;
  /** What the model sees this request (trimming lives here). Must not throw; never changes `state.messages`. */
  transformContext?: (messages: Message[], signal: AbortSignal) => Message[] | Promise<Message[]>;
  /** Transcript → provider messages. Default keeps system, user, assistant and toolResult. */
  convertToLlm?: (messages: Message[]) => Message[] | Promise<Message[]>;
  steeringMode?: QueueMode;
  followUpMode?: QueueMode;
  toolExecution?: ToolExecutionMode;
  /** Most model requests per run (default: no limit); see `Agent.maxRequests`. */
  maxRequests?: number;
}

export interface AgentState {
  /** Starts with the system message. Assigning stores a copy. */
  messages: Message[];
  /** Derived from the last system message in `messages`. */
  readonly systemPrompt: string;
  model: AgentModel;
  /** Assigning stores a copy. */
  tools: AgentTool[];
  readonly isStreaming: boolean;
  /** The cumulative partial while a message streams. */
  readonly streamingMessage: Message | undefined;
  /** A new Set instance on every change. */
  readonly pendingToolCalls: ReadonlySet<string>;
  /** Cleared when a run starts; set when a turn ends in error. */
  readonly errorMessage: string | undefined;
}
