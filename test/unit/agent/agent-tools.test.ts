// Tool batches: ordering in both modes, argument validation, failures, truncated calls, result linking.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent, type AgentEvent, type AgentTool, type ToolResultMessage } from '../../../src/main/agent/index.js';
import { call, done, flush, heldTool, instantTool, recordEvents, reply, scriptedModel, text, agentFor } from './scripted-stream.js';

const toolResults = (agent: Agent) => agent.state.messages.filter((m): m is ToolResultMessage => m.role === 'toolResult');

/** From the first tool event on: tool events as `type:id`, toolResult messages as `result:id`, turn boundaries. */
const toolTrace = (events: AgentEvent[]) =>
  events.slice(events.findIndex((e) => e.type === 'tool_execution_start')).flatMap((e) => {
    if (e.type.startsWith('tool_execution'))
      return [`${e.type.replace('tool_execution_', '')}:${(e as { toolCallId: string }).toolCallId}`];
    if (e.type === 'message_end' && e.message.role === 'toolResult') return [`result:${e.message.toolCallId}`];
    if (e.type === 'turn_end' || e.type === 'turn_start') return [e.type];
    return [];
  });

describe('sequential mode', () => {
  it('per call: start, updates, end, toolResult message; then turn_end and the next request (edge 10)', async () => {
    const reporter: AgentTool = {
      name: 'report',
      description: 'reports progress',
      parameters: { type: 'object', properties: {} },
      async execute(_id, _args, _signal, onUpdate) {
        onUpdate({ content: [{ type: 'text', text: '50%' }] });
        onUpdate({ content: [{ type: 'text', text: '90%' }] });
        return { content: [{ type: 'text', text: 'report ready' }], details: { pages: 3 } };
      },
    };
    const model = scriptedModel(reply(call('t1', 'look'), call('t2', 'report')), reply(text('summary')));
    const agent = agentFor(model, { tools: [instantTool('look'), reporter], toolExecution: 'sequential' });
    const log = recordEvents(agent);
    await agent.prompt('go');

    expect(toolTrace(log.events)).toEqual([
      'start:t1',
      'end:t1',
      'result:t1',
      'start:t2',
      'update:t2',
      'update:t2',
      'end:t2',
      'result:t2',
      'turn_end',
      'turn_start',
      'turn_end',
    ]);
    const updates = log.events.filter((e) => e.type === 'tool_execution_update');
    expect(updates.map((u) => u.type === 'tool_execution_update' && u.partialResult.content)).toEqual([
      [{ type: 'text', text: '50%' }],
      [{ type: 'text', text: '90%' }],
    ]);
    expect(toolResults(agent)[1]).toEqual({
      role: 'toolResult',
      toolCallId: 't2',
      toolName: 'report',
      content: [{ type: 'text', text: 'report ready' }],
      details: { pages: 3 },
      isError: false,
      timestamp: expect.any(Number),
    });
    expect(model.requests[1]?.transcript.slice(-3)).toEqual([
      'assistant:look#t1|report#t2',
      'toolResult:t1=look ok',
      'toolResult:t2=report ready',
    ]);
  });

  it('a call starts only after the previous one has finished', async () => {
    const held = heldTool('work');
    const agent = agentFor(scriptedModel(reply(call('t1', 'work'), call('t2', 'work')), reply(text('ok'))), {
      tools: [held.tool],
      toolExecution: 'sequential',
    });
    const running = agent.prompt('go');
    await held.started('t1');
    await flush(50);
    expect(held.runs.map((r) => r.id)).toEqual(['t1']);
    held.release('t1');
    await held.started('t2');
    held.release('t2');
    await running;
    expect(toolResults(agent).map((r) => r.toolCallId)).toEqual(['t1', 't2']);
  });
});

describe('parallel mode', () => {
  it('starts precede every execute; ends follow completion; results and turn_end follow source order (checklist 16, edge 11)', async () => {
    const trace: string[] = [];
    const held = heldTool('work');
    const traced: AgentTool = {
      ...held.tool,
      execute(id, args, signal, onUpdate) {
        trace.push(`execute:${id}`);
        return held.tool.execute(id, args, signal, onUpdate);
      },
    };
    const agent = agentFor(scriptedModel(reply(call('t1', 'work'), call('t2', 'work'), call('t3', 'work')), reply(text('ok'))), {
      tools: [traced],
    });
    const log = recordEvents(agent);
    agent.subscribe((event) => {
      if (event.type === 'tool_execution_start') trace.push(`start:${event.toolCallId}`);
    });
    const running = agent.prompt('go');
    await held.started('t3');
    expect(trace).toEqual(['start:t1', 'start:t2', 'start:t3', 'execute:t1', 'execute:t2', 'execute:t3']);
    held.release('t3');
    await flush(50);
    held.release('t1');
    await flush(50);
    held.release('t2');
    await running;

    expect(toolTrace(log.events).slice(0, 10)).toEqual([
      'start:t1',
      'start:t2',
      'start:t3',
      'end:t3',
      'end:t1',
      'end:t2',
      'result:t1',
      'result:t2',
      'result:t3',
      'turn_end',
    ]);
    const turnEnd = log.events.find((e) => e.type === 'turn_end');
    expect(turnEnd?.type === 'turn_end' && turnEnd.toolResults.map((r) => r.toolCallId)).toEqual(['t1', 't2', 't3']);
  });

  it('an immediate failure in preflight ends right away, before the others execute', async () => {
    const agent = agentFor(scriptedModel(reply(call('t1', 'look'), call('t2', 'nope')), reply(text('ok'))), {
      tools: [instantTool('look')],
    });
    const log = recordEvents(agent);
    await agent.prompt('go');
    expect(toolTrace(log.events).slice(0, 6)).toEqual(['start:t1', 'start:t2', 'end:t2', 'end:t1', 'result:t1', 'result:t2']);
  });
});

describe('tool outcomes', () => {
  it('an unknown tool gives the error result "Tool <name> not found" with start and end events (edge 13)', async () => {
    const look = instantTool('look');
    const model = scriptedModel(reply(call('c1', 'nope', { a: 1 })), reply(text('sorry')));
    const agent = agentFor(model, { tools: [look] });
    const log = recordEvents(agent);
    await agent.prompt('go');
    expect(toolTrace(log.events).slice(0, 3)).toEqual(['start:c1', 'end:c1', 'result:c1']);
    expect(log.events.find((e) => e.type === 'tool_execution_start')).toEqual({
      type: 'tool_execution_start',
      toolCallId: 'c1',
      toolName: 'nope',
      args: { a: 1 },
    });
    expect(toolResults(agent)).toEqual([
      {
        role: 'toolResult',
        toolCallId: 'c1',
        toolName: 'nope',
        content: [{ type: 'text', text: 'Tool nope not found' }],
        details: {},
        isError: true,
        timestamp: expect.any(Number),
      },
    ]);
    expect(look.calls).toHaveLength(0);
    expect(model.requests).toHaveLength(2);
  });

  it('arguments failing a zod schema give an error result with the validation message; execute is not called (edge 14)', async () => {
    const read = instantTool('read', () => 'contents', z.object({ path: z.string() }));
    const agent = agentFor(scriptedModel(reply(call('c1', 'read', { path: 3 })), reply(text('retry'))), { tools: [read] });
    await agent.prompt('go');
    const [result] = toolResults(agent);
    expect(result?.isError).toBe(true);
    const message = (result?.content[0] as { text: string }).text;
    expect(message).toBe(
      'Validation failed for tool "read":\n✖ Invalid input: expected string, received number\n  → at path\n\nReceived arguments:\n{\n  "path": 3\n}',
    );
    expect(read.calls).toHaveLength(0);
  });

  it('arguments failing a JSON schema are refused the same way', async () => {
    const schema = { type: 'object', properties: { count: { type: 'integer', minimum: 1 } }, required: ['count'] };
    const counter = instantTool('count', () => 'counted', schema);
    const agent = agentFor(scriptedModel(reply(call('c1', 'count', {})), reply(text('retry'))), { tools: [counter] });
    await agent.prompt('go');
    const text0 = (toolResults(agent)[0]?.content[0] as { text: string }).text;
    expect(
      text0.startsWith('Validation failed for tool "count":\n✖ Invalid input: expected number, received undefined\n  → at count'),
    ).toBe(true);
    expect(counter.calls).toHaveLength(0);
  });

  it('valid arguments reach execute as parsed by the schema (defaults applied)', async () => {
    const search = instantTool(
      'search',
      (args: { q: string; limit: number }) => `${args.q}/${args.limit}`,
      z.object({ q: z.string(), limit: z.number().default(10) }),
    );
    const agent = agentFor(scriptedModel(reply(call('c1', 'search', { q: 'cats' })), reply(text('ok'))), { tools: [search] });
    await agent.prompt('go');
    expect(search.calls).toEqual([{ q: 'cats', limit: 10 }]);
    expect(toolResults(agent)[0]?.content).toEqual([{ type: 'text', text: 'cats/10' }]);
  });

  it('declares tools to the model as JSON schema (zod converted, JSON schema as given)', async () => {
    const jsonSchema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    const model = scriptedModel(reply(text('ok')));
    const agent = agentFor(model, {
      tools: [instantTool('a', undefined, z.object({ path: z.string().describe('file path') })), instantTool('b', undefined, jsonSchema)],
    });
    await agent.prompt('go');
    expect(model.requests[0]?.context.tools).toEqual([
      {
        name: 'a',
        description: 'a (instant)',
        parameters: {
          type: 'object',
          properties: { path: { type: 'string', description: 'file path' } },
          required: ['path'],
          additionalProperties: false,
        },
      },
      { name: 'b', description: 'b (instant)', parameters: jsonSchema },
    ]);
  });

  it('a throwing tool gives content "boom", details {}, isError true, and the run goes on (edge 16)', async () => {
    const boom: AgentTool = {
      name: 'boom',
      description: 'fails',
      parameters: { type: 'object', properties: {} },
      async execute() {
        throw new Error('boom');
      },
    };
    const model = scriptedModel(reply(call('c1', 'boom')), reply(text('handled')));
    const agent = agentFor(model, { tools: [boom] });
    const log = recordEvents(agent);
    await agent.prompt('go');
    expect(toolResults(agent)[0]).toMatchObject({ content: [{ type: 'text', text: 'boom' }], details: {}, isError: true });
    const end = log.events.find((e) => e.type === 'tool_execution_end');
    expect(end).toMatchObject({ isError: true, result: { content: [{ type: 'text', text: 'boom' }], details: {} } });
    expect(model.requests).toHaveLength(2);
    expect(agent.state.messages.at(-1)).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'handled' }] });
  });

  it('onUpdate after execute settles produces no update after the end (edge 18)', async () => {
    let lateUpdate: ((r: { content: [] }) => void) | undefined;
    const leaky: AgentTool = {
      name: 'leaky',
      description: 'keeps its callback',
      parameters: { type: 'object', properties: {} },
      async execute(_id, _args, _signal, onUpdate) {
        onUpdate({ content: [] });
        lateUpdate = onUpdate;
        return { content: [{ type: 'text', text: 'done' }] };
      },
    };
    const agent = agentFor(scriptedModel(reply(call('c1', 'leaky')), reply(text('ok'))), { tools: [leaky] });
    const log = recordEvents(agent);
    agent.subscribe((event) => {
      if (event.type === 'tool_execution_end') lateUpdate?.({ content: [] });
    });
    await agent.prompt('go');
    lateUpdate?.({ content: [] });
    expect(toolTrace(log.events).slice(0, 4)).toEqual(['start:c1', 'update:c1', 'end:c1', 'result:c1']);
    expect(log.events.filter((e) => e.type === 'tool_execution_update')).toHaveLength(1);
  });

  it('a length-truncated response runs none of its tool calls; each gets the exact refusal; another request follows (edge 20)', async () => {
    const look = instantTool('look');
    const model = scriptedModel(reply(call('c1', 'look', { q: 'cut' }), call('c2', 'look'), done('length')), reply(text('retrying')));
    const agent = agentFor(model, { tools: [look] });
    const log = recordEvents(agent);
    await agent.prompt('go');
    expect(look.calls).toHaveLength(0);
    expect(toolTrace(log.events).slice(0, 6)).toEqual(['start:c1', 'end:c1', 'start:c2', 'end:c2', 'result:c1', 'result:c2']);
    expect(toolResults(agent).map((r) => [r.toolCallId, r.isError, r.content])).toEqual([
      [
        'c1',
        true,
        [
          {
            type: 'text',
            text: 'Tool call "look" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.',
          },
        ],
      ],
      [
        'c2',
        true,
        [
          {
            type: 'text',
            text: 'Tool call "look" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.',
          },
        ],
      ],
    ]);
    expect(model.requests).toHaveLength(2);
  });

  it('each result links to its call by toolCallId and copies toolName (edge 21)', async () => {
    const agent = agentFor(
      scriptedModel(
        reply(call('call_a', 'look', { n: 1 }), call('call_b', 'read', { n: 2 }), call('call_c', 'look', { n: 3 })),
        reply(text('ok')),
      ),
      { tools: [instantTool('look', (a: { n: number }) => `look ${a.n}`), instantTool('read', (a: { n: number }) => `read ${a.n}`)] },
    );
    await agent.prompt('go');
    const assistant = agent.state.messages.find((m) => m.role === 'assistant');
    const calls = assistant?.role === 'assistant' ? assistant.content.filter((p) => p.type === 'toolCall') : [];
    expect(toolResults(agent).map((r) => [r.toolCallId, r.toolName, r.content])).toEqual(
      calls.map((c) => [c.id, c.name, [{ type: 'text', text: `${c.name} ${(c.arguments as { n: number }).n}` }]]),
    );
  });
});

describe('request limit (maxRequests)', () => {
  it('a model that answers every request with tool calls gets exactly maxRequests requests, then the run ends', async () => {
    const looping = Array.from({ length: 10 }, (_, i) => reply(call(`c${i}`, 'missing'), done('toolUse')));
    const model = scriptedModel(...looping);
    const agent = agentFor(model, { maxRequests: 3 });
    const recorded = recordEvents(agent);
    await agent.prompt('go');
    expect(model.requests).toHaveLength(3);
    const end = recorded.events.at(-1)!;
    expect(end).toMatchObject({ type: 'agent_end', requestLimitReached: true });
    // The answered turns are all there: user, then three (assistant with a call, its error result) pairs.
    expect(agent.state.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'toolResult',
      'assistant',
      'toolResult',
      'assistant',
      'toolResult',
    ]);
    expect(recorded.types().filter((t) => t === 'turn_start')).toHaveLength(3);
    expect(recorded.types().filter((t) => t === 'turn_end')).toHaveLength(3);
  });

  it('at the limit, queued steering and follow-ups stay queued; the next run gets a fresh budget', async () => {
    const model = scriptedModel(reply(call('c1', 'missing'), done('toolUse')), reply(text('fresh'), done('stop')));
    const agent = agentFor(model, { maxRequests: 1 });
    const recorded = recordEvents(agent);
    agent.subscribe((event) => {
      if (event.type === 'turn_end') {
        agent.steer('steer me');
        agent.followUp('then this');
      }
    });
    await agent.prompt('go');
    expect(model.requests).toHaveLength(1);
    expect(recorded.events.at(-1)).toMatchObject({ type: 'agent_end', requestLimitReached: true });
    expect(agent.hasQueuedMessages()).toBe(true);
    expect(agent.peekQueuedMessages().map((m) => m.content)).toEqual(['steer me']);
    agent.clearAllQueues();
    await agent.prompt('again');
    expect(model.requests).toHaveLength(2);
    expect(agent.state.messages.at(-1)).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'fresh' }] });
  });

  it('without maxRequests a run is not limited, and a run that finishes under the limit does not say it was reached', async () => {
    const model = scriptedModel(reply(call('c1', 'missing'), done('toolUse')), reply(text('done'), done('stop')));
    const agent = agentFor(model, { maxRequests: 2 });
    const recorded = recordEvents(agent);
    await agent.prompt('go');
    expect(model.requests).toHaveLength(2);
    expect(recorded.events.at(-1)).toEqual({ type: 'agent_end', messages: expect.any(Array) });
  });
});
