// Listeners: awaited in subscription order as part of the run, given the run's signal, seeing reduced state.
import { describe, expect, it } from 'vitest';
import { type AgentEvent } from '../../../src/main/agent/index.js';
import {
  ERRORS,
  call,
  flush,
  gate,
  heldTool,
  instantTool,
  recordEvents,
  reply,
  scriptedModel,
  text,
  fail,
  agentFor,
} from './scripted-stream.js';

const settledFlag = (promise: Promise<unknown>) => {
  const flag = { settled: false };
  void promise.then(() => (flag.settled = true));
  return flag;
};

describe('listener delivery', () => {
  it('awaits listeners one after another in subscription order (checklist 10)', async () => {
    const agent = agentFor(scriptedModel(reply(text('ok'))));
    const trace: string[] = [];
    agent.subscribe(async (event) => {
      if (event.type !== 'agent_start') return;
      trace.push('a:begin');
      await flush();
      trace.push('a:end');
    });
    agent.subscribe((event) => {
      if (event.type === 'agent_start') trace.push('b');
    });
    agent.subscribe(async (event) => {
      if (event.type === 'agent_start') trace.push('c');
    });
    await agent.prompt('hi');
    expect(trace).toEqual(['a:begin', 'a:end', 'b', 'c']);
  });

  it('a slow message_end listener on the assistant message delays tool_execution_start (checklist 10, edge 31)', async () => {
    const release = gate();
    const tool = instantTool('t');
    const agent = agentFor(scriptedModel(reply(call('c1', 't')), reply(text('done'))), { tools: [tool] });
    const log = recordEvents(agent);
    let held = false;
    agent.subscribe(async (event) => {
      if (event.type === 'message_end' && event.message.role === 'assistant' && !held) {
        held = true;
        await release.promise;
      }
    });
    const running = agent.prompt('go');
    await flush(50);
    expect(log.types().at(-1)).toBe('message_end:assistant');
    expect(tool.calls).toHaveLength(0);
    release.open();
    await running;
    expect(log.types()).toContain('tool_execution_start');
    expect(tool.calls).toHaveLength(1);
  });

  it('prompt() and waitForIdle() wait for an async agent_end listener; isStreaming is true inside it (checklist 10, edge 32)', async () => {
    const release = gate();
    const agent = agentFor(scriptedModel(reply(text('ok'))));
    let streamingInside: boolean | undefined;
    let reached = false;
    agent.subscribe(async (event) => {
      if (event.type !== 'agent_end') return;
      reached = true;
      streamingInside = agent.state.isStreaming;
      await release.promise;
    });
    const prompt = settledFlag(agent.prompt('hi'));
    await flush(50);
    expect(reached).toBe(true);
    const idle = settledFlag(agent.waitForIdle());
    await flush(50);
    expect([prompt.settled, idle.settled]).toEqual([false, false]);
    expect(agent.state.isStreaming).toBe(true);
    release.open();
    await agent.waitForIdle();
    await flush();
    expect([prompt.settled, idle.settled]).toEqual([true, true]);
    expect(streamingInside).toBe(true);
    expect(agent.state.isStreaming).toBe(false);
  });

  it('prompt() from an agent_end listener throws the busy error; a followUp() there waits for the next run (edge 33)', async () => {
    const model = scriptedModel(reply(text('one')), reply(text('two')), reply(text('three')));
    const agent = agentFor(model);
    let rejection: unknown;
    agent.subscribe(async (event) => {
      if (event.type !== 'agent_end' || model.requests.length > 1) return;
      await agent.prompt('nested').catch((error: unknown) => (rejection = error));
      agent.followUp('next time');
    });
    await agent.prompt('hi');
    expect(rejection).toHaveProperty('message', ERRORS.busyPrompt);
    expect(model.requests).toHaveLength(1);
    expect(agent.peekQueuedMessages()).toEqual([expect.objectContaining({ content: 'next time' })]);
    await agent.prompt('again');
    expect(model.requests.map((r) => r.transcript.slice(-2))).toEqual([
      ['system:sys', 'user:hi'],
      ['assistant:one', 'user:again'],
      ['assistant:two', 'user:next time'],
    ]);
  });

  it('unsubscribe stops delivery; subscribing the same function twice delivers once (checklist 11, edge 35)', async () => {
    const agent = agentFor(scriptedModel(reply(text('a')), reply(text('b'))));
    const seen: string[] = [];
    const listener = (event: AgentEvent) => void seen.push(event.type);
    const unsubscribe = agent.subscribe(listener);
    agent.subscribe(listener);
    await agent.prompt('one');
    expect(seen.filter((t) => t === 'agent_start')).toHaveLength(1);
    const count = seen.length;
    unsubscribe();
    await agent.prompt('two');
    expect(seen).toHaveLength(count);
  });

  it('a listener receives the run signal, which is aborted after abort() (checklist 12, edge 34)', async () => {
    const agent = agentFor(scriptedModel(reply(text('a', 'b', 'c'))));
    const signals: AbortSignal[] = [];
    let agentSignalInside: AbortSignal | undefined;
    agent.subscribe((event, signal) => {
      signals.push(signal);
      if (event.type === 'agent_start') agentSignalInside = agent.signal;
      if (event.type === 'message_update') agent.abort();
    });
    await agent.prompt('hi');
    expect(new Set(signals).size).toBe(1);
    expect(signals[0]).toBe(agentSignalInside);
    expect(signals[0]?.aborted).toBe(true);
    expect(agent.signal).toBeUndefined();
  });
});

describe('state as listeners see it', () => {
  it('is reduced before listeners run (edge 36)', async () => {
    const agent = agentFor(scriptedModel(reply(text('Hel', 'lo'))));
    const checks: boolean[] = [];
    agent.subscribe((event) => {
      if (event.type === 'message_update') checks.push(agent.state.streamingMessage === event.message);
      if (event.type === 'message_start') checks.push(agent.state.streamingMessage === event.message);
      if (event.type === 'message_end') {
        checks.push(agent.state.messages.at(-1) === event.message);
        checks.push(agent.state.streamingMessage === undefined);
      }
    });
    await agent.prompt('hi');
    // user start, user end (2), assistant start, 3 updates, assistant end (2)
    expect(checks).toHaveLength(9);
    expect(checks.every(Boolean)).toBe(true);
    expect(agent.state.streamingMessage).toBeUndefined();
  });

  it('pendingToolCalls holds an id only between start and end, as a new Set each change, empty after settlement (edge 37)', async () => {
    const held = heldTool('work');
    const agent = agentFor(scriptedModel(reply(call('t1', 'work'), call('t2', 'work')), reply(text('done'))), {
      tools: [held.tool],
    });
    const snapshots: Array<{ event: string; set: ReadonlySet<string>; ids: string[] }> = [];
    agent.subscribe((event) => {
      if (event.type === 'tool_execution_start' || event.type === 'tool_execution_end') {
        const set = agent.state.pendingToolCalls;
        snapshots.push({ event: `${event.type}:${event.toolCallId}`, set, ids: [...set] });
      }
    });
    const running = agent.prompt('go');
    await held.started('t2');
    expect([...agent.state.pendingToolCalls]).toEqual(['t1', 't2']);
    held.release('t2');
    await flush(50);
    held.release('t1');
    await running;
    expect(snapshots.map((s) => [s.event, s.ids])).toEqual([
      ['tool_execution_start:t1', ['t1']],
      ['tool_execution_start:t2', ['t1', 't2']],
      ['tool_execution_end:t2', ['t1']],
      ['tool_execution_end:t1', []],
    ]);
    expect(new Set(snapshots.map((s) => s.set)).size).toBe(4);
    expect(agent.state.pendingToolCalls.size).toBe(0);
    expect(snapshots.some((s) => s.set === agent.state.pendingToolCalls)).toBe(false);
  });

  it('errorMessage is cleared when a run starts and is not set by tool errors (edge 38)', async () => {
    const broken = instantTool('broken', () => {
      throw new Error('tool failed');
    });
    const agent = agentFor(scriptedModel(reply(fail('model down')), reply(call('c1', 'broken')), reply(text('ok'))), {
      tools: [broken],
    });
    await agent.prompt('one');
    expect(agent.state.errorMessage).toBe('model down');
    let atStart: string | undefined = 'unset';
    agent.subscribe((event) => {
      if (event.type === 'agent_start') atStart = agent.state.errorMessage;
    });
    await agent.prompt('two');
    expect(atStart).toBeUndefined();
    const result = agent.state.messages.find((m) => m.role === 'toolResult');
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'tool failed' }] });
    expect(agent.state.errorMessage).toBeUndefined();
  });
});
