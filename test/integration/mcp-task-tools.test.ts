// A tool that runs only as an MCP task cannot be called plainly (the SDK refuses it before the server sees it), so
// a run is not offered it; Settings still lists it, marked as not offered.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { McpService } from '../../src/main/mcp/mcp-service.js';
import { fixtureServerEntry } from '../fixtures/mcp-fixture-config.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

let mcp: McpService | undefined;
afterEach(async () => {
  await mcp?.dispose();
});

it('a tool with execution.taskSupport "required" is not offered to a run, and Settings shows it as not offered', async () => {
  mcp = await McpService.open({ dataDir: mkdtempSync(join(tmpdir(), 'mcp-tasks-')), secrets: testSecretBox });
  await mcp.importConfig(JSON.stringify({ mcpServers: { fixture: fixtureServerEntry('extra') } }));
  const offered = (await mcp.toolsFor(undefined, { requestApproval: async () => 'once', onStatus: () => undefined })).map((t) => t.name);
  expect(offered).toContain('fixture__hold');
  expect(offered).not.toContain('fixture__long_job');
  const state = (await mcp.view()).servers[0]!.state;
  expect(state).toMatchObject({ status: 'ready', notOffered: ['long_job'] });
  expect(state.status === 'ready' && state.tools).toContain('long_job');
});
