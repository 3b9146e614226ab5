// The loop on its own: a stateless function driven by config and an event sink, usable without the Agent.
import { describe, expect, it } from 'vitest';
import { runAgentLoop, type AgentEvent, type AgentLoopConfig, type Message } from '../../../src/main/agent/index.js';
import { defaultConvertToLlm } from '../../../src/main/agent/replay.js';
import { MODEL, call, instantTool, reply, scriptedModel, text, type ScriptedModel } from './scripted-stream.js';

function configFor(model: ScriptedModel, overrides: Partial<AgentLoopConfig> = {}): AgentLoopConfig {
  return {
    model: MODEL,
    tools: [instantTool('look')],
    streamFn: model.streamFn,
    convertToLlm: defaultConvertToLlm,
    toolExecution: 'parallel',
    drainSteering: () => [],
    drainFollowUps: () => [],
    ...overrides,
  };
}

describe('runAgentLoop', () => {
  it('returns every message the run added, in order, and leaves its input alone', async () => {
    const model = scriptedModel(reply(call('c1', 'look')), reply(text('done')));
    const transcript: Message[] = [{ role: 'system', content: 'sys', timestamp: 0 }];
    const events: AgentEvent[] = [];
    const added = await runAgentLoop(
      { messages: transcript, prompts: [{ role: 'user', content: 'go', timestamp: 1 }] },
      configFor(model),
      (event) => void events.push(event),
      new AbortController().signal,
    );
    expect(added.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'assistant']);
    expect(transcript).toHaveLength(1);
    const end = events.at(-1);
    expect(end?.type === 'agent_end' && end.messages).toEqual(added);
  });

  it('awaits a sink that returns a promise before moving on', async () => {
    const model = scriptedModel(reply(text('a', 'b')));
    const trace: string[] = [];
    await runAgentLoop(
      { messages: [], prompts: [{ role: 'user', content: 'go', timestamp: 1 }] },
      configFor(model),
      async (event) => {
        trace.push(`${event.type}:begin`);
        await Promise.resolve();
        trace.push(`${event.type}:end`);
      },
      new AbortController().signal,
    );
    for (let i = 0; i < trace.length; i += 2) expect(trace[i + 1]).toBe(trace[i]!.replace(':begin', ':end'));
  });

  it('polls steering after every turn and follow-ups only when it would stop', async () => {
    const model = scriptedModel(reply(call('c1', 'look')), reply(text('second')), reply(text('third')));
    const polls: string[] = [];
    let steering: Message[] = [{ role: 'user', content: 'steer', timestamp: 5 }];
    let followUps: Message[] = [{ role: 'user', content: 'follow', timestamp: 6 }];
    await runAgentLoop(
      { messages: [], prompts: [{ role: 'user', content: 'go', timestamp: 1 }], skipInitialSteering: true },
      configFor(model, {
        drainSteering: () => {
          polls.push('steering');
          const out = steering;
          steering = [];
          return out;
        },
        drainFollowUps: () => {
          polls.push('followUp');
          const out = followUps;
          followUps = [];
          return out;
        },
      }),
      () => undefined,
      new AbortController().signal,
    );
    // After turn 1 (tools) steering is taken; after turn 2 the loop would stop, so follow-ups are checked.
    expect(polls).toEqual(['steering', 'steering', 'followUp', 'steering', 'followUp']);
    expect(model.requests.map((r) => r.transcript.at(-1))).toEqual(['user:go', 'user:steer', 'user:follow']);
  });
});
