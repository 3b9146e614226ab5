// One run of a session as an object: it owns its Agent, its queues, approvals and stop, and says how it ended.
export { SessionRun, type RunDeps, type RunEnd, type RunSpec } from './session-run.js';
