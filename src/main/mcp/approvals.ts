// When a tool call may run: the approvals policy, pure. A call asks first unless the person always allowed that
// tool of that server; their answer decides whether it runs and whether the answer is remembered.
import type { ApprovalDecision } from '../../shared/mcp.js';

/** `ask`: show Allow once / Always allow / Deny and wait; `run`: go ahead. */
export type ApprovalNeed = 'run' | 'ask';

/** What happens after the person answered (or the run was stopped while asking: `cancelled`). */
export interface ApprovalOutcome {
  run: boolean;
  /** Add the tool to the server's always-allowed list. */
  remember: boolean;
  /** The call ends without running: `denied` tells the model the person declined, `cancelled` that the run stopped. */
  ended?: 'denied' | 'cancelled';
}

/** The tool result the model gets when the person declined, so it can go on without it. */
export const DECLINED_TEXT = 'The user declined to run this tool. Do not retry it; continue without its result or ask the user.';

export function approvalNeed(alwaysAllow: readonly string[], tool: string): ApprovalNeed {
  return alwaysAllow.includes(tool) ? 'run' : 'ask';
}

export function approvalOutcome(decision: ApprovalDecision | 'cancelled'): ApprovalOutcome {
  switch (decision) {
    case 'once':
      return { run: true, remember: false };
    case 'always':
      return { run: true, remember: true };
    case 'deny':
      return { run: false, remember: false, ended: 'denied' };
    case 'cancelled':
      return { run: false, remember: false, ended: 'cancelled' };
  }
}
