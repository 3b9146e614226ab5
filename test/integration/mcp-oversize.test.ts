// A tool result over the message cap fails its call at once with a clear error, not at the call's timeout, even
// when the server's stdout stays open (a wrapper such as npx holds it): the server is marked failed, and the next
// call starts it again. The cap is set to 1 MB here so the test does not allocate 64 MB.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { AgentTool } from '../../src/main/agent/types.js';
import { McpService } from '../../src/main/mcp/mcp-service.js';
import { MCP_STRINGS } from '../../src/main/mcp/strings.js';
import { fixtureServerEntry } from '../fixtures/mcp-fixture-config.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

const MB = 1024 * 1024;
let mcp: McpService | undefined;
let held: string | undefined;
afterEach(async () => {
  // The helpers holding the servers' stdout go first, so the servers' pipes close.
  if (held) rmSync(held, { force: true });
  await mcp?.dispose();
});

async function call(tools: AgentTool[], name: string, args: unknown): Promise<string> {
  const result = await tools.find((t) => t.name === name)!.execute(`call-${name}`, args, new AbortController().signal, () => undefined);
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

it.each([
  ['en', /^MCP server "fixture" failed: The tool result was too large \(over 1 MB\)\. The server was stopped/],
  ['zh-CN', /^MCP 服务器“fixture”出错：工具结果过大（超过 1 MB）。该服务器已停止/],
] as const)('a result over the cap fails at once (%s), marks the server failed, and the next call restarts it', async (locale, error) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-oversize-'));
  held = join(dataDir, 'stdout-held');
  writeFileSync(held, '');
  mcp = await McpService.open({
    dataDir,
    secrets: testSecretBox,
    maxMessageBytes: MB,
    // Long enough that a failure by timeout cannot pass for this one: its message says "timed out".
    timeouts: { callMs: 20_000 },
    strings: () => MCP_STRINGS[locale],
  });
  await mcp.importConfig(JSON.stringify({ mcpServers: { fixture: fixtureServerEntry('extra', { FIXTURE_STDOUT_HELD: held }) } }));
  const tools = await mcp.toolsFor(undefined, { requestApproval: async () => 'once', onStatus: () => undefined });
  const [first] = mcp.childPids();

  expect(await call(tools, 'fixture__sized', { chars: MB / 2 })).toContain('of 524,288 characters shown');
  await expect(call(tools, 'fixture__sized', { chars: 2 * MB })).rejects.toThrow(error);
  expect((await mcp.view()).servers[0]!.state).toMatchObject({ status: 'error', message: MCP_STRINGS[locale].resultTooLarge(1) });

  expect(await call(tools, 'fixture__add', { a: 1, b: 2 })).toBe('3');
  expect((await mcp.view()).servers[0]!.state).toMatchObject({ status: 'ready' });
  expect(mcp.childPids()).toHaveLength(1);
  expect(mcp.childPids()[0]).not.toBe(first);
});
