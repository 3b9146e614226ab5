// Which tools of a server are on, and the cap on tools per request, against the real fixture server: a server of
// 3,000 tools sends 128 with a request (not all 3,000, a megabyte each time); tools turned off in Settings are not
// offered, are kept in mcp.json as Roo Code's `disabledTools`, and stay off after a restart. A server saved in
// Settings starts then and there and lists its tools, with no chat needing it.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toolsOn } from '../../src/shared/mcp.js';
import { McpService } from '../../src/main/mcp/mcp-service.js';
import { buildChatRequest } from '../../src/main/llm/request.js';
import type { AgentTool } from '../../src/main/agent/types.js';
import { toLlmToolSpec } from '../../src/main/agent/index.js';
import { fixtureServerEntry } from '../fixtures/mcp-fixture-config.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

const open: McpService[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((service) => service.dispose()));
});

async function service(dataDir = mkdtempSync(join(tmpdir(), 'mcp-choice-'))) {
  const mcp = await McpService.open({ dataDir, secrets: testSecretBox, timeouts: { startMs: 60_000 } });
  open.push(mcp);
  return { mcp, dataDir };
}
const noHooks = { requestApproval: async () => 'once' as const, onStatus: () => undefined };
/** The request body's size with these tools (what one request would carry). */
const requestBytes = (tools: AgentTool[]) =>
  JSON.stringify(
    buildChatRequest(
      { id: 'm', baseUrl: 'http://x' },
      { messages: [{ role: 'user', content: 'hi', timestamp: 1 }], tools: tools.map(toLlmToolSpec) },
    ),
  ).length;

describe('the tools of a request', () => {
  it('a server of 3,007 tools: a request carries the first 128 of them; Settings lists them all', async () => {
    const { mcp } = await service();
    await mcp.importConfig(JSON.stringify({ mcpServers: { many: fixtureServerEntry('many') } }));
    const tools = await mcp.toolsFor(undefined, noHooks);
    expect(tools).toHaveLength(128);
    // The fixture's 7 usual tools come first, then t0001…
    expect([tools[0]!.name, tools[7]!.name, tools.at(-1)!.name]).toEqual(['many__add', 'many__t0001', 'many__t0121']);
    const server = (await mcp.view()).servers[0]!;
    expect(server.state).toMatchObject({ status: 'ready', toolCount: 3_007 });
    expect(toolsOn(server)).toHaveLength(3_007);
    // 128 tools: about 20 KB a request, where 3,000 made it about half a megabyte.
    expect(requestBytes(tools)).toBeLessThan(40_000);
  });

  it('tools turned off are not offered, are written as disabledTools, and stay off after a restart', async () => {
    const { mcp, dataDir } = await service();
    await mcp.importConfig(JSON.stringify({ mcpServers: { fixture: fixtureServerEntry() } }));
    await mcp.toolsFor(undefined, noHooks);
    let view = await mcp.setTools('fixture', ['big', 'invalid', 'fail'], false);
    view = await mcp.setTools('fixture', ['fail'], true);
    expect(view.servers[0]!.disabledTools).toEqual(['big', 'invalid']);
    const names = async (service: McpService) => (await service.toolsFor(undefined, noHooks)).map((t) => t.name);
    expect(await names(mcp)).toEqual(['fixture__add', 'fixture__slow_echo', 'fixture__fail', 'fixture__image', 'fixture__env_echo']);
    expect(JSON.parse(readFileSync(join(dataDir, 'mcp.json'), 'utf8')).mcpServers.fixture.disabledTools).toEqual(['big', 'invalid']);

    await mcp.dispose();
    const again = await service(dataDir);
    expect(await names(again.mcp)).not.toContain('fixture__big');
    await expect(again.mcp.setTools('nope', ['x'], false)).rejects.toThrow('No MCP server "nope".');
  });

  it('a server added in Settings starts on save and lists its tools, before any chat needs it', async () => {
    const { mcp } = await service();
    const entry = fixtureServerEntry();
    const saved = await mcp.saveServer({
      name: 'fixture',
      transport: 'stdio',
      command: entry.command,
      args: entry.args,
      cwd: entry.cwd,
      enabled: true,
    });
    expect(saved.servers[0]!.state.status).toBe('starting');
    await expect.poll(async () => (await mcp.view()).servers[0]!.state.status, { timeout: 30_000 }).toBe('ready');
    const state = (await mcp.view()).servers[0]!.state;
    expect(state.status === 'ready' && state.tools).toEqual(['add', 'slow_echo', 'fail', 'big', 'image', 'env_echo', 'invalid']);
    // One saved off does not start.
    const off = await mcp.saveServer({
      name: 'off',
      transport: 'stdio',
      command: entry.command,
      args: entry.args,
      cwd: entry.cwd,
      enabled: false,
    });
    expect(off.servers[1]!.state.status).toBe('stopped');
  });
});
