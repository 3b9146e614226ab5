// What a long history costs the session service, counted: a send to a 10,000-message session writes, reads and
// tokenizes what a send to a 10-message one does; idle sessions leave memory; a start without an index fills the
// sidebar in batches.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyUsage, type Message } from '../../src/shared/messages.js';
import type { SessionSummary } from '../../src/shared/sessions.js';
import { tokenizerStats } from '../../src/main/sessions/context-policy.js';
import { serializeLines, type FileLine, type SessionHeader } from '../../src/main/sessions/store/session-file.js';
import { DEFAULT_IDLE_SESSIONS } from '../../src/main/sessions/session-service.js';
import { seededId, seedSession } from '../fixtures/seed-sessions.js';
import { startHarness, SYSTEM_PROMPT, type Harness } from '../unit/sessions/service-harness.js';
import { chainEntries } from '../fixtures/chain-entries.js';

let h: Harness;
afterEach(async () => {
  await h.close();
});

/** A session file of `turns` question/answer pairs whose messages carry their token counts (as commits write them). */
async function writeCounted(dataDir: string, index: number, turns: number): Promise<string> {
  const id = seededId(index);
  const header: SessionHeader = { type: 'session', version: 2, id, createdAt: 1_000, systemPrompt: SYSTEM_PROMPT, model: 'fake-model' };
  const lines: FileLine[] = [header];
  let parent: string | null = null;
  for (let turn = 1; turn <= turns; turn++) {
    const runId = `run-${turn}`;
    const messages: Message[] = [
      { role: 'user', content: `question ${turn}`, timestamp: turn },
      {
        role: 'assistant',
        content: [{ type: 'text', text: `answer ${turn}` }],
        model: 'fake-model',
        usage: emptyUsage(),
        stopReason: 'stop',
        timestamp: turn,
      },
    ];
    const entries = chainEntries(runId, messages, parent, turn, { id: (i) => `m${turn}-${i}`.padEnd(12, '0'), tokens: 7 });
    lines.push(...entries);
    parent = entries.at(-1)!.id;
    lines.push({ type: 'commit', runId, count: 2, timestamp: 2_000 + turn });
  }
  await fs.mkdir(path.join(dataDir, 'sessions'), { recursive: true });
  await fs.writeFile(path.join(dataDir, 'sessions', `${id}.jsonl`), serializeLines(lines));
  return id;
}

describe('a send costs the same at 10 and at 10,000 messages', () => {
  it('appends only the new run, reads no file and tokenizes only the new messages', async () => {
    // Steady state: a chat already within its budget (a first condensing of the long one is tested in condense.test.ts).
    h = await startHarness({ model: { contextWindow: 1_000_000 }, condenseEnabled: () => false });
    const short = await writeCounted(h.dir, 1, 5);
    const long = await writeCounted(h.dir, 2, 5_000);
    const service = await h.restart();
    await service.store.scanned();

    const costs = [];
    for (const id of [short, long]) {
      await service.get(id);
      const file = service.store.filePath(id);
      const before = (await fs.stat(file)).size;
      const reads = service.store.work.sessionFilesRead;
      tokenizerStats.chars = 0;
      h.server.enqueue({ text: 'the same answer' });
      await h.runEnd((await service.send(id, 'next')).runId);
      const added = (await fs.readFile(file)).subarray(before).toString('utf8');
      costs.push({
        lines: added
          .split('\n')
          .filter(Boolean)
          .map((line) => (JSON.parse(line) as { type: string }).type),
        bytes: Buffer.byteLength(added),
        reads: service.store.work.sessionFilesRead - reads,
        tokenized: tokenizerStats.chars,
      });
    }
    const [atTen, atTenThousand] = costs;
    expect(atTen).toMatchObject({ lines: ['message', 'message', 'commit'], reads: 0 });
    expect(atTenThousand).toMatchObject({ lines: ['message', 'message', 'commit'], reads: 0 });
    // Ids and timings may differ by a digit; the history (300 KB) is never written again.
    expect(Math.abs(atTenThousand!.bytes - atTen!.bytes)).toBeLessThan(16);
    expect(atTen!.bytes).toBeLessThan(2_000);
    // The system prompt of each reloaded session, the question and the answer: nothing of the history.
    expect(atTen!.tokenized).toBe(SYSTEM_PROMPT.length + 'next'.length + 'the same answer'.length);
    expect(atTenThousand!.tokenized).toBe(atTen!.tokenized);
  });
});

describe('idle sessions leave memory', () => {
  it(`opening 50 long sessions one after another keeps ${DEFAULT_IDLE_SESSIONS} loaded; the first comes back from its file`, async () => {
    h = await startHarness();
    for (let i = 1; i <= 50; i++) seedSession(h.dir, { turns: 100, index: i });
    const service = await h.restart();
    await service.store.scanned();

    const loaded: number[] = [];
    for (let i = 1; i <= 50; i++) {
      expect((await service.get(seededId(i))).messages).toHaveLength(201);
      loaded.push(service.loadedCount);
    }
    expect(loaded.slice(0, 5)).toEqual([1, 2, 3, 4, 4]);
    expect(Math.max(...loaded)).toBe(DEFAULT_IDLE_SESSIONS);

    const reads = service.store.work.sessionFilesRead;
    const first = await service.get(seededId(1));
    expect(first.messages[1]).toMatchObject({ role: 'user', content: 'Question 1 of session 1' });
    expect(service.store.work.sessionFilesRead).toBe(reads + 1);
    expect(service.loadedCount).toBe(DEFAULT_IDLE_SESSIONS);
  });

  it('a session answering in the background stays loaded however many others are opened', async () => {
    h = await startHarness();
    for (let i = 1; i <= 10; i++) seedSession(h.dir, { turns: 2, index: i });
    const service = await h.restart();
    await service.store.scanned();
    let release!: () => void;
    h.server.enqueue({ text: 'slow answer', gate: new Promise<void>((r) => (release = r)), gateAfterChunks: 1 });
    const { runId } = await service.send(seededId(1), 'take your time');
    for (let i = 2; i <= 10; i++) await service.get(seededId(i));
    expect(service.loadedCount).toBe(DEFAULT_IDLE_SESSIONS + 1);
    release();
    await h.runEnd(runId);
    expect((await service.get(seededId(1))).messages.at(-1)).toMatchObject({ role: 'assistant' });
  });
});

describe('a start without an index', () => {
  it('answers the list at once and sends every session found to the sidebar in batches', async () => {
    h = await startHarness();
    for (let i = 1; i <= 600; i++) seedSession(h.dir, { turns: 1, index: i });
    await fs.rm(path.join(h.dir, 'sessions', 'index.json'), { force: true });
    h.events.length = 0;
    const service = await h.restart({ listedAtOnce: true });
    const first = service.list().length;
    await service.store.scanned();

    const batches = h.events.filter((e) => e.event.type === 'sessions_listed');
    expect(batches.every((e) => e.sessionId === '' && e.runId === '' && e.seq === 0)).toBe(true);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    const found = batches.flatMap((e) => (e.event.type === 'sessions_listed' ? e.event.summaries : []));
    expect(first + found.length).toBe(600);
    expect(found.find((s: SessionSummary) => s.id === seededId(600))).toMatchObject({ name: 'Seeded session 600', messageCount: 3 });
    expect(service.list()).toHaveLength(600);
    expect(service.list()[0]!.id).toBe(seededId(600));
  });
});
