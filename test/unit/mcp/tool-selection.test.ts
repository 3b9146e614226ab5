// Which tools one request offers: the ones on, of each server in order, never more than 128 in all.
import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { selectTools } from '../../../src/main/mcp/tool-selection.js';
import { MAX_TOOLS_PER_REQUEST, toolsOn } from '../../../src/shared/mcp.js';

const tools = (prefix: string, n: number): Tool[] =>
  Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i + 1}`, inputSchema: { type: 'object' as const } }));
const names = (selection: ReturnType<typeof selectTools>) => selection.servers.map((s) => s.tools.map((t) => t.name));

describe('tools of a request', () => {
  it('leaves out the tools turned off and those that run only as tasks', () => {
    const task: Tool = { name: 'job', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } };
    const picked = selectTools([{ name: 'a', tools: [...tools('a', 3), task], disabledTools: ['a2'] }]);
    expect(names(picked)).toEqual([['a1', 'a3']]);
    expect(picked.leftOut).toBe(0);
  });

  it('carries at most 128: a server of 3,000 gives its first 128, a server after it none, and the rest are counted', () => {
    expect(MAX_TOOLS_PER_REQUEST).toBe(128);
    const picked = selectTools([
      { name: 'big', tools: tools('t', 3_000), disabledTools: [] },
      { name: 'small', tools: tools('s', 2), disabledTools: [] },
    ]);
    expect(picked.servers.map((s) => s.tools.length)).toEqual([128, 0]);
    expect(picked.servers[0]!.tools.at(-1)!.name).toBe('t128');
    expect(picked.leftOut).toBe(2_874);
  });

  it('two servers under the cap together are sent whole; over it, the second is cut where the cap is reached', () => {
    expect(
      names(
        selectTools(
          [
            { name: 'a', tools: tools('a', 2), disabledTools: [] },
            { name: 'b', tools: tools('b', 2), disabledTools: [] },
          ],
          3,
        ),
      ),
    ).toEqual([['a1', 'a2'], ['b1']]);
  });

  it('Settings counts the same tools as on: listed, offered and not turned off', () => {
    expect(
      toolsOn({ state: { status: 'ready', toolCount: 4, tools: ['a', 'b', 'c', 'job'], notOffered: ['job'] }, disabledTools: ['b'] }),
    ).toEqual(['a', 'c']);
    expect(toolsOn({ state: { status: 'idle' }, disabledTools: [] })).toEqual([]);
  });
});
