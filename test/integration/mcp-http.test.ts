// A Streamable HTTP MCP server (the SDK's own server transport on a local port): headers from the config (stored
// encrypted) reach it, its tools are offered and called; a wrong URL becomes a clear error state.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { McpService } from '../../src/main/mcp/mcp-service.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

let http: Server;
let url: string;
const seenAuth: string[] = [];

beforeAll(async () => {
  const mcp = new McpServer({ name: 'http-fixture', version: '1.0.0' });
  mcp.registerTool('shout', { description: 'Upper-cases text.', inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: 'text', text: text.toUpperCase() }],
  }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(transport);
  http = createServer((req, res) => {
    seenAuth.push(req.headers.authorization ?? '');
    if (req.headers.authorization !== 'Bearer http-secret') {
      res.writeHead(401).end();
      return;
    }
    void transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
});

it('connects over Streamable HTTP with the configured headers, kept encrypted in mcp.json', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-http-'));
  const service = await McpService.open({ dataDir, secrets: testSecretBox });
  try {
    await service.saveServer({ name: 'remote', transport: 'http', url, headers: { Authorization: 'Bearer http-secret' }, enabled: true });
    expect(readFileSync(join(dataDir, 'mcp.json'), 'utf8')).not.toContain('http-secret');
    const tools = await service.toolsFor(undefined, { requestApproval: async () => 'once', onStatus: () => undefined });
    expect(tools.map((t) => t.name)).toEqual(['remote__shout']);
    const result = await tools[0]!.execute('c1', { text: 'hi' }, new AbortController().signal, () => undefined);
    expect(result.content).toEqual([{ type: 'text', text: 'HI' }]);
    expect(seenAuth.every((auth) => auth === 'Bearer http-secret')).toBe(true);
    expect((await service.view()).servers[0]).toMatchObject({ headerKeys: ['Authorization'], state: { status: 'ready', toolCount: 1 } });

    await service.saveServer({
      previousName: 'remote',
      name: 'remote',
      transport: 'http',
      url,
      headers: { Authorization: 'Bearer wrong' },
      enabled: true,
    });
    await service.restartServer('remote');
    expect((await service.view()).servers[0]!.state).toMatchObject({ status: 'error' });
  } finally {
    await service.dispose();
  }
});
