// The agent core's public surface: the Agent, its types, and the helpers other layers build on.
export { Agent } from './agent.js';
export { failedAssistantMessage, runAgentLoop, toolCallsOf, type AgentLoopConfig, type AgentLoopInput } from './agent-loop.js';
export { EventStream } from './event-stream.js';
export { defaultConvertToLlm, prepareReplay } from './replay.js';
export { toLlmToolSpec, toolJsonSchema, validateToolArguments, type ArgumentCheck } from './tool-schema.js';
export type * from './types.js';
