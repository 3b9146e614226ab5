// How a streamed assistant message becomes events: cumulative message + delta, and streams that end badly.
import { describe, expect, it } from 'vitest';
import { Agent, EventStream, type AgentEvent, type AssistantMessage, type StreamFn } from '../../../src/main/agent/index.js';
import { emptyAssistantMessage } from '../../../src/shared/messages.js';
import { MODEL, call, recordEvents, reply, scriptedModel, text, thinking, instantTool, type Reply } from './scripted-stream.js';

function agentWith(...replies: Reply[]) {
  const model = scriptedModel(...replies);
  const agent = new Agent({ systemPrompt: 'sys', model: MODEL, streamFn: model.streamFn, tools: [instantTool('look')] });
  return { agent, model, log: recordEvents(agent) };
}

const updates = (events: AgentEvent[]) =>
  events.filter((e): e is Extract<AgentEvent, { type: 'message_update' }> => e.type === 'message_update');

describe('message_update', () => {
  it('deltas of one block concatenate to its final text; the message is cumulative (checklist 13, edge 45)', async () => {
    const { agent, log } = agentWith(reply(thinking('Let me '), thinking('think.'), text('The ', 'answer ', 'is 42.')));
    await agent.prompt('q');
    const final = agent.state.messages.at(-1) as AssistantMessage;
    expect(final.content).toEqual([
      { type: 'thinking', thinking: 'Let me think.' },
      { type: 'text', text: 'The answer is 42.' },
    ]);

    const byBlock = new Map<number, string>();
    for (const { assistantMessageEvent: e } of updates(log.events)) {
      if (e.type === 'text_delta' || e.type === 'thinking_delta')
        byBlock.set(e.contentIndex, (byBlock.get(e.contentIndex) ?? '') + e.delta);
    }
    expect(byBlock).toEqual(
      new Map([
        [0, 'Let me think.'],
        [1, 'The answer is 42.'],
      ]),
    );

    const textSnapshots = updates(log.events)
      .filter((u) => u.assistantMessageEvent.type === 'text_delta')
      .map((u) => u.message.content.length);
    expect(textSnapshots).toEqual([2, 2, 2]);
    // Summing the cumulative message would count earlier text again: the deltas are what a consumer counts.
    const deltaChars = updates(log.events).reduce(
      (n, u) => n + ('delta' in u.assistantMessageEvent ? u.assistantMessageEvent.delta.length : 0),
      0,
    );
    expect(deltaChars).toBe('Let me think.'.length + 'The answer is 42.'.length);
  });

  it('each update carries its own shallow copy of the partial; message_end carries the stored final message', async () => {
    const { agent, log } = agentWith(reply(text('a', 'b')));
    await agent.prompt('q');
    const copies = updates(log.events).map((u) => u.message);
    expect(new Set(copies).size).toBe(copies.length);
    const end = log.events.findLast((e) => e.type === 'message_end');
    expect(end?.type === 'message_end' && end.message).toBe(agent.state.messages.at(-1));
    expect(agent.state.messages.at(-1)).toMatchObject({ stopReason: 'stop', content: [{ type: 'text', text: 'ab' }] });
  });

  it('tool call increments arrive as toolcall_start/delta/end updates', async () => {
    const { agent, log } = agentWith(reply(call('c1', 'look', { q: 1 })), reply(text('done')));
    await agent.prompt('q');
    const kinds = updates(log.events).map((u) => u.assistantMessageEvent.type);
    expect(kinds.slice(0, 3)).toEqual(['toolcall_start', 'toolcall_delta', 'toolcall_end']);
    const delta = updates(log.events)[1]?.assistantMessageEvent;
    expect(delta?.type === 'toolcall_delta' && delta.delta).toBe('{"q":1}');
  });

  it('a stream without a start event gives message_start then message_end, no updates (edge 46)', async () => {
    const { agent, log } = agentWith({ kind: 'stream', steps: text('ignored'), withoutStart: true });
    await agent.prompt('q');
    expect(log.types().slice(4)).toEqual(['message_start:assistant', 'message_end:assistant', 'turn_end', 'agent_end']);
    // Deltas before `start` have no message to belong to, but the final message is the provider's.
    expect(agent.state.messages.at(-1)).toMatchObject({ role: 'assistant', stopReason: 'stop' });
  });
});

describe('streams that end badly', () => {
  it('ending without a terminal event becomes stopReason error with the partial kept (edge 49)', async () => {
    const { agent, log } = agentWith(reply(text('half'), { type: 'end' }));
    await agent.prompt('q');
    expect(agent.state.messages.at(-1)).toMatchObject({
      role: 'assistant',
      content: [{ type: 'text', text: 'half' }],
      stopReason: 'error',
      errorMessage: 'Stream ended without a final event',
      errorCode: 'bad_response',
    });
    expect(agent.state.errorMessage).toBe('Stream ended without a final event');
    expect(log.types().slice(-4)).toEqual(['message_update', 'message_end:assistant', 'turn_end', 'agent_end']);
  });

  it('ending without any event gives an empty error message with start and end', async () => {
    const { agent, log } = agentWith({ kind: 'stream', steps: [{ type: 'end' }], withoutStart: true });
    await agent.prompt('q');
    expect(log.types().slice(4)).toEqual(['message_start:assistant', 'message_end:assistant', 'turn_end', 'agent_end']);
    expect(agent.state.messages.at(-1)).toMatchObject({
      content: [{ type: 'text', text: '' }],
      stopReason: 'error',
      errorMessage: 'Stream ended without a final event',
    });
  });

  it('an iterator that throws mid-stream keeps the partial with stopReason error and the thrown message', async () => {
    const { agent, log } = agentWith({ kind: 'break', steps: text('par', 'tial'), message: 'socket hang up' });
    await agent.prompt('q');
    expect(agent.state.messages.at(-1)).toMatchObject({
      content: [{ type: 'text', text: 'partial' }],
      stopReason: 'error',
      errorMessage: 'socket hang up',
    });
    expect(log.types().filter((t) => t === 'message_start:assistant')).toHaveLength(1);
    expect(log.types().slice(-3)).toEqual(['message_end:assistant', 'turn_end', 'agent_end']);
  });

  it('a terminal event is authoritative for the stop reason, and a failure always carries a message', async () => {
    const partial: AssistantMessage = emptyAssistantMessage(MODEL.id, 0);
    const streamFn: StreamFn = () => {
      const stream = new EventStream();
      stream.push({ type: 'start', partial });
      stream.push({ type: 'error', reason: 'error', error: partial });
      return stream;
    };
    const agent = new Agent({ model: MODEL, streamFn });
    await agent.prompt('q');
    expect(agent.state.messages.at(-1)).toMatchObject({ stopReason: 'error', errorMessage: 'Model request failed' });
    expect(agent.state.errorMessage).toBe('Model request failed');
  });
});
