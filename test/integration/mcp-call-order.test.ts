// Calls of one answer to one server run one after another unless the tool is read-only; different servers overlap.
// The fixture server (mode `extra`) counts its calls in flight; `meet` ends only when its partners are in flight too.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AgentTool } from '../../src/main/agent/types.js';
import { McpService } from '../../src/main/mcp/mcp-service.js';
import { fixtureServerEntry } from '../fixtures/mcp-fixture-config.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

let mcp: McpService;
let tools: AgentTool[];
beforeAll(async () => {
  mcp = await McpService.open({ dataDir: mkdtempSync(join(tmpdir(), 'mcp-order-')), secrets: testSecretBox });
  await mcp.importConfig(JSON.stringify({ mcpServers: { one: fixtureServerEntry('extra'), two: fixtureServerEntry('extra') } }));
  tools = await mcp.toolsFor(undefined, { requestApproval: async () => 'once', onStatus: () => undefined });
});
afterAll(async () => {
  await mcp.dispose();
});

async function call(name: string, args: unknown = {}, signal = new AbortController().signal, offered = tools): Promise<string> {
  const result = await offered.find((t) => t.name === name)!.execute(`call-${Math.random()}`, args, signal, () => undefined);
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

const rendezvous = () => mkdtempSync(join(tmpdir(), 'mcp-meet-'));

it('two calls of a tool that may write, to the same server, never overlap', async () => {
  expect(await Promise.all([call('one__hold', { ms: 100 }), call('one__hold', { ms: 100 }), call('one__hold', { ms: 100 })])).toEqual([
    'done',
    'done',
    'done',
  ]);
  expect(await call('one__in_flight')).toBe('1');
});

it('read-only calls to the same server may overlap', async () => {
  const dir = rendezvous();
  expect(await Promise.all([call('one__meet_read', { dir, count: 2 }), call('one__meet_read', { dir, count: 2 })])).toEqual([
    'done',
    'done',
  ]);
  expect(await call('one__in_flight')).toBe('2');
});

it('calls to different servers may overlap', async () => {
  const dir = rendezvous();
  expect(await Promise.all([call('one__meet', { dir, count: 2 }), call('two__meet', { dir, count: 2 })])).toEqual(['done', 'done']);
});

it('a call stopped while it waits for its turn ends at once; the calls around it still run one at a time', async () => {
  const stop = new AbortController();
  // Stopped once the third call is queued: the second is queued by then too, behind the first.
  let running = 0;
  const queued = await mcp.toolsFor(['one'], {
    requestApproval: async () => 'once',
    onStatus: (state) => {
      if (state.status === 'running' && ++running === 3) stop.abort();
    },
  });
  const first = call('one__hold', { ms: 100 }, undefined, queued);
  const stopped = call('one__hold', { ms: 0 }, stop.signal, queued);
  const third = call('one__hold', { ms: 0 }, undefined, queued);
  await expect(stopped).rejects.toThrow('Operation aborted');
  expect(await Promise.all([first, third])).toEqual(['done', 'done']);
  expect(await call('one__in_flight')).toBe('1');
});
