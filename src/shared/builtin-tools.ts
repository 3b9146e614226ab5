// Contracts of the built-in tools as Settings and the chat's tool picker see them: one row per definition (ready or
// with the reason it is not), each with its approval policy, and the server name their tool blocks carry.

/** `ask`: ask the first time in a chat, then (on "Always allow") remember it for that chat; `always`: never ask. */
export type BuiltinApprovalPolicy = 'ask' | 'always';

/** The `server` of a built-in tool's call state and result details (the MCP block shows it as the source). */
export const BUILTIN_SERVER = 'builtin';

/** One row of the built-in tools list (`builtin-tool`, data-tool = id). */
export interface BuiltinToolListing {
  id: string;
  ready: boolean;
  /** Why it is not ready, in the person's language; absent when ready. */
  reason?: string;
  policy: BuiltinApprovalPolicy;
}
