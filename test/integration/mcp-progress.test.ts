// Progress of long tool calls, against the real fixture server over stdio: every call asks for progress (its _meta
// carries a progressToken), the reports reach the chat as `running` states with message and fraction, each report
// starts the call's timeout again, and a call that keeps reporting still ends at the most one call may take.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCallState } from '../../src/shared/mcp.js';
import { McpService } from '../../src/main/mcp/mcp-service.js';
import type { McpTimeouts } from '../../src/main/mcp/connection.js';
import { fixtureServerEntry } from '../fixtures/mcp-fixture-config.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

let mcp: McpService | undefined;
afterEach(async () => {
  await mcp?.dispose();
});

/** A clock on which every report comes a second after the last: none is thinned out (progress.test.ts tests that). */
const spacedClock = () => {
  let now = 0;
  return { now: () => (now += 1_000), later: () => () => undefined };
};

async function fixtureTools(timeouts: Partial<McpTimeouts> = {}) {
  mcp = await McpService.open({
    dataDir: mkdtempSync(join(tmpdir(), 'mcp-progress-')),
    secrets: testSecretBox,
    timeouts,
    progressClock: spacedClock(),
  });
  await mcp.importConfig(
    JSON.stringify({ mcpServers: { fixture: { ...fixtureServerEntry('extra'), alwaysAllow: ['progress', 'hold'] } } }),
  );
  const states: ToolCallState[] = [];
  const tools = await mcp.toolsFor(undefined, { requestApproval: async () => 'once', onStatus: (state) => states.push(state) });
  const call = (name: string, args: unknown) =>
    tools.find((t) => t.name === `fixture__${name}`)!.execute('c1', args, new AbortController().signal, () => undefined);
  return { states, call };
}

const text = (result: { content: Array<{ type: string; text?: string }> }) => result.content.map((p) => p.text ?? '').join('');

describe('a long tool call', () => {
  it('asks for progress, and each report reaches the chat as the running state with its message and fraction', async () => {
    const { states, call } = await fixtureTools();
    const result = await call('progress', { steps: 4, ms: 50 });
    expect(text(result)).toBe('with token');
    expect(states.map((s) => [s.status, s.progress?.message, s.progress && `${s.progress.progress}/${s.progress.total}`])).toEqual([
      ['running', undefined, undefined],
      ['running', 'Step 1 of 4', '1/4'],
      ['running', 'Step 2 of 4', '2/4'],
      ['running', 'Step 3 of 4', '3/4'],
      ['running', 'Step 4 of 4', '4/4'],
      ['done', undefined, undefined],
    ]);
  });

  it('progress starts the timeout again: 8 reports 250 ms apart pass a 1 s timeout; the same wait without reports does not', async () => {
    const { call } = await fixtureTools({ callMs: 1_000 });
    expect(text(await call('progress', { steps: 8, ms: 250 }))).toBe('with token');
    await expect(call('hold', { ms: 2_000 })).rejects.toThrow('The tool did not answer within 1 s and was stopped.');
  });

  it('a call that keeps reporting still ends at the most one call may take', async () => {
    const { call, states } = await fixtureTools({ callMs: 1_000, callMaxMs: 2_000 });
    await expect(call('progress', { steps: 40, ms: 200 })).rejects.toThrow(
      'The tool was still running after 2 s, the most one call may take, and was stopped.',
    );
    expect(states.at(-1)!.status).toBe('failed');
    expect(states.filter((s) => s.progress).at(-1)!.progress).toMatchObject({
      total: 40,
      message: expect.stringMatching(/^Step \d+ of 40$/),
    });
  });
});
