// Per-chat "always allow" answers for built-in tools, kept in the chat's settings lines (`builtinToolsAllowed`, the
// whole list each time, merged like every chat line) so they survive a restart; a memory copy answers without I/O.
import type { ChatApprovals } from './registry.js';

/** How the approvals reach a chat's settings lines: read the merged value, append a line with the new list. */
export interface ChatLines {
  allowedBuiltinTools(sessionId: string): readonly string[] | undefined;
  appendChatLine(sessionId: string, patch: { builtinToolsAllowed: string[] }): Promise<void>;
}

export class ChatLineApprovals implements ChatApprovals {
  private readonly held = new Map<string, readonly string[]>();

  constructor(private readonly lines: ChatLines) {}

  allowed(sessionId: string): readonly string[] {
    let list = this.held.get(sessionId);
    if (!list) {
      list = this.lines.allowedBuiltinTools(sessionId) ?? [];
      this.held.set(sessionId, list);
    }
    return list;
  }

  async allow(sessionId: string, tool: string): Promise<void> {
    const current = this.allowed(sessionId);
    if (current.includes(tool)) return;
    const next = [...current, tool];
    this.held.set(sessionId, next);
    await this.lines.appendChatLine(sessionId, { builtinToolsAllowed: next });
  }
}
