// Failure and abort: a failed or stopped run still settles in the usual shape and the agent stays usable.
import { describe, expect, it } from 'vitest';
import { Agent, type AgentOptions, type AssistantMessage } from '../../../src/main/agent/index.js';
import {
  MODEL,
  call,
  fail,
  gate,
  heldTool,
  nextEvent,
  recordEvents,
  reply,
  scriptedModel,
  text,
  wait,
  agentFor,
} from './scripted-stream.js';

const FAILURE_SHAPE = [
  'agent_start',
  'turn_start',
  'message_start:user',
  'message_end:user',
  'message_start:assistant',
  'message_end:assistant',
  'turn_end',
  'agent_end',
];

const lastAssistant = (agent: Agent) => agent.state.messages.at(-1) as AssistantMessage;

describe('model errors', () => {
  it('an error mid-stream keeps the partial, sets errorMessage, resolves prompt(); the next request skips it (checklist 14, edge 26)', async () => {
    const hold = gate();
    const model = scriptedModel(reply(text('par'), wait(hold), fail('Server exploded')), reply(text('recovered')));
    const agent = agentFor(model);
    const log = recordEvents(agent);
    const streaming = nextEvent(agent, (e) => e.type === 'message_update');
    const running = agent.prompt('first');
    await streaming;
    agent.steer('queued steer');
    agent.followUp('queued follow-up');
    hold.open();
    await running;

    expect(lastAssistant(agent)).toMatchObject({
      content: [{ type: 'text', text: 'par' }],
      stopReason: 'error',
      errorMessage: 'Server exploded',
    });
    expect(agent.state.errorMessage).toBe('Server exploded');
    expect(log.types().slice(-3)).toEqual(['message_end:assistant', 'turn_end', 'agent_end']);
    const turnEnd = log.events.at(-2);
    expect(turnEnd?.type === 'turn_end' && turnEnd.toolResults).toEqual([]);
    expect(agent.peekQueuedMessages().map((m) => m.content)).toEqual(['queued steer']);
    expect(model.requests).toHaveLength(1);

    agent.clearAllQueues();
    await agent.prompt('second');
    expect(model.requests[1]?.transcript).toEqual(['system:sys', 'user:first', 'user:second']);
    expect(agent.state.errorMessage).toBeUndefined();
    expect(agent.state.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
  });

  it('tool calls inside an errored message are not run', async () => {
    const tool = heldTool('work');
    const agent = agentFor(scriptedModel(reply(call('c1', 'work'), fail('cut off'))), { tools: [tool.tool] });
    const log = recordEvents(agent);
    await agent.prompt('go');
    expect(tool.runs).toHaveLength(0);
    expect(log.types()).not.toContain('tool_execution_start');
  });

  it.each([
    ['throws synchronously', { kind: 'throw', message: 'boom' } as const],
    ['rejects', { kind: 'reject', message: 'boom' } as const],
  ])('a stream function that %s gives the 8-event failure shape with an empty message (edge 27)', async (_, failing) => {
    const model = scriptedModel(failing, reply(text('fine')));
    const agent = agentFor(model);
    const log = recordEvents(agent);
    await expect(agent.prompt('hi')).resolves.toBeUndefined();
    expect(log.types()).toEqual(FAILURE_SHAPE);
    expect(lastAssistant(agent)).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: '' }],
      model: MODEL.id,
      usage: { input: 0, output: 0, reasoning: 0, cacheRead: 0, totalTokens: 0 },
      stopReason: 'error',
      errorMessage: 'boom',
      errorCode: 'unknown',
      timestamp: expect.any(Number),
    });
    expect(agent.state.errorMessage).toBe('boom');
    const end = log.events.at(-1);
    expect(end?.type === 'agent_end' && end.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(agent.state.isStreaming).toBe(false);
    await agent.prompt('again');
    expect(model.requests[1]?.transcript).toEqual(['system:sys', 'user:hi', 'user:again']);
  });

  it.each([
    ['transformContext', { transformContext: () => Promise.reject(new Error('trim failed')) }],
    [
      'convertToLlm',
      {
        convertToLlm: () => {
          throw new Error('trim failed');
        },
      },
    ],
  ] as const)('a throwing %s takes the same failure path', async (_, hook) => {
    const model = scriptedModel(reply(text('never')));
    const agent = agentFor(model, hook as Partial<AgentOptions>);
    const log = recordEvents(agent);
    await agent.prompt('hi');
    expect(log.types()).toEqual(FAILURE_SHAPE);
    expect(lastAssistant(agent)).toMatchObject({ stopReason: 'error', errorMessage: 'trim failed' });
    expect(model.requests).toHaveLength(0);
  });

  it('a throwing listener fails the run once, in the usual shape; the stream is never asked', async () => {
    const model = scriptedModel(reply(text('never')));
    const agent = agentFor(model);
    const log = recordEvents(agent);
    let thrown = false;
    agent.subscribe((event) => {
      if (event.type === 'message_end' && !thrown) {
        thrown = true;
        throw new Error('listener broke');
      }
    });
    await agent.prompt('hi');
    expect(log.types()).toEqual(FAILURE_SHAPE);
    expect(lastAssistant(agent)).toMatchObject({ stopReason: 'error', errorMessage: 'listener broke' });
    expect(model.requests).toHaveLength(0);
  });

  it('a listener failing after agent_end rejects prompt(); the agent still settles', async () => {
    const agent = agentFor(scriptedModel(reply(text('ok'))));
    agent.subscribe((event) => {
      if (event.type === 'agent_end') throw new Error('late listener bug');
    });
    await expect(agent.prompt('hi')).rejects.toThrow('late listener bug');
    await expect(agent.waitForIdle()).resolves.toBeUndefined();
    expect(agent.state.isStreaming).toBe(false);
    expect(agent.signal).toBeUndefined();
  });
});

describe('abort', () => {
  it('mid-stream keeps the partial with stopReason aborted; isStreaming false after settling (checklist 15, edge 28)', async () => {
    const hold = gate();
    const model = scriptedModel(reply(text('Hel'), wait(hold), text('lo')));
    const agent = agentFor(model);
    const log = recordEvents(agent);
    const streaming = nextEvent(agent, (e) => e.type === 'message_update' && e.assistantMessageEvent.type === 'text_delta');
    const running = agent.prompt('hi');
    await streaming;
    agent.abort();
    await running;

    expect(model.requests[0]?.signal.aborted).toBe(true);
    const message = lastAssistant(agent);
    expect(message).toMatchObject({ content: [{ type: 'text', text: 'Hel' }], stopReason: 'aborted' });
    expect(message.errorMessage).toBeTruthy();
    expect(agent.state.errorMessage).toBe(message.errorMessage);
    expect(agent.state.isStreaming).toBe(false);
    expect(log.types().slice(-3)).toEqual(['message_end:assistant', 'turn_end', 'agent_end']);
  });

  it('during sequential tools: the running tool sees the abort, later calls get no events, the run ends aborted (edge 29)', async () => {
    const held = heldTool('work');
    const model = scriptedModel(reply(call('t1', 'work'), call('t2', 'work')), reply(text('never')));
    const agent = agentFor(model, { tools: [held.tool], toolExecution: 'sequential' });
    const log = recordEvents(agent);
    const running = agent.prompt('go');
    await held.started('t1');
    agent.abort();
    await running;

    expect(held.runs.map((r) => [r.id, r.signal.aborted])).toEqual([['t1', true]]);
    expect(log.types().slice(4)).toEqual([
      'message_start:assistant',
      'message_update',
      'message_update',
      'message_update',
      'message_update',
      'message_update',
      'message_update',
      'message_end:assistant',
      'tool_execution_start',
      'tool_execution_end',
      'message_start:toolResult',
      'message_end:toolResult',
      'turn_end',
      'turn_start',
      'message_start:assistant',
      'message_end:assistant',
      'turn_end',
      'agent_end',
    ]);
    expect(agent.state.messages.slice(-2)).toMatchObject([
      { role: 'toolResult', toolCallId: 't1', isError: true, content: [{ type: 'text', text: 'work aborted' }] },
      { role: 'assistant', stopReason: 'aborted', errorMessage: 'Stopped by user', content: [{ type: 'text', text: '' }] },
    ]);
    expect(model.requests).toHaveLength(1);
    expect(agent.state.pendingToolCalls.size).toBe(0);
  });

  it('after an abort during tools, queued steering and follow-ups stay queued for the next run', async () => {
    const held = heldTool('work');
    const model = scriptedModel(reply(call('t1', 'work')), reply(text('next run')));
    const agent = agentFor(model, { tools: [held.tool] });
    const running = agent.prompt('go');
    await held.started('t1');
    agent.steer('S');
    agent.followUp('F');
    agent.abort();
    await running;
    expect(agent.state.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'toolResult', 'assistant']);
    expect(agent.peekQueuedMessages().map((m) => m.content)).toEqual(['S']);
    expect(agent.hasQueuedMessages()).toBe(true);
  });

  it('during parallel tools: every running tool sees the abort and finishes with an error result', async () => {
    const held = heldTool('work');
    const model = scriptedModel(reply(call('t1', 'work'), call('t2', 'work')));
    const agent = agentFor(model, { tools: [held.tool] });
    const running = agent.prompt('go');
    await held.started('t2');
    agent.abort();
    await running;
    expect(held.runs.map((r) => r.signal.aborted)).toEqual([true, true]);
    expect(agent.state.messages.filter((m) => m.role === 'toolResult')).toMatchObject([
      { toolCallId: 't1', isError: true },
      { toolCallId: 't2', isError: true },
    ]);
    expect(lastAssistant(agent).stopReason).toBe('aborted');
  });

  it('during parallel preflight: later calls are not started; prepared ones get "Operation aborted"', async () => {
    const held = heldTool('work');
    const agent = agentFor(scriptedModel(reply(call('t1', 'work'), call('t2', 'work'))), { tools: [held.tool] });
    const log = recordEvents(agent);
    agent.subscribe((event) => {
      if (event.type === 'tool_execution_start') agent.abort();
    });
    await agent.prompt('go');
    expect(held.runs).toHaveLength(0);
    const toolEvents = log.events.filter((e) => e.type.startsWith('tool_execution'));
    expect(toolEvents).toMatchObject([
      { type: 'tool_execution_start', toolCallId: 't1' },
      { type: 'tool_execution_end', toolCallId: 't1', isError: true, result: { content: [{ type: 'text', text: 'Operation aborted' }] } },
    ]);
    expect(lastAssistant(agent).stopReason).toBe('aborted');
  });

  it('a hook that throws after an abort takes the failure path with stopReason aborted', async () => {
    const model = scriptedModel(reply(text('never')));
    const agent: Agent = agentFor(model, {
      transformContext: () => {
        agent.abort();
        throw new Error('cancelled');
      },
    });
    const log = recordEvents(agent);
    await agent.prompt('hi');
    expect(log.types()).toEqual(FAILURE_SHAPE);
    expect(lastAssistant(agent)).toMatchObject({ stopReason: 'aborted', errorMessage: 'cancelled', errorCode: 'aborted' });
  });

  it('an abort before a request ends the run without asking the model', async () => {
    const model = scriptedModel(reply(text('never')));
    const agent = agentFor(model);
    const log = recordEvents(agent);
    agent.subscribe((event) => {
      if (event.type === 'message_end') agent.abort();
    });
    await agent.prompt('hi');
    expect(log.types()).toEqual(FAILURE_SHAPE);
    expect(model.requests).toHaveLength(0);
    expect(lastAssistant(agent)).toMatchObject({ stopReason: 'aborted', errorMessage: 'Stopped by user' });
  });

  it('abort() while idle is a no-op and signal is undefined while idle (edge 30)', async () => {
    const model = scriptedModel(reply(text('ok')));
    const agent = agentFor(model);
    expect(agent.signal).toBeUndefined();
    agent.abort();
    await agent.prompt('hi');
    expect(model.requests[0]?.signal.aborted).toBe(false);
    expect(agent.signal).toBeUndefined();
  });
});
