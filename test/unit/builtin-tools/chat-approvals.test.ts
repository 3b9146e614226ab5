// Per-chat approvals: an "Always allow" in one chat is appended to that chat's settings lines as the whole list, read
// back after a restart, and never leaks into another chat.
import { describe, expect, it } from 'vitest';
import { ChatLineApprovals, type ChatLines } from '../../../src/main/builtin-tools/chat-approvals.js';

function fakeLines(): ChatLines & { appended: Array<[string, string[]]>; merged: Map<string, string[]> } {
  const merged = new Map<string, string[]>();
  const appended: Array<[string, string[]]> = [];
  return {
    merged,
    appended,
    allowedBuiltinTools: (id) => merged.get(id),
    appendChatLine: async (id, patch) => {
      appended.push([id, patch.builtinToolsAllowed]);
      merged.set(id, patch.builtinToolsAllowed);
    },
  };
}

describe('chat approvals', () => {
  it('remembers per chat, writes the whole list once per new tool, and reads it back', async () => {
    const lines = fakeLines();
    const approvals = new ChatLineApprovals(lines);
    await approvals.allow('a', 'web_search');
    await approvals.allow('a', 'web_search');
    await approvals.allow('a', 'fetch_page');
    expect(lines.appended).toEqual([
      ['a', ['web_search']],
      ['a', ['web_search', 'fetch_page']],
    ]);
    expect(approvals.allowed('b')).toEqual([]);
    const afterRestart = new ChatLineApprovals(lines);
    expect(afterRestart.allowed('a')).toEqual(['web_search', 'fetch_page']);
  });
});
