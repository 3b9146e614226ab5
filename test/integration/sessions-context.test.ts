// What the model sees of a long session: bounded by message count and token budget, whole turns, system first;
// what is stored is never trimmed.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyUsage, type Message } from '../../src/shared/messages.js';
import { messageTokens, tokenizerStats } from '../../src/main/sessions/context-policy.js';
import { serializeLines, type FileLine, type MessageEntry } from '../../src/main/sessions/store/session-file.js';
import { sentMessages, startHarness, SYSTEM_PROMPT, type Harness } from '../unit/sessions/service-harness.js';

let h: Harness;
/** The context policy alone: these checks are of what it leaves out (condensing is tested in condense.test.ts). */
const PLAIN = { condenseEnabled: () => false };
afterEach(async () => {
  await h.close();
});

describe('context policy in the service', () => {
  it('a 300-turn session sends at most 100 whole-turn messages; all 600 stay on disk and come back from get', async () => {
    h = await startHarness(PLAIN);
    const session = await h.service.create({});
    for (let i = 1; i <= 300; i++) await h.runEnd((await h.service.send(session.id, `question ${i}`)).runId);

    const last = sentMessages(h.server.chatRequests.at(-1)!.body);
    expect(last.length).toBeLessThanOrEqual(100);
    expect(last[0]).toEqual(['system', SYSTEM_PROMPT]);
    expect(last[1]).toEqual(['user', `question ${300 - (last.length - 2) / 2}`]);
    const roles = last.slice(1).map(([role]) => role);
    expect(roles).toEqual(roles.map((_, i) => (i % 2 === 0 ? 'user' : 'assistant')));
    expect(last.at(-1)).toEqual(['user', 'question 300']);

    const detail = await h.service.get(session.id);
    expect(detail.messages).toHaveLength(601);
    expect(detail.messageCount).toBe(601);
    const lines = (await fs.readFile(path.join(h.dir, 'sessions', `${session.id}.jsonl`), 'utf8')).split('\n').filter(Boolean);
    expect(lines.filter((l) => l.includes('"type":"message"'))).toHaveLength(600);
    expect((await h.restart().then((s) => s.get(session.id))).messages).toHaveLength(601);
  });

  it('MAX_MESSAGES_PER_SESSION is an injected option', async () => {
    h = await startHarness({ ...PLAIN, maxMessagesPerSession: 4 });
    const session = await h.service.create({});
    for (let i = 1; i <= 3; i++) await h.runEnd((await h.service.send(session.id, `q${i}`)).runId);
    expect(sentMessages(h.server.chatRequests.at(-1)!.body)).toEqual([
      ['system', SYSTEM_PROMPT],
      ['user', 'q2'],
      ['assistant', 'You said: q2'],
      ['user', 'q3'],
    ]);
  });

  it('a small context window bounds the request by tokens, newest turns first', async () => {
    h = await startHarness({ ...PLAIN, model: { contextWindow: 400, maxOutputTokens: 100 } });
    const session = await h.service.create({});
    const long = (i: number) => `turn ${i}: ${'lorem ipsum dolor sit amet '.repeat(6)}`;
    for (let i = 1; i <= 12; i++) await h.runEnd((await h.service.send(session.id, long(i))).runId);

    const sent = sentMessages(h.server.chatRequests.at(-1)!.body);
    expect(sent[0]).toEqual(['system', SYSTEM_PROMPT]);
    expect(sent[1]![0]).toBe('user');
    expect(sent.at(-1)).toEqual(['user', long(12)]);
    expect(sent.length).toBeLessThan(24);
    expect(sent.length).toBeGreaterThan(2);
    const messages = (await h.service.get(session.id)).messages;
    const tokens = messages.slice(-(sent.length - 1)).reduce((n, m) => n + messageTokens(m), messageTokens(messages[0]!));
    expect(tokens).toBeLessThanOrEqual(300);
  });

  it('a tool call is never sent without its result', async () => {
    h = await startHarness({ ...PLAIN, maxMessagesPerSession: 4 });
    const session = await h.service.create({});
    await h.service.dispose();
    // A stored run with a tool call: user, assistant(toolCall), toolResult, assistant.
    const runMessages: Message[] = [
      { role: 'user', content: 'weather?', timestamp: 1 },
      {
        role: 'assistant',
        content: [{ type: 'toolCall', id: 'call-1', name: 'weather', arguments: { city: 'Paris' } }],
        model: 'fake-model',
        usage: emptyUsage(),
        stopReason: 'toolUse',
        timestamp: 2,
      },
      {
        role: 'toolResult',
        toolCallId: 'call-1',
        toolName: 'weather',
        content: [{ type: 'text', text: 'sunny' }],
        isError: false,
        timestamp: 3,
      },
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'It is sunny.' }],
        model: 'fake-model',
        usage: emptyUsage(),
        stopReason: 'stop',
        timestamp: 4,
      },
    ];
    let parentId: string | null = null;
    const entries = runMessages.map((message, i): MessageEntry => {
      const entry: MessageEntry = { type: 'message', id: `e${i}`, parentId, runId: 'r1', timestamp: i, message };
      parentId = entry.id;
      return entry;
    });
    const lines: FileLine[] = [...entries, { type: 'commit', runId: 'r1', count: entries.length, timestamp: 5 }];
    await fs.appendFile(path.join(h.dir, 'sessions', `${session.id}.jsonl`), serializeLines(lines));
    const service = await h.restart();
    await h.runEnd((await service.send(session.id, 'and tomorrow?')).runId);

    // The limit (4) would cut between the call and its result; the whole older turn is dropped instead.
    const body = h.server.chatRequests.at(-1)!.body as { messages: Array<{ role: string; tool_calls?: unknown; tool_call_id?: string }> };
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    await h.runEnd((await service.send(session.id, 'thanks')).runId);
    const roles = (h.server.chatRequests.at(-1)!.body as typeof body).messages.map((m) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);

    // With room for it, the whole tool turn goes, call and result together.
    const roomy = await startHarness({ ...PLAIN, maxMessagesPerSession: 100 });
    try {
      await roomy.service.dispose();
      // The index write the last commit scheduled lands first: a copy must not meet its temp file half-way.
      await h.service.store.flush();
      await fs.cp(path.join(h.dir, 'sessions'), path.join(roomy.dir, 'sessions'), { recursive: true });
      const s = await roomy.restart();
      await roomy.runEnd((await s.send(session.id, 'last one')).runId);
      const sent = (roomy.server.chatRequests.at(-1)!.body as typeof body).messages;
      const call = sent.findIndex((m) => m.tool_calls !== undefined);
      expect(sent[call + 1]).toMatchObject({ role: 'tool', tool_call_id: 'call-1' });
    } finally {
      await roomy.close();
    }
  });

  it('a send never tokenizes history: counts are made once at commit and kept with the messages across a restart', async () => {
    h = await startHarness({ ...PLAIN, model: { contextWindow: 100_000_000 } });
    const session = await h.service.create({});
    const long = 'word '.repeat(60_000);
    for (let i = 1; i <= 3; i++) {
      h.server.enqueue({ text: long, chunkSize: 50_000 });
      await h.runEnd((await h.service.send(session.id, `question ${i}`)).runId);
    }
    const service = await h.restart();
    tokenizerStats.chars = 0;
    await h.runEnd((await service.send(session.id, 'next')).runId);
    // Only what is new: the system prompt of the reloaded session, the question, and the answer being committed.
    expect(tokenizerStats.chars).toBe(SYSTEM_PROMPT.length + 'next'.length + 'You said: next'.length);
    expect(sentMessages(h.server.chatRequests.at(-1)!.body)).toHaveLength(1 + 3 * 2 + 1);
  });

  it('counting a huge message tokenizes a bounded prefix and extrapolates the rest', () => {
    tokenizerStats.chars = 0;
    const huge: Message = { role: 'user', content: 'abc '.repeat(2_000_000), timestamp: 0 };
    const tokens = messageTokens(huge);
    expect(tokenizerStats.chars).toBe(65_536);
    expect(tokens).toBeGreaterThan(1_900_000);
    expect(tokens).toBeLessThan(2_200_000);
  });
});
