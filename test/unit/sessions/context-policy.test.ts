import { describe, expect, it } from 'vitest';
import { emptyUsage, type AssistantMessage, type Message, type ToolResultMessage, type UserMessage } from '../../../src/shared/messages.js';
import { createContextPolicy, MAX_TOOL_RESULT_CHARS, messageTokens, selectContext } from '../../../src/main/sessions/context-policy.js';

const system: Message = { role: 'system', content: 'You are Tiny Agent.', timestamp: 0 };
const user = (text: string): UserMessage => ({ role: 'user', content: text, timestamp: 0 });
const assistant = (text: string, calls: string[] = []): AssistantMessage => ({
  role: 'assistant',
  content: [{ type: 'text', text }, ...calls.map((id) => ({ type: 'toolCall' as const, id, name: 'lookup', arguments: { q: id } }))],
  model: 'm',
  usage: emptyUsage(),
  stopReason: calls.length ? 'toolUse' : 'stop',
  timestamp: 0,
});
const result = (id: string): ToolResultMessage => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: 'lookup',
  content: [{ type: 'text', text: `result ${id}` }],
  isError: false,
  timestamp: 0,
});

function conversation(turns: number): Message[] {
  const out: Message[] = [system];
  for (let i = 0; i < turns; i++) out.push(user(`question ${i}`), assistant(`answer ${i}`));
  return out;
}

describe('selectContext', () => {
  it('300 turns under a 100-message limit: system + the newest 49 whole turns', () => {
    const all = conversation(300);
    const sent = selectContext(all, { maxMessages: 100 });
    expect(sent).toHaveLength(99);
    expect(sent[0]).toBe(system);
    expect(sent[1]).toEqual(user('question 251'));
    expect(sent.at(-1)).toEqual(assistant('answer 299'));
    expect(all).toHaveLength(601);
  });

  it('keeps everything when it fits', () => {
    const all = conversation(3);
    expect(selectContext(all, { maxMessages: 100 })).toEqual(all);
  });

  it('never splits a turn: a tool call stays with its result and the answer', () => {
    const all: Message[] = [
      system,
      user('old'),
      assistant('old answer'),
      user('look it up'),
      assistant('', ['call-1', 'call-2']),
      result('call-1'),
      result('call-2'),
      assistant('found it'),
    ];
    // 5 messages fit after the system message: the newest turn alone takes 5, so the older turn is dropped whole.
    expect(selectContext(all, { maxMessages: 6 })).toEqual([system, ...all.slice(3)]);
    // A limit cutting into the newest turn still sends that turn whole.
    expect(selectContext(all, { maxMessages: 3 })).toEqual([system, ...all.slice(3)]);
  });

  it('a user message between a tool call and its result does not start a turn', () => {
    const all: Message[] = [system, user('q1'), assistant('', ['c1']), user('steer'), result('c1'), assistant('done')];
    expect(selectContext(all, { maxMessages: 3 })).toEqual(all);
  });

  it('token budget: fits the newest turns into contextWindow minus the answer reserve', () => {
    const all = conversation(50);
    const perTurn = messageTokens(all[1]!) + messageTokens(all[2]!);
    const budget = messageTokens(system) + perTurn * 5 + 2;
    const sent = selectContext(all, { maxMessages: 1000, contextWindow: budget + 1000, maxOutputTokens: 1000 });
    expect(sent[0]).toBe(system);
    expect(sent).toHaveLength(1 + 2 * 5);
    expect(sent[1]).toEqual(user('question 45'));
  });

  it('the newest turn is kept even when it alone exceeds the token budget', () => {
    const all: Message[] = [system, user('short'), assistant('short'), user('long '.repeat(5000))];
    const sent = selectContext(all, { maxMessages: 100, contextWindow: 200, maxOutputTokens: 100 });
    expect(sent).toEqual([system, all[3]]);
  });

  it('counts tokens with the tokenizer, not by length, and caches per message', () => {
    const chinese = user('请记住项目代号是极简');
    const english = user('hello world hello world');
    expect(messageTokens(english)).toBeLessThan(english.content.length / 2);
    expect(messageTokens(chinese)).toBeGreaterThan(3);
    expect(messageTokens(chinese)).toBe(messageTokens(chinese));
    // Special-token look-alikes in user text are counted as text, never thrown on.
    expect(messageTokens(user('<|endoftext|>'))).toBeGreaterThan(4);
  });
});

describe('oversized tool results', () => {
  it('a huge tool result is shortened for the model with a marker; the stored message stays whole', () => {
    const huge: ToolResultMessage = { ...result('c1'), content: [{ type: 'text', text: 'x'.repeat(MAX_TOOL_RESULT_CHARS * 10) }] };
    const stored: Message[] = [system, user('read the file'), assistant('', ['c1']), huge];
    const policy = createContextPolicy(() => ({ maxMessages: 100 }));
    const sent = policy(stored);
    const shortened = sent.at(-1) as ToolResultMessage;
    const texts = shortened.content.map((part) => (part.type === 'text' ? part.text : ''));
    expect(texts[0]).toBe('x'.repeat(MAX_TOOL_RESULT_CHARS));
    expect(texts[1]).toBe(
      `\n[… ${MAX_TOOL_RESULT_CHARS * 9} more characters of this tool result were left out of this request to keep it small.]`,
    );
    expect(shortened.toolCallId).toBe('c1');
    expect((huge.content[0] as { text: string }).text).toHaveLength(MAX_TOOL_RESULT_CHARS * 10);
    // Every request reuses the same shortened copy; small results are sent as they are.
    expect(policy(stored).at(-1)).toBe(shortened);
    expect(policy([system, user('q'), assistant('', ['c2']), result('c2')]).at(-1)).toEqual(result('c2'));
  });
});
