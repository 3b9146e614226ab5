// The session layer: the SessionService facade (runs, commits, events) over SessionStore (crash-safe JSONL files + index).
export { createSessionService, SessionService, type SessionObserver, type SessionServiceOptions } from './session-service.js';
export { SessionStore, StoreError, type IndexEntry, type SessionLogger, type StoreErrorKind } from './store/index.js';
export { DEFAULT_SYSTEM_PROMPTS, SESSION_MESSAGES, type SessionMessages } from './session-messages.js';
export { DEFAULT_MAX_MESSAGES, selectContext, createContextPolicy, messageTokens, type ContextLimits } from './context-policy.js';
export { DeltaCoalescer, DEFAULT_COALESCE_MS, type CoalescerTimer, type DeltaBatch } from './event-coalescer.js';
export { autoName } from './session-naming.js';
export { decideOutcome, type RunOutcome } from './run-outcome.js';
