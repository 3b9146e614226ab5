// McpService against the real fixture server (test/fixtures/mcp-server.ts) over stdio, in a temp data folder.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalDecision, ToolCallState } from '../../src/shared/mcp.js';
import type { AgentTool } from '../../src/main/agent/types.js';
import { McpService } from '../../src/main/mcp/mcp-service.js';
import { DECLINED_TEXT } from '../../src/main/mcp/approvals.js';
import { fixtureServerEntry, processAlive } from '../fixtures/mcp-fixture-config.js';
import { BIG_RESULT_CHARS } from '../fixtures/mcp-server.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

const open: McpService[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((service) => service.dispose()));
});

async function service(dataDir = mkdtempSync(join(tmpdir(), 'mcp-')), timeouts = {}): Promise<{ mcp: McpService; dataDir: string }> {
  const mcp = await McpService.open({ dataDir, secrets: testSecretBox, timeouts });
  open.push(mcp);
  return { mcp, dataDir };
}

/** Hooks that answer every approval with `answer` and record what they were asked and told. */
function hooks(answer: ApprovalDecision | 'cancelled' | 'wait' = 'once') {
  const asked: string[] = [];
  const states: ToolCallState[] = [];
  return {
    asked,
    states,
    hooks: {
      requestApproval: async ({ tool }: { tool: string }, signal: AbortSignal) => {
        asked.push(tool);
        if (answer !== 'wait') return answer;
        return new Promise<'cancelled'>((resolve) => signal.addEventListener('abort', () => resolve('cancelled')));
      },
      onStatus: (state: ToolCallState) => states.push(state),
    },
  };
}

async function call(tools: AgentTool[], name: string, args: unknown = {}, signal = new AbortController().signal) {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name} in ${tools.map((t) => t.name).join(', ')}`);
  return tool.execute('call-1', args, signal, () => undefined);
}

const text = (result: { content: Array<{ type: string; text?: string }> }) => result.content.map((p) => p.text ?? '').join('');

describe('MCP servers (real stdio fixture)', () => {
  it('imports a config, keeps its secret encrypted on disk, offers namespaced tools and calls them after approval', async () => {
    const { mcp, dataDir } = await service();
    await mcp.importConfig(JSON.stringify({ mcpServers: { fixture: fixtureServerEntry('normal', { FIXTURE_TOKEN: 's3cret-token' }) } }));
    const file = readFileSync(join(dataDir, 'mcp.json'), 'utf8');
    expect(file).not.toContain('s3cret-token');
    expect(JSON.parse(file).mcpServers.fixture.env.FIXTURE_TOKEN).toMatch(/^enc:v1:/);
    // An imported server starts at once, so Settings shows whether it works and its tools.
    expect((await mcp.view()).servers[0]).toMatchObject({ name: 'fixture', envKeys: ['FIXTURE_TOKEN'], state: { status: 'starting' } });

    const h = hooks('once');
    const tools = await mcp.toolsFor(undefined, h.hooks);
    expect(tools.map((t) => t.name)).toEqual([
      'fixture__add',
      'fixture__slow_echo',
      'fixture__fail',
      'fixture__big',
      'fixture__image',
      'fixture__env_echo',
      'fixture__invalid',
    ]);
    expect(tools[0]!.parameters).toEqual({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    expect((await mcp.view()).servers[0]!.state).toMatchObject({ status: 'ready', toolCount: 7 });

    const result = await call(tools, 'fixture__add', { a: 2, b: 3 });
    expect(text(result)).toBe('5');
    expect(result.details).toMatchObject({ server: 'fixture', tool: 'add' });
    expect(h.asked).toEqual(['add']);
    expect(h.states.map((s) => s.status)).toEqual(['approval', 'running', 'done']);

    // The secret reaches the server's environment, decrypted, also after a relaunch.
    await mcp.dispose();
    const again = await service(dataDir);
    const relaunched = await again.mcp.toolsFor(['fixture'], hooks('once').hooks);
    expect(text(await call(relaunched, 'fixture__env_echo', { name: 'FIXTURE_TOKEN' }))).toBe('s3cret-token');
  });

  it('"Always allow" is remembered in mcp.json and can be revoked; "Deny" tells the model the user declined', async () => {
    const { mcp, dataDir } = await service();
    await mcp.importConfig(JSON.stringify({ mcpServers: { fixture: fixtureServerEntry() } }));
    const always = hooks('always');
    const tools = await mcp.toolsFor(undefined, always.hooks);
    await call(tools, 'fixture__add', { a: 1, b: 1 });
    await call(tools, 'fixture__add', { a: 1, b: 2 });
    expect(always.asked).toEqual(['add']);
    expect(JSON.parse(readFileSync(join(dataDir, 'mcp.json'), 'utf8')).mcpServers.fixture.alwaysAllow).toEqual(['add']);
    await mcp.revoke('fixture', 'add');
    expect((await mcp.view()).servers[0]!.alwaysAllow).toEqual([]);

    const deny = hooks('deny');
    const denied = await call(await mcp.toolsFor(undefined, deny.hooks), 'fixture__add', { a: 1, b: 1 });
    expect(text(denied)).toBe(DECLINED_TEXT);
    expect(denied.details).toMatchObject({ denied: true });
    expect(deny.states.map((s) => s.status)).toEqual(['approval', 'denied']);
  });

  it('a throwing tool, a 10 MB result and invalid result content each end the call clearly; the server keeps serving', async () => {
    const { mcp } = await service();
    await mcp.importConfig(JSON.stringify({ mcpServers: { fixture: fixtureServerEntry() } }));
    await mcp.setOptions({ startAtLaunch: false });
    const tools = await mcp.toolsFor(undefined, hooks('once').hooks);
    await expect(call(tools, 'fixture__fail')).rejects.toThrow('fixture tool failed on purpose');
    const big = await call(tools, 'fixture__big');
    expect(big.details).toMatchObject({ originalChars: BIG_RESULT_CHARS });
    expect(text(big).length).toBeLessThan(101_000);
    await expect(call(tools, 'fixture__invalid')).rejects.toThrow(/Invalid tools\/call result/);
    const image = await call(tools, 'fixture__image');
    expect(image.content.map((p) => p.type)).toEqual(['text', 'image']);
    expect(text(await call(tools, 'fixture__add', { a: 20, b: 22 }))).toBe('42');
  });

  it('a command that does not exist, a server that exits at start and one that never answers initialize become errors', async () => {
    const { mcp } = await service();
    await mcp.importConfig(
      JSON.stringify({
        mcpServers: {
          missing: { command: '/nonexistent/mcp-server-binary' },
          exits: fixtureServerEntry('exit'),
          fixture: fixtureServerEntry(),
        },
      }),
    );
    const tools = await mcp.toolsFor(undefined, hooks().hooks);
    expect(tools.every((t) => t.name.startsWith('fixture__'))).toBe(true);
    const states = Object.fromEntries((await mcp.view()).servers.map((s) => [s.name, s.state]));
    expect(states.missing).toMatchObject({ status: 'error', message: 'Command not found: /nonexistent/mcp-server-binary' });
    expect(states.exits).toMatchObject({
      status: 'error',
      message: 'The server exited during start.',
      stderr: ['fixture: configuration missing, exiting'],
    });
    expect(states.fixture).toMatchObject({ status: 'ready' });
    expect(mcp.childPids()).toHaveLength(1);

    const slow = await service(undefined, { startMs: 3_000 });
    await slow.mcp.importConfig(JSON.stringify({ mcpServers: { silent: fixtureServerEntry('silent') } }));
    expect(await slow.mcp.toolsFor(undefined, hooks().hooks)).toEqual([]);
    expect((await slow.mcp.view()).servers[0]!.state).toMatchObject({ status: 'error', message: 'The server did not answer within 3 s.' });
    expect(slow.mcp.childPids()).toEqual([]);
  });

  it('Stop cancels a running call and a pending approval; a server killed mid-call fails the call and can be restarted', async () => {
    const { mcp } = await service();
    await mcp.importConfig(JSON.stringify({ mcpServers: { fixture: fixtureServerEntry() } }));
    const tools = await mcp.toolsFor(undefined, hooks('once').hooks);

    const stop = new AbortController();
    const slow = call(tools, 'fixture__slow_echo', { text: 'hi', ms: 30_000 }, stop.signal);
    setTimeout(() => stop.abort(), 300);
    await expect(slow).rejects.toThrow('Operation aborted');

    const waiting = hooks('wait');
    const pending = new AbortController();
    const asking = call(await mcp.toolsFor(undefined, waiting.hooks), 'fixture__add', { a: 1, b: 1 }, pending.signal);
    await expect.poll(() => waiting.asked).toEqual(['add']);
    pending.abort();
    await expect(asking).rejects.toThrow('Operation aborted');
    expect(waiting.states.map((s) => s.status)).toEqual(['approval', 'failed']);

    const [pid] = mcp.childPids();
    const killed = call(tools, 'fixture__slow_echo', { text: 'hi', ms: 30_000 });
    setTimeout(() => process.kill(pid!, 'SIGKILL'), 300);
    await expect(killed).rejects.toThrow(/MCP server "fixture" failed: The server stopped/);
    expect((await mcp.view()).servers[0]!.state).toMatchObject({ status: 'error' });
    await mcp.restartServer('fixture');
    expect((await mcp.view()).servers[0]!.state).toMatchObject({ status: 'ready' });
    expect(text(await call(tools, 'fixture__add', { a: 1, b: 2 }))).toBe('3');
  });

  it('no child process outlives dispose()', async () => {
    const { mcp } = await service();
    await mcp.importConfig(JSON.stringify({ mcpServers: { one: fixtureServerEntry(), two: fixtureServerEntry() } }));
    await mcp.toolsFor(undefined, hooks().hooks);
    const pids = mcp.childPids();
    expect(pids).toHaveLength(2);
    expect(pids.every(processAlive)).toBe(true);
    await mcp.dispose();
    expect(pids.filter(processAlive)).toEqual([]);
  });

  it('an mcp.json that is not valid JSON is shown and left untouched; fixing it by hand is picked up', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcp-'));
    writeFileSync(join(dataDir, 'mcp.json'), '{ "mcpServers": { broken');
    const { mcp } = await service(dataDir);
    expect((await mcp.view()).configError).toMatch(/not valid JSON/);
    await expect(mcp.importConfig(JSON.stringify({ mcpServers: { fixture: fixtureServerEntry() } }))).rejects.toThrow(/left as it is/);
    expect(readFileSync(join(dataDir, 'mcp.json'), 'utf8')).toBe('{ "mcpServers": { broken');
    writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: { fixture: fixtureServerEntry() } }));
    const view = await mcp.view();
    expect(view.configError).toBeUndefined();
    expect(view.servers.map((s) => s.name)).toEqual(['fixture']);
  });
});

describe('start at launch', () => {
  it('starts enabled servers when the app starts, not the disabled ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcp-'));
    writeFileSync(
      join(dataDir, 'mcp.json'),
      JSON.stringify({
        mcpServers: { on: fixtureServerEntry(), off: { ...fixtureServerEntry(), disabled: true } },
        tinyAgent: { startAtLaunch: true },
      }),
    );
    const { mcp } = await service(dataDir);
    await expect
      .poll(async () => (await mcp.view()).servers.map((s) => [s.name, s.state.status]), { timeout: 30_000 })
      .toEqual([
        ['on', 'ready'],
        ['off', 'stopped'],
      ]);
  });
});
