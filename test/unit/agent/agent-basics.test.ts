// Construction, state, prompt/continue/reset: the conversation lifecycle of one Agent instance.
import { describe, expect, it } from 'vitest';
import { Agent, type AgentOptions, type Message } from '../../../src/main/agent/index.js';
import {
  ERRORS,
  MODEL,
  call,
  flush,
  gate,
  instantTool,
  nextEvent,
  recordEvents,
  reply,
  scriptedModel,
  text,
  wait,
  type ScriptedModel,
} from './scripted-stream.js';

const SYSTEM = 'You are terse.';

function agentFor(model: ScriptedModel, options: Partial<AgentOptions> = {}): Agent {
  return new Agent({ systemPrompt: SYSTEM, model: MODEL, streamFn: model.streamFn, ...options });
}

const user = (content: string): Message => ({ role: 'user', content, timestamp: 1 });
const assistant = (content: string): Message => ({
  role: 'assistant',
  content: [{ type: 'text', text: content }],
  model: MODEL.id,
  usage: { input: 0, output: 0, reasoning: 0, cacheRead: 0, totalTokens: 0 },
  stopReason: 'stop',
  timestamp: 2,
});

describe('construction and state', () => {
  it('starts with exactly one system message built from systemPrompt', () => {
    const agent = agentFor(scriptedModel());
    expect(agent.state.messages).toEqual([{ role: 'system', content: SYSTEM, timestamp: expect.any(Number) }]);
    expect(agent.state.systemPrompt).toBe(SYSTEM);
    expect(agent.state.isStreaming).toBe(false);
    expect(agent.state.streamingMessage).toBeUndefined();
    expect(agent.state.pendingToolCalls.size).toBe(0);
    expect(agent.state.errorMessage).toBeUndefined();
    expect(agent.steeringMode).toBe('one-at-a-time');
    expect(agent.followUpMode).toBe('one-at-a-time');
  });

  it('a restored transcript that opens with a system message wins over systemPrompt', () => {
    const restored: Message[] = [{ role: 'system', content: 'Restored prompt', timestamp: 0 }, user('hi'), assistant('hello')];
    const agent = agentFor(scriptedModel(), { messages: restored });
    expect(agent.state.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(agent.state.systemPrompt).toBe('Restored prompt');
  });

  it('a restored transcript without a system message gets the systemPrompt first', () => {
    const agent = agentFor(scriptedModel(), { messages: [user('hi'), assistant('hello')] });
    expect(agent.state.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(agent.state.systemPrompt).toBe(SYSTEM);
  });

  it('without any system prompt the transcript is empty and systemPrompt is ""', () => {
    const agent = new Agent({ model: MODEL, streamFn: scriptedModel().streamFn });
    expect(agent.state.messages).toEqual([]);
    expect(agent.state.systemPrompt).toBe('');
  });

  it('systemPrompt is derived from the last system message', () => {
    const agent = agentFor(scriptedModel());
    agent.state.messages.push({ role: 'system', content: 'Newer prompt', timestamp: 3 });
    expect(agent.state.systemPrompt).toBe('Newer prompt');
  });

  it('assigning messages or tools stores a copy (edge 41)', () => {
    const agent = agentFor(scriptedModel());
    const transcript: Message[] = [user('a')];
    agent.state.messages = transcript;
    transcript.push(user('b'));
    expect(agent.state.messages).toHaveLength(1);
    const tools = [instantTool('one')];
    agent.state.tools = tools;
    tools.push(instantTool('two'));
    expect(agent.state.tools.map((t) => t.name)).toEqual(['one']);
  });

  it('queue modes are settable in the constructor and later', () => {
    const agent = agentFor(scriptedModel(), { steeringMode: 'all', followUpMode: 'all' });
    expect([agent.steeringMode, agent.followUpMode]).toEqual(['all', 'all']);
    agent.steeringMode = 'one-at-a-time';
    agent.followUpMode = 'one-at-a-time';
    expect([agent.steeringMode, agent.followUpMode]).toEqual(['one-at-a-time', 'one-at-a-time']);
  });
});

describe('prompt', () => {
  it('two prompts on one instance: the second request carries system, user 1, assistant 1, user 2 (checklist 1)', async () => {
    const model = scriptedModel(reply(text('one')), reply(text('two')));
    const agent = agentFor(model);
    await agent.prompt('first');
    await agent.prompt('second');
    expect(model.requests.map((r) => r.transcript)).toEqual([
      [`system:${SYSTEM}`, 'user:first'],
      [`system:${SYSTEM}`, 'user:first', 'assistant:one', 'user:second'],
    ]);
    expect(agent.state.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
  });

  it('a plain prompt emits the exact event sequence (checklist 2, edge 9)', async () => {
    const agent = agentFor(scriptedModel(reply(text('Hel', 'lo'))));
    const log = recordEvents(agent);
    await agent.prompt('hi');
    expect(log.types()).toEqual([
      'agent_start',
      'turn_start',
      'message_start:user',
      'message_end:user',
      'message_start:assistant',
      'message_update', // text_start
      'message_update',
      'message_update',
      'message_end:assistant',
      'turn_end',
      'agent_end',
    ]);
    const end = log.events.at(-1);
    expect(end?.type === 'agent_end' && end.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('a string prompt becomes one user message; a message or an array of messages is used as given', async () => {
    const model = scriptedModel(reply(text('a')), reply(text('b')), reply(text('c')));
    const agent = agentFor(model);
    await agent.prompt('plain');
    await agent.prompt({ role: 'user', content: [{ type: 'text', text: 'parts' }], timestamp: 5 });
    await agent.prompt([user('x'), user('y')]);
    expect(model.requests[2]?.transcript.slice(-2)).toEqual(['user:x', 'user:y']);
    expect(agent.state.messages[1]).toEqual({ role: 'user', content: 'plain', timestamp: expect.any(Number) });
    expect(agent.state.messages[3]).toEqual({ role: 'user', content: [{ type: 'text', text: 'parts' }], timestamp: 5 });
  });

  it('a user message with text and image parts is stored and sent as one message (edge 48, images as content parts)', async () => {
    const model = scriptedModel(reply(text('a cat')));
    const agent = agentFor(model);
    const withImage: Message = {
      role: 'user',
      content: [
        { type: 'text', text: 'what is this?' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
      timestamp: 7,
    };
    await agent.prompt(withImage);
    expect(agent.state.messages[1]).toBe(withImage);
    expect(model.requests[0]?.context.messages[1]).toEqual(withImage);
  });

  it('prompt() during a run rejects with the exact busy message; no events, queues untouched (checklist 3, edge 1)', async () => {
    const hold = gate();
    const agent = agentFor(scriptedModel(reply(text('Hel'), wait(hold), text('lo'))));
    agent.followUp('later');
    const log = recordEvents(agent);
    const streaming = nextEvent(agent, (e) => e.type === 'message_update' && e.assistantMessageEvent.type === 'text_delta');
    const running = agent.prompt('hi');
    await streaming;
    const before = log.events.length;
    await expect(agent.prompt('again')).rejects.toHaveProperty('message', ERRORS.busyPrompt);
    await flush();
    expect(log.events.length).toBe(before);
    expect(agent.peekQueuedMessages()).toEqual([expect.objectContaining({ content: 'later' })]);
    hold.open();
    await running;
  });

  it('queuedMessages() lists both queues oldest first without taking anything; a drain then takes them', async () => {
    const agent = agentFor(scriptedModel(reply(text('ok')), reply(text('ok')), reply(text('ok'))));
    agent.steer('shorter');
    agent.followUp('then this');
    agent.followUp('and this');
    const listed = agent.queuedMessages();
    expect(listed.steering.map((m) => m.content)).toEqual(['shorter']);
    expect(listed.followUp.map((m) => m.content)).toEqual(['then this', 'and this']);
    listed.followUp.pop();
    expect(agent.queuedMessages().followUp).toHaveLength(2);
    await agent.prompt('hi');
    expect(agent.queuedMessages()).toEqual({ steering: [], followUp: [] });
  });

  it('prompt([]) sends the existing context as it is, even from an assistant tail (edge 47)', async () => {
    const model = scriptedModel(reply(text('again')));
    const agent = agentFor(model, { messages: [user('hi'), assistant('hello')] });
    const log = recordEvents(agent);
    await agent.prompt([]);
    expect(model.requests[0]?.transcript).toEqual([`system:${SYSTEM}`, 'user:hi', 'assistant:hello']);
    expect(log.types().slice(0, 3)).toEqual(['agent_start', 'turn_start', 'message_start:assistant']);
  });

  it('changing model or tools during a run applies from the next run (edge 42)', async () => {
    const hold = gate();
    const reached = gate();
    const model = scriptedModel(reply(wait(hold, reached), call('t1', 'old')), reply(text('done')), reply(text('next')));
    const oldTool = instantTool('old');
    const agent = agentFor(model, { tools: [oldTool] });
    const running = agent.prompt('go');
    await reached.promise;
    agent.state.model = { ...MODEL, id: 'other-model' };
    agent.state.tools = [instantTool('new')];
    hold.open();
    await running;
    expect(oldTool.calls).toEqual([{}]);
    expect(model.requests.map((r) => [r.model.id, r.context.tools.map((t) => t.name)])).toEqual([
      ['scripted-model', ['old']],
      ['scripted-model', ['old']],
    ]);
    await agent.prompt('again');
    expect(model.requests[2]?.model.id).toBe('other-model');
    expect(model.requests[2]?.context.tools.map((t) => t.name)).toEqual(['new']);
  });
});

describe('continue', () => {
  it('rejects while running with the exact message (edge 2)', async () => {
    const hold = gate();
    const reached = gate();
    const agent = agentFor(scriptedModel(reply(wait(hold, reached), text('ok'))));
    const running = agent.prompt('hi');
    await reached.promise;
    await expect(agent.continue()).rejects.toHaveProperty('message', ERRORS.busyContinue);
    hold.open();
    await running;
  });

  it('rejects on an empty or system-only transcript and leaves the queues alone (edge 3)', async () => {
    const empty = new Agent({ model: MODEL, streamFn: scriptedModel().streamFn });
    empty.steer('s');
    empty.followUp('f');
    await expect(empty.continue()).rejects.toHaveProperty('message', ERRORS.nothingToContinue);
    expect(empty.hasQueuedMessages()).toBe(true);
    const systemOnly = agentFor(scriptedModel());
    systemOnly.steer('s');
    await expect(systemOnly.continue()).rejects.toHaveProperty('message', ERRORS.nothingToContinue);
    expect(systemOnly.peekQueuedMessages()).toHaveLength(1);
  });

  it('rejects on an assistant tail with empty queues (edge 4)', async () => {
    const model = scriptedModel();
    const agent = agentFor(model, { messages: [user('hi'), assistant('hello')] });
    await expect(agent.continue()).rejects.toHaveProperty('message', ERRORS.assistantTail);
    expect(model.requests).toHaveLength(0);
  });

  it('assistant tail + 2 steering, one-at-a-time: S1 in request 1, S2 in request 2 (edge 5)', async () => {
    const model = scriptedModel(reply(text('r1')), reply(text('r2')));
    const agent = agentFor(model, { messages: [user('hi'), assistant('hello')] });
    agent.steer('S1');
    agent.steer('S2');
    await agent.continue();
    expect(model.requests.map((r) => r.transcript.slice(2))).toEqual([
      ['assistant:hello', 'user:S1'],
      ['assistant:hello', 'user:S1', 'assistant:r1', 'user:S2'],
    ]);
  });

  it('assistant tail + 2 steering, all: one request with both (edge 5)', async () => {
    const model = scriptedModel(reply(text('r1')));
    const agent = agentFor(model, { messages: [user('hi'), assistant('hello')], steeringMode: 'all' });
    agent.steer('S1');
    agent.steer('S2');
    await agent.continue();
    expect(model.requests.map((r) => r.transcript.slice(2))).toEqual([['assistant:hello', 'user:S1', 'user:S2']]);
  });

  it('assistant tail + only a follow-up: runs it as a prompt inside the first turn (edge 6)', async () => {
    const model = scriptedModel(reply(text('ok')));
    const agent = agentFor(model, { messages: [user('hi'), assistant('hello')] });
    agent.followUp('F');
    const log = recordEvents(agent);
    await agent.continue();
    expect(log.types()).toEqual([
      'agent_start',
      'turn_start',
      'message_start:user',
      'message_end:user',
      'message_start:assistant',
      'message_update',
      'message_update',
      'message_end:assistant',
      'turn_end',
      'agent_end',
    ]);
    expect(model.requests[0]?.transcript.at(-1)).toBe('user:F');
  });

  it('user or toolResult tail: agent_start, turn_start, then the assistant directly (edge 7)', async () => {
    const model = scriptedModel(reply(text('answer')), reply(text('after tool')));
    const agent = agentFor(model, { messages: [user('pending question')] });
    const log = recordEvents(agent);
    await agent.continue();
    expect(log.types().slice(0, 3)).toEqual(['agent_start', 'turn_start', 'message_start:assistant']);
    expect(model.requests[0]?.transcript).toEqual([`system:${SYSTEM}`, 'user:pending question']);

    const toolTail = agentFor(model, {
      messages: [
        user('q'),
        {
          ...(assistant('') as Extract<Message, { role: 'assistant' }>),
          content: [{ type: 'toolCall', id: 'c1', name: 'x', arguments: {} }],
          stopReason: 'toolUse',
        },
        { role: 'toolResult', toolCallId: 'c1', toolName: 'x', content: [{ type: 'text', text: 'out' }], isError: false, timestamp: 3 },
      ],
    });
    const toolLog = recordEvents(toolTail);
    await toolTail.continue();
    expect(toolLog.types().slice(0, 3)).toEqual(['agent_start', 'turn_start', 'message_start:assistant']);
    expect(model.requests[1]?.transcript.slice(-2)).toEqual(['assistant:x#c1', 'toolResult:c1=out']);
  });

  it('user tail with steering and a follow-up: steering in request 1, the follow-up in request 2 (edge 8)', async () => {
    const model = scriptedModel(reply(text('r1')), reply(text('r2')));
    const agent = agentFor(model, { messages: [user('q')] });
    agent.steer('S');
    agent.followUp('F');
    await agent.continue();
    expect(model.requests.map((r) => r.transcript.slice(1))).toEqual([
      ['user:q', 'user:S'],
      ['user:q', 'user:S', 'assistant:r1', 'user:F'],
    ]);
  });

  it('rejects from a system tail after a conversation', async () => {
    const agent = agentFor(scriptedModel(), { messages: [user('q'), { role: 'system', content: 'new rules', timestamp: 3 }] });
    await expect(agent.continue()).rejects.toHaveProperty('message', 'Cannot continue from message role: system');
  });
});

describe('reset', () => {
  it('when idle keeps only the system message, empties queues and runtime state, keeps model, tools and listeners (checklist 4, edge 39)', async () => {
    const model = scriptedModel(reply(text('one'), { type: 'error', message: 'bad gateway' }), reply(text('two')));
    const tool = instantTool('t');
    const agent = agentFor(model, { tools: [tool] });
    const log = recordEvents(agent);
    await agent.prompt('first');
    expect(agent.state.errorMessage).toBe('bad gateway');
    agent.steer('s');
    agent.followUp('f');
    const pendingBefore = agent.state.pendingToolCalls;

    agent.reset();

    expect(agent.state.messages).toEqual([{ role: 'system', content: SYSTEM, timestamp: expect.any(Number) }]);
    expect(agent.state.systemPrompt).toBe(SYSTEM);
    expect(agent.hasQueuedMessages()).toBe(false);
    expect(agent.state.errorMessage).toBeUndefined();
    expect(agent.state.streamingMessage).toBeUndefined();
    expect(agent.state.isStreaming).toBe(false);
    expect(agent.state.pendingToolCalls).not.toBe(pendingBefore);
    expect(agent.state.pendingToolCalls.size).toBe(0);
    expect(agent.state.model).toBe(MODEL);
    expect(agent.state.tools).toEqual([tool]);

    log.events.length = 0;
    await agent.prompt('second');
    expect(log.types()[0]).toBe('agent_start');
    expect(model.requests[1]?.transcript).toEqual([`system:${SYSTEM}`, 'user:second']);
  });

  it('keeps the current (last) system message as the baseline', () => {
    const agent = agentFor(scriptedModel(), {
      messages: [
        { role: 'system', content: 'old', timestamp: 0 },
        user('a'),
        { role: 'system', content: 'current', timestamp: 1 },
        user('b'),
      ],
    });
    agent.reset();
    expect(agent.state.messages).toEqual([{ role: 'system', content: 'current', timestamp: 1 }]);
  });

  it('leaves an empty transcript when there is no system message', () => {
    const agent = new Agent({ model: MODEL, streamFn: scriptedModel().streamFn, messages: [user('a')] });
    agent.reset();
    expect(agent.state.messages).toEqual([]);
  });

  it('throws the exact message while a run is active and changes nothing (checklist 5)', async () => {
    const hold = gate();
    const reached = gate();
    const agent = agentFor(scriptedModel(reply(wait(hold, reached), text('ok'))));
    agent.followUp('keep me');
    const running = agent.prompt('hi');
    await reached.promise;
    expect(() => agent.reset()).toThrow(new Error(ERRORS.busyReset));
    expect(agent.state.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(agent.hasQueuedMessages()).toBe(true);
    hold.open();
    await running;
  });
});
