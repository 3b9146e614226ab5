// What the model is sent: transformContext, convertToLlm and the replay rules; never what the transcript keeps.
import { describe, expect, it } from 'vitest';
import { prepareReplay, type AssistantMessage, type Message } from '../../../src/main/agent/index.js';
import { MODEL, agentFor, call, instantTool, recordEvents, reply, scriptedModel, text } from './scripted-stream.js';

const user = (content: string): Message => ({ role: 'user', content, timestamp: 1 });
const assistantWith = (content: AssistantMessage['content'], stopReason: AssistantMessage['stopReason'] = 'stop'): AssistantMessage => ({
  role: 'assistant',
  content,
  model: MODEL.id,
  usage: { input: 0, output: 0, reasoning: 0, cacheRead: 0, totalTokens: 0 },
  stopReason,
  timestamp: 2,
});
const toolCall = (id: string) => ({ type: 'toolCall' as const, id, name: 'look', arguments: {} });
const result = (id: string, output = 'seen'): Message => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: 'look',
  content: [{ type: 'text', text: output }],
  isError: false,
  timestamp: 3,
});

describe('transformContext', () => {
  it('changes what the model receives, never state.messages (checklist 17, edge 43)', async () => {
    const model = scriptedModel(reply(text('a1')), reply(text('a2')));
    const seen: Array<{ count: number; signal: AbortSignal }> = [];
    const agent = agentFor(model, {
      transformContext: (messages, signal) => {
        seen.push({ count: messages.length, signal });
        return [messages[0]!, ...messages.slice(-1)];
      },
    });
    await agent.prompt('one');
    await agent.prompt('two');
    expect(model.requests.map((r) => r.transcript)).toEqual([
      ['system:sys', 'user:one'],
      ['system:sys', 'user:two'],
    ]);
    expect(agent.state.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
    expect(seen.map((s) => s.count)).toEqual([2, 4]);
    expect(seen[0]?.signal).toBe(model.requests[0]?.signal);
  });

  it('runs before every request of a run, on the whole context so far', async () => {
    const model = scriptedModel(reply(call('c1', 'look')), reply(text('done')));
    const counts: number[] = [];
    const agent = agentFor(model, {
      tools: [instantTool('look')],
      transformContext: (messages) => {
        counts.push(messages.length);
        return messages;
      },
    });
    await agent.prompt('go');
    expect(counts).toEqual([2, 4]);
  });

  it('cannot change the run context by mutating its argument', async () => {
    const model = scriptedModel(reply(call('c1', 'look')), reply(text('done')));
    const agent = agentFor(model, {
      tools: [instantTool('look')],
      transformContext: (messages) => {
        const kept = messages.slice();
        messages.length = 0;
        return kept;
      },
    });
    await agent.prompt('go');
    expect(model.requests[1]?.transcript).toEqual(['system:sys', 'user:go', 'assistant:look#c1', 'toolResult:c1=look ok']);
  });

  it('a trim that cuts between a tool call and its result never splits them (checklist 17)', async () => {
    const history: Message[] = [
      user('q1'),
      assistantWith([toolCall('c1')], 'toolUse'),
      result('c1'),
      assistantWith([{ type: 'text', text: 'a1' }]),
    ];
    const dropResult = scriptedModel(reply(text('x')));
    await agentFor(dropResult, {
      messages: history,
      transformContext: (messages) => messages.filter((m) => m.role !== 'toolResult'),
    }).prompt('q2');
    expect(dropResult.requests[0]?.transcript).toEqual([
      'system:sys',
      'user:q1',
      'assistant:look#c1',
      'toolResult:c1=No result provided',
      'assistant:a1',
      'user:q2',
    ]);

    const dropCall = scriptedModel(reply(text('x')));
    await agentFor(dropCall, {
      messages: history,
      transformContext: (messages) => [messages[0]!, ...messages.slice(3)],
    }).prompt('q2');
    expect(dropCall.requests[0]?.transcript).toEqual(['system:sys', 'assistant:a1', 'user:q2']);
  });
});

describe('convertToLlm', () => {
  it('a custom role dropped by the default conversion is in the transcript and events, not in the request (edge 44)', async () => {
    const model = scriptedModel(reply(text('ok')));
    const agent = agentFor(model);
    const log = recordEvents(agent);
    const note = { role: 'uiNote', content: 'shown only in the UI', timestamp: 1 } as unknown as Message;
    await agent.prompt([note, user('hi')]);
    expect(agent.state.messages.map((m) => m.role)).toEqual(['system', 'uiNote', 'user', 'assistant']);
    expect(log.types().slice(2, 4)).toEqual(['message_start:uiNote', 'message_end:uiNote']);
    expect(model.requests[0]?.transcript).toEqual(['system:sys', 'user:hi']);
  });

  it('a custom conversion decides what is sent; transformContext runs first', async () => {
    const model = scriptedModel(reply(text('ok')));
    const order: string[] = [];
    const agent = agentFor(model, {
      transformContext: (messages) => {
        order.push('transform');
        return messages;
      },
      convertToLlm: (messages) => {
        order.push('convert');
        return messages.map((m) => (m.role === 'user' ? { ...m, content: `[wrapped] ${m.content as string}` } : m));
      },
    });
    await agent.prompt('hi');
    expect(order).toEqual(['transform', 'convert']);
    expect(model.requests[0]?.transcript).toEqual(['system:sys', 'user:[wrapped] hi']);
    expect(agent.state.messages[1]).toMatchObject({ content: 'hi' });
  });
});

describe('replay rules', () => {
  it('skips assistant messages that ended in error, and keeps only the shown text of a stopped one', async () => {
    const model = scriptedModel(reply(text('fresh')));
    const agent = agentFor(model, {
      messages: [
        user('q1'),
        { ...assistantWith([{ type: 'text', text: 'half' }], 'error'), errorMessage: 'x' },
        user('q2'),
        { ...assistantWith([toolCall('c9')], 'aborted'), errorMessage: 'Stopped by user' },
        user('q3'),
        { ...assistantWith([{ type: 'text', text: 'Once upon a' }, toolCall('c10')], 'aborted'), errorMessage: 'Stopped by user' },
      ],
    });
    await agent.prompt('go on');
    expect(model.requests[0]?.transcript).toEqual(['system:sys', 'user:q1', 'user:q2', 'user:q3', 'assistant:Once upon a', 'user:go on']);
  });

  it('a tool call without a result gets a synthetic "No result provided" error result', () => {
    const replayed = prepareReplay([user('q'), assistantWith([toolCall('c1'), toolCall('c2')], 'toolUse'), result('c2'), user('next')]);
    expect(replayed.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'toolResult', 'user']);
    expect(replayed.slice(2, 4)).toEqual([
      result('c2'),
      {
        role: 'toolResult',
        toolCallId: 'c1',
        toolName: 'look',
        content: [{ type: 'text', text: 'No result provided' }],
        isError: true,
        timestamp: expect.any(Number),
      },
    ]);
  });

  it('answers open calls at the end of the transcript and drops results with no matching call', () => {
    const replayed = prepareReplay([user('q'), result('stray'), assistantWith([toolCall('c1')], 'toolUse')]);
    expect(replayed.map((m) => (m.role === 'toolResult' ? `${m.role}:${m.toolCallId}` : m.role))).toEqual([
      'user',
      'assistant',
      'toolResult:c1',
    ]);
  });

  it('leaves a well-formed transcript as it is, without copying messages', () => {
    const transcript: Message[] = [
      user('q'),
      assistantWith([toolCall('c1')], 'toolUse'),
      result('c1'),
      assistantWith([{ type: 'text', text: 'a' }]),
    ];
    const replayed = prepareReplay(transcript);
    expect(replayed).toEqual(transcript);
    expect(replayed).not.toBe(transcript);
    replayed.forEach((m, i) => expect(m).toBe(transcript[i]));
  });
});
