// Which tools one request offers the model, pure: of each server (in the order Settings lists them) the tools it can
// be called with (tool-traits.ts) that the person has not turned off, then no more than MAX_TOOLS_PER_REQUEST in all
// (OpenAI refuses more than 128; a server with thousands would also send megabytes with every request). The tools past
// the cap are left out of the request, first servers first, and counted so the log can say so.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { MAX_TOOLS_PER_REQUEST } from '../../shared/mcp.js';
import { offered } from './tool-traits.js';

export interface ServerTools {
  name: string;
  tools: readonly Tool[];
  /** Tool names the person turned off. */
  disabledTools: readonly string[];
}

export interface ToolSelection {
  servers: Array<{ name: string; tools: Tool[] }>;
  /** Tools that were on but did not fit under the cap. */
  leftOut: number;
}

export function selectTools(servers: readonly ServerTools[], max: number = MAX_TOOLS_PER_REQUEST): ToolSelection {
  let room = max;
  let leftOut = 0;
  const chosen: ToolSelection['servers'] = [];
  for (const server of servers) {
    const off = new Set(server.disabledTools);
    const on = server.tools.filter((tool) => offered(tool) && !off.has(tool.name));
    const kept = on.slice(0, Math.max(0, room));
    room -= kept.length;
    leftOut += on.length - kept.length;
    chosen.push({ name: server.name, tools: kept });
  }
  return { servers: chosen, leftOut };
}
