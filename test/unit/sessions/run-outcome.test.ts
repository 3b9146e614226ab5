import { describe, expect, it } from 'vitest';
import { emptyUsage, type AssistantMessage, type Message, type UserMessage } from '../../../src/shared/messages.js';
import { decideOutcome } from '../../../src/main/sessions/run-outcome.js';

const prompt: UserMessage = { role: 'user', content: 'hi', timestamp: 0 };
function reply(
  stopReason: AssistantMessage['stopReason'],
  content: AssistantMessage['content'],
  extra: Partial<AssistantMessage> = {},
): AssistantMessage {
  return { role: 'assistant', content, model: 'm', usage: emptyUsage(), stopReason, timestamp: 0, ...extra };
}
const text = (t: string) => ({ type: 'text' as const, text: t });
const call = { type: 'toolCall' as const, id: 'c1', name: 'lookup', arguments: {} };
const toolResult: Message = {
  role: 'toolResult',
  toolCallId: 'c1',
  toolName: 'lookup',
  content: [text('r')],
  isError: false,
  timestamp: 0,
};

describe('decideOutcome', () => {
  it('success with text commits the whole run', () => {
    const run = [prompt, reply('stop', [text('hello')])];
    expect(decideOutcome(run, false)).toEqual({ commit: true, messages: run, stopped: false });
  });

  it('reasoning only counts as a reply', () => {
    expect(decideOutcome([prompt, reply('stop', [{ type: 'thinking', thinking: 'hm' }])], false).commit).toBe(true);
  });

  it('no content → empty_reply, nothing committed', () => {
    expect(decideOutcome([prompt, reply('stop', [text('  ')])], false)).toEqual({ commit: false, code: 'empty_reply' });
  });

  it('a model failure names its cause', () => {
    const failed = reply('error', [text('par')], { errorCode: 'server_error', errorMessage: 'HTTP 500' });
    expect(decideOutcome([prompt, failed], false)).toEqual({ commit: false, code: 'server_error', detail: 'HTTP 500' });
  });

  it('partial success (tools ran, the final turn failed) rolls back the whole run', () => {
    const run = [prompt, reply('toolUse', [call]), toolResult, reply('error', [], { errorCode: 'interrupted', errorMessage: 'dropped' })];
    expect(decideOutcome(run, false)).toMatchObject({ commit: false, code: 'interrupted' });
  });

  it('stopped after text: committed as stopped', () => {
    const run = [prompt, reply('aborted', [text('half an ans')])];
    expect(decideOutcome(run, true)).toEqual({ commit: true, messages: run, stopped: true });
  });

  it('stopped before any text: not committed, code aborted', () => {
    expect(decideOutcome([prompt, reply('aborted', [])], true)).toEqual({ commit: false, code: 'aborted' });
  });

  it('stopped in turn 2 before its first token: turn 1 is kept, the empty message is not', () => {
    const run = [prompt, reply('toolUse', [text('checking'), call]), toolResult, reply('aborted', [])];
    expect(decideOutcome(run, true)).toEqual({ commit: true, messages: run.slice(0, 3), stopped: true });
  });

  it('stopped while tools ran: committed as stopped', () => {
    const run = [prompt, reply('toolUse', [call]), toolResult];
    expect(decideOutcome(run, true)).toEqual({ commit: true, messages: run, stopped: true });
  });

  it('a stop that arrived after the answer completed is a plain success', () => {
    const run = [prompt, reply('stop', [text('done')])];
    expect(decideOutcome(run, true)).toEqual({ commit: true, messages: run, stopped: false });
  });
});
