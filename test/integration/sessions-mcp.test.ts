// Chats with MCP tools, end to end in main: the session service, the real fake model server scripted to call tools,
// and the real fixture MCP server over stdio. Approval, deny, Stop, steering, bad arguments, the chat's servers.
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import { DECLINED_TEXT } from '../../src/main/mcp/approvals.js';
import { McpService } from '../../src/main/mcp/mcp-service.js';
import { fixtureServerEntry } from '../fixtures/mcp-fixture-config.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';
import { fileLines, startHarness, type Harness } from '../unit/sessions/service-harness.js';

let mcp: McpService;
let h: Harness;
beforeAll(async () => {
  mcp = await McpService.open({ dataDir: mkdtempSync(join(tmpdir(), 'mcp-chat-')), secrets: testSecretBox });
  await mcp.importConfig(JSON.stringify({ mcpServers: { fixture: fixtureServerEntry() } }));
});
afterAll(async () => {
  await mcp.dispose();
});
beforeEach(async () => {
  h = await startHarness({ tools: (servers, hooks) => mcp.toolsFor(servers, hooks) });
});
afterEach(async () => {
  await h.close();
});

const toolEvents = (events: SessionEventEnvelope[]) =>
  events.flatMap((e) => (e.event.type === 'tool' ? [`${e.event.state.tool}:${e.event.state.status}`] : []));

/** The `tool` messages (role, content) of a chat request body. */
const toolMessages = (body: { messages: Array<{ role: string; content: unknown }> }) =>
  body.messages.filter((m) => m.role === 'tool').map((m) => m.content);

async function waitForApproval(toolCallId: string) {
  return h.waitForEvent((e) => e.event.type === 'tool' && e.event.state.toolCallId === toolCallId && e.event.state.status === 'approval');
}

describe('a chat with MCP tools', () => {
  it('offers the tools, asks before running, sends the result back and stores the run; the snapshot and sidebar show the pending approval', async () => {
    const session = await h.service.create({});
    h.server.enqueue({ toolCalls: [{ id: 'call_add', name: 'fixture__add', arguments: '{"a":2,"b":3}' }] }, { text: 'The sum is 5.' });
    const { runId } = await h.service.send(session.id, 'add 2 and 3');
    await waitForApproval('call_add');

    expect(h.service.list()[0]).toMatchObject({ id: session.id, pendingApproval: true });
    const snapshot = (await h.service.get(session.id)).activeRun!;
    expect(snapshot.tools).toMatchObject([{ toolCallId: 'call_add', status: 'approval', server: 'fixture', tool: 'add' }]);

    expect(await h.service.approveTool(session.id, 'call_add', 'once')).toEqual({ resolved: true });
    const events = await h.runEnd(runId);
    expect(toolEvents(events)).toEqual(['add:approval', 'add:running', 'add:done']);
    const tools = h.server.chatRequests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name);
    expect(tools).toContain('fixture__add');
    expect(h.server.chatRequests[0]!.body.tools[0].function.parameters).toMatchObject({ type: 'object', required: ['a', 'b'] });
    expect(toolMessages(h.server.chatRequests[1]!.body)).toEqual(['5']);
    expect(h.service.list()[0]!.pendingApproval).toBeUndefined();

    const stored = (await fileLines(h.dir, session.id)).filter((l) => l.type === 'message').map((l) => l.message);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'assistant']);
    expect(stored[2]).toMatchObject({
      toolCallId: 'call_add',
      content: [{ type: 'text', text: '5' }],
      isError: false,
      details: { server: 'fixture', tool: 'add' },
    });
    expect(await h.service.approveTool(session.id, 'call_add', 'once')).toEqual({ resolved: false });
  });

  it('Deny sends the model a result saying the user declined, and the run goes on', async () => {
    const session = await h.service.create({});
    h.server.enqueue(
      { toolCalls: [{ id: 'call_d', name: 'fixture__add', arguments: '{"a":1,"b":1}' }] },
      { text: 'Understood, not adding.' },
    );
    const { runId } = await h.service.send(session.id, 'add');
    await waitForApproval('call_d');
    await h.service.approveTool(session.id, 'call_d', 'deny');
    const events = await h.runEnd(runId);
    expect(toolEvents(events)).toEqual(['add:approval', 'add:denied']);
    expect(toolMessages(h.server.chatRequests[1]!.body)).toEqual([DECLINED_TEXT]);
    expect(events.some((e) => e.event.type === 'saved')).toBe(true);
  });

  it('Stop cancels a running slow_echo and a pending approval: the run ends as stopped, nothing waits', async () => {
    const session = await h.service.create({});
    h.server.enqueue({
      toolCalls: [{ id: 'call_slow', name: 'fixture__slow_echo', arguments: '{"text":"hi","ms":30000}' }],
    });
    const { runId } = await h.service.send(session.id, 'echo slowly');
    await waitForApproval('call_slow');
    await h.service.approveTool(session.id, 'call_slow', 'once');
    await h.waitForEvent((e) => e.event.type === 'tool' && e.event.state.status === 'running');
    await h.service.abort(session.id);
    const events = await h.runEnd(runId);
    expect(toolEvents(events)).toEqual(['slow_echo:approval', 'slow_echo:running', 'slow_echo:failed']);
    expect(events.find((e) => e.event.type === 'saved')?.event).toMatchObject({ stopped: true });
    expect(h.server.chatRequests).toHaveLength(1);

    h.server.enqueue({ toolCalls: [{ id: 'call_wait', name: 'fixture__add', arguments: '{"a":1,"b":1}' }] });
    const second = await h.service.send(session.id, 'add');
    await waitForApproval('call_wait');
    await h.service.abort(session.id);
    const secondEvents = await h.runEnd(second.runId);
    expect(toolEvents(secondEvents)).toEqual(['add:approval', 'add:failed']);
    expect(h.service.list()[0]!.pendingApproval).toBeUndefined();
  });

  it('steering sent while slow_echo runs reaches the model right after that tool result', async () => {
    await mcp.allowAlways('fixture', 'slow_echo');
    const session = await h.service.create({});
    h.server.enqueue(
      { toolCalls: [{ id: 'call_s', name: 'fixture__slow_echo', arguments: '{"text":"done","ms":1500}' }] },
      { text: 'ok, in French then' },
    );
    const { runId } = await h.service.send(session.id, 'echo');
    await h.waitForEvent((e) => e.event.type === 'tool' && e.event.state.status === 'running');
    await h.service.steer(session.id, 'answer in French');
    await h.runEnd(runId);
    const roles = h.server.chatRequests[1]!.body.messages.map((m: { role: string; content: unknown }) => [
      m.role,
      typeof m.content === 'string' ? m.content : '',
    ]);
    expect(roles.slice(-3)).toEqual([
      ['assistant', ''],
      ['tool', 'done'],
      ['user', 'answer in French'],
    ]);
    await mcp.revoke('fixture', 'slow_echo');
  });

  it('arguments that are not JSON or miss the schema, and an unknown tool, give the model error results; no approval is asked', async () => {
    const session = await h.service.create({});
    h.server.enqueue(
      {
        toolCalls: [
          { id: 'c1', name: 'fixture__add', arguments: '{"a":1,' },
          { id: 'c2', name: 'fixture__add', arguments: '{"a":"one","b":2}' },
          { id: 'c3', name: 'fixture__nope', arguments: '{}' },
        ],
      },
      { text: 'Sorry, those failed.' },
    );
    const { runId } = await h.service.send(session.id, 'try');
    const events = await h.runEnd(runId);
    expect(toolEvents(events)).toEqual([]);
    const results = toolMessages(h.server.chatRequests[1]!.body) as string[];
    expect(results[0]).toMatch(/Validation failed for tool "fixture__add"/);
    expect(results[1]).toMatch(/Validation failed for tool "fixture__add"[\s\S]*expected number/);
    expect(results[2]).toBe('Tool fixture__nope not found');
  });

  it('a picture a tool returns reaches a model that takes images: the tool message notes it, a user message after it carries it as image_url', async () => {
    await h.close();
    h = await startHarness({ tools: (servers, hooks) => mcp.toolsFor(servers, hooks), model: { takesImages: true } });
    await mcp.allowAlways('fixture', 'image');
    const session = await h.service.create({});
    h.server.enqueue({ toolCalls: [{ id: 'call_img', name: 'fixture__image', arguments: '{}' }] }, { text: 'A tiny image.' });
    await h.runEnd((await h.service.send(session.id, 'show me the image')).runId);
    const stored = (await fileLines(h.dir, session.id)).filter((l) => l.type === 'message').map((l) => l.message);
    const png = stored[2].content[1];
    expect(png).toMatchObject({ type: 'image', mimeType: 'image/png', data: expect.stringMatching(/^iVBORw0KGgo/) });
    const messages = h.server.chatRequests[1]!.body.messages as Array<{ role: string; content: unknown; tool_call_id?: string }>;
    expect(messages.slice(-2)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_img',
        content: 'a 2x2 image\n[Picture 1 (image/png): sent in the user message after the tool results]',
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Picture returned by fixture__image (call call_img):' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${png.data}` } },
        ],
      },
    ]);
    await mcp.revoke('fixture', 'image');
  });

  it('a model that takes no images gets the note where the picture was, and no image part', async () => {
    await mcp.allowAlways('fixture', 'image');
    const session = await h.service.create({});
    h.server.enqueue({ toolCalls: [{ id: 'call_img', name: 'fixture__image', arguments: '{}' }] }, { text: 'No picture seen.' });
    await h.runEnd((await h.service.send(session.id, 'show me the image')).runId);
    const messages = h.server.chatRequests[1]!.body.messages as Array<{ role: string; content: unknown }>;
    expect(messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_img',
      content: 'a 2x2 image\n[Picture 1 (image/png): not shown, this model does not take images]',
    });
    expect(JSON.stringify(messages)).not.toContain('image_url');
    await mcp.revoke('fixture', 'image');
  });

  it('a chat chooses its servers with a meta line that survives a restart', async () => {
    const session = await h.service.create({});
    await h.service.setServers(session.id, []);
    const lines = await fileLines(h.dir, session.id);
    expect(lines.at(-1)).toMatchObject({ type: 'meta', mcpServers: [] });
    await h.restart();
    expect((await h.service.get(session.id)).mcpServers).toEqual([]);
    await h.runEnd((await h.service.send(session.id, 'hi')).runId);
    expect(h.server.chatRequests[0]!.body.tools).toBeUndefined();
    await h.service.setServers(session.id, null);
    expect((await h.service.get(session.id)).mcpServers).toBeUndefined();
  });
});
