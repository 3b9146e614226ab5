// What MCP says to people comes in their language: a refused change in Settings, a server's error state.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, it, expect } from 'vitest';
import { McpService } from '../../src/main/mcp/mcp-service.js';
import { MCP_STRINGS } from '../../src/main/mcp/strings.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

let mcp: McpService | undefined;
afterEach(async () => {
  await mcp?.dispose();
});

it('a refused change and a server’s error state are in the person’s language', async () => {
  mcp = await McpService.open({
    dataDir: mkdtempSync(join(tmpdir(), 'mcp-words-')),
    secrets: testSecretBox,
    strings: () => MCP_STRINGS['zh-CN'],
  });
  await expect(mcp.saveServer({ name: 'a b', transport: 'stdio', command: 'x', enabled: true })).rejects.toThrow(
    '服务器名称只能使用字母、数字、“-”和“_”（最多 32 个字符）。',
  );
  await expect(mcp.importConfig('{"mcpServers": {"a": {"args": []}}}')).rejects.toThrow('服务器“a”需要“command”或“url”。');
  await mcp.importConfig('{"missing": {"command": "/nonexistent/mcp-server-binary"}}');
  await mcp.toolsFor(undefined, { requestApproval: async () => 'once', onStatus: () => undefined });
  expect((await mcp.view()).servers[0]!.state).toMatchObject({ status: 'error', message: '找不到命令：/nonexistent/mcp-server-binary' });
});
