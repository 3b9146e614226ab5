// Condensed history against the fake model server: a chat that outgrows its budget gets one summary (one request),
// stored as one meta line; the request body then carries the system prompt + summary and the recent turns; later
// sends reuse it (no second summary request); the stored history is unchanged; undo and off bring the plain policy
// back; "condense now" writes one on request.
import { afterEach, describe, expect, it } from 'vitest';
import { echoReply, type FakeRequest } from '../fixtures/fake-openai.js';
import { SUMMARY_LABEL } from '../../src/main/sessions/condense/index.js';
import { fileLines, sentMessages, startHarness, SYSTEM_PROMPT, type Harness } from '../unit/sessions/service-harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const isSummaryRequest = (request: FakeRequest) => String(request.body?.messages?.[0]?.content ?? '').startsWith('You condense chats');
const SUMMARY = 'Notes: the user asked about turns 1 to n.';
const long = (i: number) => `turn ${i}: ${'lorem ipsum dolor sit amet '.repeat(6)}`;

async function longChat(turns: number): Promise<{ h: Harness; id: string }> {
  const harness = await startHarness({ model: { contextWindow: 600, maxOutputTokens: 100 } });
  harness.server.setDefaultReply((request) => (isSummaryRequest(request) ? { text: SUMMARY } : echoReply(request)));
  const session = await harness.service.create({});
  for (let i = 1; i <= turns; i++) await harness.runEnd((await harness.service.send(session.id, long(i))).runId);
  return { h: harness, id: session.id };
}

describe('condensed history', () => {
  it('over budget: one summary request, one marker line, the request carries summary + recent turns', async () => {
    const chat = await longChat(10);
    h = chat.h;
    const summaries = h.server.chatRequests.filter(isSummaryRequest);
    expect(summaries).toHaveLength(1);

    const lines = await fileLines(h.dir, chat.id);
    const marks = lines.filter((l) => l.type === 'meta' && 'condensed' in l);
    expect(marks).toHaveLength(1);
    const mark = marks[0]!.condensed;
    expect(mark).toMatchObject({ summary: SUMMARY, model: 'fake-model' });

    // The last chat request: the system prompt with the summary, then whole turns after the summarized message.
    const last = sentMessages(h.server.chatRequests.filter((r) => !isSummaryRequest(r)).at(-1)!.body);
    expect(last[0]).toEqual(['system', `${SYSTEM_PROMPT}\n\n${SUMMARY_LABEL}\n${SUMMARY}`]);
    expect(last[1]![0]).toBe('user');
    expect(last.at(-1)).toEqual(['user', long(10)]);
    const covered = Number(/turn (\d+)/.exec(last[1]![1])![1]) - 1;
    expect(mark.count).toBe(covered * 2);
    expect(last.length).toBe(1 + (10 - covered) * 2 - 1);

    // Stored history is whole: every message is still there, and the window is told where the marker stands.
    const detail = await h.service.get(chat.id);
    expect(detail.messages).toHaveLength(21);
    expect(detail.condense).toEqual({ summary: mark, off: false });
    const messageIds = lines.filter((l) => l.type === 'message').map((l) => l.id);
    expect(messageIds.indexOf(mark.through)).toBe(mark.count - 1);
  });

  it('after a restart the stored summary is reused: two more sends make no summary request', async () => {
    // Eight turns: summarized once at the seventh, with room left for a few more before the next summary is due.
    const chat = await longChat(8);
    h = chat.h;
    const before = h.server.chatRequests.filter(isSummaryRequest).length;
    await h.restart();
    for (const text of ['one more', 'and another']) await h.runEnd((await h.service.send(chat.id, text)).runId);
    expect(h.server.chatRequests.filter(isSummaryRequest).length).toBe(before);
    const last = sentMessages(h.server.chatRequests.at(-1)!.body);
    expect(last[0]![1]).toContain(SUMMARY);
  });

  it('undo: requests carry the oldest turns the budget allows again; off: no summary is ever asked for', async () => {
    const chat = await longChat(10);
    h = chat.h;
    const undone = await h.service.undoCondense(chat.id);
    expect(undone.condense).toBeUndefined();
    await h.service.setCondenseOff(chat.id, true);
    const requests = h.server.chatRequests.length;
    await h.runEnd((await h.service.send(chat.id, 'plain')).runId);
    expect(h.server.chatRequests.length).toBe(requests + 1);
    const last = sentMessages(h.server.chatRequests.at(-1)!.body);
    expect(last[0]).toEqual(['system', SYSTEM_PROMPT]);
    expect((await h.service.get(chat.id)).condense).toEqual({ off: true });
    const lines = await fileLines(h.dir, chat.id);
    expect(lines.filter((l) => l.type === 'meta' && 'condensed' in l).map((l) => l.condensed === null)).toEqual([false, true]);
  });

  it('a short chat is never summarized; "condense now" summarizes all but the newest turn in one request', async () => {
    h = await startHarness();
    h.server.setDefaultReply((request) => (isSummaryRequest(request) ? { text: SUMMARY } : echoReply(request)));
    const session = await h.service.create({});
    for (const text of ['a', 'b', 'c']) await h.runEnd((await h.service.send(session.id, text)).runId);
    expect(h.server.chatRequests.filter(isSummaryRequest)).toHaveLength(0);

    const detail = await h.service.condenseNow(session.id);
    expect(h.server.chatRequests.filter(isSummaryRequest)).toHaveLength(1);
    expect(sentMessages(h.server.chatRequests.at(-1)!.body)[1]![1]).toBe(
      'User: a\n\nAssistant: You said: a\n\nUser: b\n\nAssistant: You said: b',
    );
    expect(detail.condense?.summary).toMatchObject({ count: 4, summary: SUMMARY });
    await h.runEnd((await h.service.send(session.id, 'd')).runId);
    expect(sentMessages(h.server.chatRequests.at(-1)!.body)).toEqual([
      ['system', `${SYSTEM_PROMPT}\n\n${SUMMARY_LABEL}\n${SUMMARY}`],
      ['user', 'c'],
      ['assistant', 'You said: c'],
      ['user', 'd'],
    ]);
  });
});
