// The built-in tools registry: lists every definition (ready or with its reason) for Settings and the tool picker, and
// makes a chat's chosen tools for one run, each wrapped in the same approval, status and Stop handling as MCP tools
// (mcp/approvals.ts policy, mcp/tool-adapter.ts hooks): asked the first time in a chat, then remembered for that chat
// (persisted by the injected ChatApprovals), or never asked when its policy is `always`.
import { BUILTIN_SERVER, type BuiltinApprovalPolicy, type BuiltinToolListing } from '../../shared/builtin-tools.js';
import type { ToolCallState } from '../../shared/mcp.js';
import type { Locale } from '../../shared/settings.js';
import type { AgentTool, AgentToolResult } from '../agent/types.js';
import { approvalNeed, approvalOutcome, DECLINED_TEXT } from '../mcp/approvals.js';
import type { ToolCallHooks } from '../mcp/tool-adapter.js';
import type { BuiltinToolDefinition } from './types.js';

/** Per-chat "always allow" answers; the app keeps them in the chat's settings lines so they survive a restart. */
export interface ChatApprovals {
  allowed(sessionId: string): readonly string[];
  allow(sessionId: string, tool: string): Promise<void>;
}

/** The tool-wide policies the person set in Settings (absent = `ask`). */
export interface ApprovalPolicies {
  policy(tool: string): BuiltinApprovalPolicy;
}

/** Stored in a built-in tool result's details beside the tool's own: who ran it (as MCP details) and for how long. */
export interface BuiltinResultDetails {
  server: typeof BUILTIN_SERVER;
  tool: string;
  durationMs: number;
  denied?: boolean;
  [key: string]: unknown;
}

export class BuiltinToolRegistry {
  constructor(
    private readonly definitions: readonly BuiltinToolDefinition[],
    private readonly approvals: ChatApprovals,
    private readonly policies: ApprovalPolicies,
  ) {}

  ids(): string[] {
    return this.definitions.map((d) => d.id);
  }

  /** Every definition, in the list's order, ready or not. */
  list(language: Locale): BuiltinToolListing[] {
    return this.definitions.map((definition) => {
      const ready = definition.ready();
      const reason = ready ? undefined : definition.notReadyReason?.(language);
      return { id: definition.id, ready, ...(reason ? { reason } : {}), policy: this.policies.policy(definition.id) };
    });
  }

  /** The tools of one run: the chosen ids that are ready, wrapped with approval and status. */
  tools(chosen: readonly string[], context: { sessionId: string; language: Locale }, hooks: ToolCallHooks): AgentTool[] {
    return this.definitions
      .filter((d) => chosen.includes(d.id) && d.ready())
      .map((d) => this.wrap(d.create(context), context.sessionId, hooks));
  }

  private wrap(tool: AgentTool, sessionId: string, hooks: ToolCallHooks): AgentTool {
    return {
      ...tool,
      execute: async (toolCallId, args, signal, onUpdate): Promise<AgentToolResult<BuiltinResultDetails>> => {
        const startedAt = Date.now();
        const report = (status: ToolCallState['status'], endedAt?: number) =>
          hooks.onStatus({
            toolCallId,
            status,
            server: BUILTIN_SERVER,
            tool: tool.name,
            startedAt,
            ...(endedAt !== undefined && { endedAt }),
          });
        const details = (own: unknown, extra?: { denied: true }): BuiltinResultDetails => ({
          ...(own && typeof own === 'object' ? (own as Record<string, unknown>) : {}),
          server: BUILTIN_SERVER,
          tool: tool.name,
          durationMs: Date.now() - startedAt,
          ...extra,
        });
        const always = this.policies.policy(tool.name) === 'always';
        if (!always && approvalNeed(this.approvals.allowed(sessionId), tool.name) === 'ask') {
          report('approval');
          const outcome = approvalOutcome(await hooks.requestApproval({ toolCallId, server: BUILTIN_SERVER, tool: tool.name }, signal));
          if (outcome.ended === 'cancelled' || signal.aborted) {
            report('failed', Date.now());
            throw new Error('Operation aborted');
          }
          if (outcome.ended === 'denied') {
            report('denied', Date.now());
            return { content: [{ type: 'text', text: DECLINED_TEXT }], details: details(undefined, { denied: true }) };
          }
          if (outcome.remember) await this.approvals.allow(sessionId, tool.name).catch(() => undefined);
        }
        report('running');
        try {
          const result = await tool.execute(toolCallId, args, signal, onUpdate);
          report('done', Date.now());
          return { content: result.content, details: details(result.details) };
        } catch (error) {
          report('failed', Date.now());
          throw error;
        }
      },
    };
  }
}
