// Steering and follow-up: when queued messages are delivered, one at a time or all at once.
import { describe, expect, it } from 'vitest';
import {
  call,
  gate,
  heldTool,
  instantTool,
  nextEvent,
  recordEvents,
  reply,
  scriptedModel,
  text,
  wait,
  type ScriptedModel,
  agentFor,
} from './scripted-stream.js';

/** Request transcripts without the system message. */
const sent = (model: ScriptedModel) => model.requests.map((r) => r.transcript.slice(1));

describe('steering', () => {
  it('queued during tool execution: every tool runs, then the steering message, then the next request (checklist 6, edge 22)', async () => {
    const held = heldTool('work');
    const model = scriptedModel(reply(call('t1', 'work'), call('t2', 'work')), reply(text('adjusted')));
    const agent = agentFor(model, { tools: [held.tool] });
    const log = recordEvents(agent);
    const running = agent.prompt('go');
    await held.started('t1');
    agent.steer('change of plan');
    held.release('t1');
    await held.started('t2');
    held.release('t2');
    await running;

    expect(held.runs.map((r) => r.id)).toEqual(['t1', 't2']);
    expect(sent(model)).toEqual([
      ['user:go'],
      ['user:go', 'assistant:work#t1|work#t2', 'toolResult:t1=t1 done', 'toolResult:t2=t2 done', 'user:change of plan'],
    ]);
    const types = log.types();
    const firstTurnEnd = types.indexOf('turn_end');
    expect(types.slice(firstTurnEnd - 4, firstTurnEnd + 4)).toEqual([
      'message_start:toolResult',
      'message_end:toolResult',
      'message_start:toolResult',
      'message_end:toolResult',
      'turn_end',
      'turn_start',
      'message_start:user',
      'message_end:user',
    ]);
  });

  it('queued while the final text answer streams: one more turn with it (checklist 7, edge 23)', async () => {
    const hold = gate();
    const model = scriptedModel(reply(text('Hel'), wait(hold), text('lo')), reply(text('noted')));
    const agent = agentFor(model);
    const log = recordEvents(agent);
    const streaming = nextEvent(agent, (e) => e.type === 'message_update');
    const running = agent.prompt('hi');
    await streaming;
    agent.steer('also this');
    hold.open();
    await running;

    expect(sent(model)).toEqual([['user:hi'], ['user:hi', 'assistant:Hello', 'user:also this']]);
    expect(log.types().filter((t) => t.startsWith('turn_') || t.startsWith('agent_'))).toEqual([
      'agent_start',
      'turn_start',
      'turn_end',
      'turn_start',
      'turn_end',
      'agent_end',
    ]);
  });

  it('queued while idle is injected right after the prompt, one per drain point (edge 25)', async () => {
    const model = scriptedModel(reply(text('r1')), reply(text('r2')));
    const agent = agentFor(model);
    agent.steer('S1');
    agent.steer('S2');
    await agent.prompt('x');
    expect(sent(model)).toEqual([
      ['user:x', 'user:S1'],
      ['user:x', 'user:S1', 'assistant:r1', 'user:S2'],
    ]);
  });

  it('in "all" mode the whole queue goes in one turn', async () => {
    const model = scriptedModel(reply(text('r1')));
    const agent = agentFor(model, { steeringMode: 'all' });
    agent.steer('S1');
    agent.steer('S2');
    await agent.prompt('x');
    expect(sent(model)).toEqual([['user:x', 'user:S1', 'user:S2']]);
  });

  it('a mode change applies at the next drain point', async () => {
    const hold = gate();
    const model = scriptedModel(reply(text('r1'), wait(hold)), reply(text('r2')));
    const agent = agentFor(model);
    const streaming = nextEvent(agent, (e) => e.type === 'message_update');
    const running = agent.prompt('x');
    await streaming;
    agent.steer('S1');
    agent.steer('S2');
    agent.steeringMode = 'all';
    hold.open();
    await running;
    expect(sent(model)[1]?.slice(-2)).toEqual(['user:S1', 'user:S2']);
  });
});

describe('follow-up', () => {
  it('waits until there are no tool calls and no steering; one turn per follow-up in one-at-a-time mode (checklist 8, edge 24)', async () => {
    const hold = gate();
    const tool = instantTool('look');
    const model = scriptedModel(
      reply(wait(hold), call('t1', 'look')),
      reply(text('steered')),
      reply(text('after F1')),
      reply(text('after F2')),
    );
    const agent = agentFor(model, { tools: [tool] });
    const log = recordEvents(agent);
    const started = nextEvent(agent, (e) => e.type === 'message_start' && e.message.role === 'assistant');
    const running = agent.prompt('go');
    await started;
    agent.followUp('F1');
    agent.followUp('F2');
    agent.steer('S');
    hold.open();
    await running;

    expect(sent(model).map((t) => t.slice(-1)[0])).toEqual(['user:go', 'user:S', 'user:F1', 'user:F2']);
    expect(sent(model)[1]?.slice(-3)).toEqual(['assistant:look#t1', 'toolResult:t1=look ok', 'user:S']);
    expect(log.types().filter((t) => t === 'turn_start')).toHaveLength(4);
    expect(agent.hasQueuedMessages()).toBe(false);
  });

  it('in "all" mode every follow-up goes in one turn', async () => {
    const hold = gate();
    const model = scriptedModel(reply(wait(hold), text('first')), reply(text('both')));
    const agent = agentFor(model, { followUpMode: 'all' });
    const started = nextEvent(agent, (e) => e.type === 'message_start' && e.message.role === 'assistant');
    const running = agent.prompt('go');
    await started;
    agent.followUp('F1');
    agent.followUp('F2');
    hold.open();
    await running;
    expect(sent(model)).toEqual([['user:go'], ['user:go', 'assistant:first', 'user:F1', 'user:F2']]);
  });

  it('each follow-up turn starts with turn_start and its message events', async () => {
    const model = scriptedModel(reply(text('a')), reply(text('b')));
    const agent = agentFor(model);
    agent.followUp('F');
    const log = recordEvents(agent);
    await agent.prompt('x');
    const types = log.types();
    const secondTurn = types.indexOf('turn_start', 2);
    expect(types.slice(secondTurn - 1, secondTurn + 4)).toEqual([
      'turn_end',
      'turn_start',
      'message_start:user',
      'message_end:user',
      'message_start:assistant',
    ]);
  });
});

describe('queue inspection', () => {
  it('peekQueuedMessages returns the next selection, steering first, per mode, without consuming (checklist 9, edge 40)', () => {
    const agent = agentFor(scriptedModel());
    expect(agent.hasQueuedMessages()).toBe(false);
    expect(agent.peekQueuedMessages()).toEqual([]);
    agent.followUp('F1');
    agent.followUp('F2');
    expect(agent.peekQueuedMessages().map((m) => m.content)).toEqual(['F1']);
    agent.steer('S1');
    agent.steer('S2');
    const first = agent.peekQueuedMessages();
    expect(first.map((m) => m.content)).toEqual(['S1']);
    expect(agent.peekQueuedMessages()).toEqual(first);
    agent.steeringMode = 'all';
    expect(agent.peekQueuedMessages().map((m) => m.content)).toEqual(['S1', 'S2']);
    agent.clearSteeringQueue();
    agent.followUpMode = 'all';
    expect(agent.peekQueuedMessages().map((m) => m.content)).toEqual(['F1', 'F2']);
    expect(agent.hasQueuedMessages()).toBe(true);
    agent.clearFollowUpQueue();
    expect(agent.hasQueuedMessages()).toBe(false);
  });

  it('clearAllQueues empties both; a string becomes a user message', () => {
    const agent = agentFor(scriptedModel());
    agent.steer('s');
    agent.followUp({ role: 'user', content: [{ type: 'text', text: 'f' }], timestamp: 9 });
    expect(agent.peekQueuedMessages()).toEqual([{ role: 'user', content: 's', timestamp: expect.any(Number) }]);
    agent.clearAllQueues();
    expect(agent.hasQueuedMessages()).toBe(false);
  });

  it('steer and followUp never start a run', async () => {
    const model = scriptedModel(reply(text('x')));
    const agent = agentFor(model);
    agent.steer('s');
    agent.followUp('f');
    expect(agent.state.isStreaming).toBe(false);
    await agent.waitForIdle();
    expect(model.requests).toHaveLength(0);
  });
});
