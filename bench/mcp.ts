// MCP costs: one tool round trip over stdio (the real fixture server, through the same adapter the chat uses)
// against calling the same function in process; and the IPC bytes a run with 25 tool calls sends the renderer.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SessionEventEnvelope } from '../src/shared/events.js';
import { McpService } from '../src/main/mcp/mcp-service.js';
import type { ToolCallHooks } from '../src/main/mcp/tool-adapter.js';
import { streamOpenAI } from '../src/main/llm/index.js';
import { SessionService } from '../src/main/sessions/session-service.js';
import { DEFAULT_SYSTEM_PROMPTS, SESSION_MESSAGES } from '../src/main/sessions/session-messages.js';
import { startFakeOpenAI } from '../test/fixtures/fake-openai.js';
import { fixtureServerEntry } from '../test/fixtures/mcp-fixture-config.js';
import { testSecretBox } from '../test/fixtures/test-secret-box.js';
import type { Reporter } from './report.js';

const CALLS = 300;
const RUN_TOOL_CALLS = 25;
const approveAll: ToolCallHooks = { requestApproval: async () => 'once', onStatus: () => undefined };

/** The fixture's `add`, as a plain in-process function with the same result shape. */
async function addInProcess({ a, b }: { a: number; b: number }) {
  return { content: [{ type: 'text' as const, text: String(a + b) }] };
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function run(report: Reporter): Promise<void> {
  const mcp = await McpService.open({ dataDir: mkdtempSync(join(tmpdir(), 'bench-mcp-')), secrets: testSecretBox });
  try {
    await mcp.importConfig(JSON.stringify({ mcpServers: { fixture: { ...fixtureServerEntry(), alwaysAllow: ['add'] } } }));
    const tools = await mcp.toolsFor(undefined, approveAll);
    const add = tools.find((tool) => tool.name === 'fixture__add')!;
    const signal = new AbortController().signal;

    const stdio: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await add.execute(`c${i}`, { a: i, b: 1 }, signal, () => undefined);
      stdio.push(performance.now() - started);
    }
    const local: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await addInProcess({ a: i, b: 1 });
      local.push(performance.now() - started);
    }
    const stdioMs = median(stdio.slice(20));
    const localMs = Math.max(median(local.slice(20)), 0.000_1);
    report.figure('mcp.roundtrip.stdio', stdioMs, 'ms (median)', { max: 25 });
    report.figure('mcp.roundtrip.in_process', localMs * 1000, 'µs (median)');
    report.figure('mcp.roundtrip.ratio', stdioMs / localMs, '× in-process');

    await ipcBytes(report, mcp);
  } finally {
    await mcp.dispose();
  }
}

/** One chat run in which the model calls `add` 25 times (one call per turn), then answers. */
async function ipcBytes(report: Reporter, mcp: McpService): Promise<void> {
  const server = await startFakeOpenAI();
  const envelopes: SessionEventEnvelope[] = [];
  const sessions = await SessionService.open({
    dataDir: mkdtempSync(join(tmpdir(), 'bench-mcp-sessions-')),
    emit: (envelope) => envelopes.push(envelope),
    resolveModel: () => ({ id: 'fake-model', baseUrl: server.url, apiKey: 'sk-bench' }),
    defaultSystemPrompt: () => DEFAULT_SYSTEM_PROMPTS.en,
    messages: () => SESSION_MESSAGES.en,
    log: { info: () => undefined, error: () => undefined },
    tools: (servers, hooks) => mcp.toolsFor(servers, hooks),
    streamFn: streamOpenAI,
  });
  try {
    for (let i = 0; i < RUN_TOOL_CALLS; i++)
      server.enqueue({ toolCalls: [{ id: `call_${i}`, name: 'fixture__add', arguments: `{"a":${i},"b":1}` }] });
    server.enqueue({ text: 'All 25 sums are done.' });
    const session = await sessions.create({});
    const { runId } = await sessions.send(session.id, 'add 25 times');
    while (!envelopes.some((e) => e.runId === runId && e.event.type === 'run_end')) await new Promise((resolve) => setTimeout(resolve, 20));
    const runEvents = envelopes.filter((e) => e.runId === runId);
    const bytes = runEvents.reduce((sum, e) => sum + Buffer.byteLength(JSON.stringify(e)), 0);
    const toolEvents = runEvents.filter((e) => e.event.type === 'tool').length;
    report.figure('mcp.ipc.run_25_tool_calls', bytes, 'bytes', { max: 50_000 });
    report.figure('mcp.ipc.per_tool_call', bytes / RUN_TOOL_CALLS, 'bytes', { max: 2_000 });
    report.figure('mcp.ipc.tool_state_events', toolEvents, 'events', { max: RUN_TOOL_CALLS * 2 });
  } finally {
    await sessions.dispose();
    await server.close();
  }
}
