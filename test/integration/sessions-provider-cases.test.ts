// The session layer commits what providers really send the way a person expects (issue #11): content parts,
// an answer with no finish reason, reasoning_details, a refusal, <think> blocks, usage, a late "stop" after tool
// calls; and names causes a person can act on (out of quota). Through the real session service and fake server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  eventOf,
  fileLines,
  sentMessages,
  startHarness,
  streamedText,
  SYSTEM_PROMPT,
  type Harness,
} from '../unit/sessions/service-harness.js';
import type { FakeReply } from '../fixtures/fake-openai.js';
import type { AssistantMessage } from '../../src/shared/messages.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

/** Sends `text` with `reply` queued; returns the run's events and the committed assistant message (if any). */
async function ask(
  reply: FakeReply,
  text = 'question',
): Promise<{ sessionId: string; events: Awaited<ReturnType<Harness['runEnd']>>; saved?: AssistantMessage }> {
  const session = await h.service.create({});
  h.server.enqueue(reply);
  const events = await h.runEnd((await h.service.send(session.id, text)).runId);
  // A new chat whose first run failed before showing anything is removed (run_end `discarded`): nothing was saved.
  if (eventOf(events, 'run_end').discarded) return { sessionId: session.id, events };
  const detail = await h.service.get(session.id);
  const saved = detail.messages.filter((m): m is AssistantMessage => m.role === 'assistant').at(-1);
  return { sessionId: session.id, events, ...(saved ? { saved } : {}) };
}

describe('what the session commits from real provider shapes', () => {
  it('Mistral content parts: reasoning and the whole answer are saved, and only the answer goes back to the model', async () => {
    const { sessionId, events, saved } = await ask({
      reasoningAs: 'content-parts',
      reasoning: '17 × 23 = 391.',
      text: '391',
      chunkSize: 2,
    });
    expect(eventOf(events, 'run_end').committed).toBe(true);
    expect(saved?.content).toEqual([
      { type: 'thinking', thinking: '17 × 23 = 391.', signature: 'content' },
      { type: 'text', text: '391' },
    ]);
    h.server.enqueue({ text: 'ok' });
    await h.runEnd((await h.service.send(sessionId, 'and?')).runId);
    expect(sentMessages(h.server.chatRequests[1]!.body)).toEqual([
      ['system', SYSTEM_PROMPT],
      ['user', 'question'],
      ['assistant', '391'],
      ['user', 'and?'],
    ]);
  });

  it('an answer that ends with usage and [DONE] but no finish reason is committed, not rolled back', async () => {
    const { events, saved } = await ask({ text: 'All done here.', finishReason: null });
    expect(eventOf(events, 'run_end').committed).toBe(true);
    expect(saved).toMatchObject({ stopReason: 'stop', content: [{ type: 'text', text: 'All done here.' }] });
    expect(saved?.errorCode).toBeUndefined();
  });

  it('reasoning that arrives only as reasoning_details is saved as reasoning, once', async () => {
    const detail = (text: string) => ({ delta: { reasoning: text, reasoning_details: [{ type: 'reasoning.text', text }] } });
    const { saved } = await ask({
      frames: [detail('Weigh '), detail('options.'), { delta: { content: 'Pick B.' }, finish_reason: 'stop' }],
    });
    expect(saved?.content).toEqual([
      { type: 'thinking', thinking: 'Weigh options.', signature: 'reasoning' },
      { type: 'text', text: 'Pick B.' },
    ]);
  });

  it('a refusal is committed as the answer, marked as a refusal on disk and in the live event', async () => {
    const { sessionId, events, saved } = await ask({ refusal: "I can't help with that request." });
    expect(eventOf(events, 'run_end').committed).toBe(true);
    expect(eventOf(events, 'assistant_end')).toMatchObject({ stopReason: 'stop', refusal: true });
    expect(streamedText(events)).toBe("I can't help with that request.");
    expect(saved).toMatchObject({ refusal: true, content: [{ type: 'text', text: "I can't help with that request." }] });
    const lines = await fileLines(h.dir, sessionId);
    expect(lines.find((l) => l.message?.role === 'assistant')?.message).toMatchObject({ refusal: true });
  });

  it('<think> blocks are saved as reasoning, shown as reasoning, and not replayed to the model', async () => {
    const { sessionId, events, saved } = await ask({ reasoningAs: 'think-tags', reasoning: 'Two and two.', text: 'Four.' });
    expect(streamedText(events)).toBe('Four.');
    expect(events.map((e) => (e.event.type === 'delta' ? (e.event.thinking ?? '') : '')).join('')).toBe('Two and two.\n');
    expect(saved?.content).toEqual([
      { type: 'thinking', thinking: 'Two and two.\n', signature: 'content' },
      { type: 'text', text: 'Four.' },
    ]);
    h.server.enqueue({ text: 'ok' });
    await h.runEnd((await h.service.send(sessionId, 'sure?')).runId);
    expect(h.server.chatRequests[1]!.rawBody).not.toContain('think');
    expect(sentMessages(h.server.chatRequests[1]!.body)[2]).toEqual(['assistant', 'Four.']);
  });

  it('xAI-style usage is stored with reasoning inside output and the provider total', async () => {
    const { saved } = await ask({
      text: 'Answer.',
      usage: { prompt_tokens: 20, completion_tokens: 40, total_tokens: 394, completion_tokens_details: { reasoning_tokens: 334 } },
    });
    expect(saved?.usage).toMatchObject({ input: 20, output: 374, reasoning: 334, totalTokens: 394 });
  });

  it('a late "stop" after tool calls still runs the tools (the app has none, so each gets a not-found result)', async () => {
    h.server.enqueue(
      {
        frames: [
          { delta: { tool_calls: [{ index: 0, id: 'call_9', type: 'function', function: { name: 'lookup', arguments: '{}' } }] } },
          { delta: {}, finish_reason: 'tool_calls' },
          { delta: {}, finish_reason: 'stop' },
        ],
      },
      { text: 'Without the tool, here is my answer.' },
    );
    const session = await h.service.create({});
    const events = await h.runEnd((await h.service.send(session.id, 'look it up')).runId);
    const ends = events.flatMap((e) => (e.event.type === 'assistant_end' ? [e.event.stopReason] : []));
    expect(ends).toEqual(['toolUse', 'stop']);
    expect(h.server.chatRequests).toHaveLength(2);
    const roles = (await h.service.get(session.id)).messages.map((m) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'toolResult', 'assistant']);
  });

  it('out of balance is not committed and says so in the words a person can act on', async () => {
    const { events } = await ask({
      status: 402,
      rawBody: JSON.stringify({ error: { message: 'Insufficient Balance', type: 'unknown_error' } }),
    });
    expect(eventOf(events, 'error')).toMatchObject({
      code: 'out_of_quota',
      message: 'The account is out of quota or balance (HTTP 402): Insufficient Balance',
      unsentText: 'question',
    });
  });
});
