// Find in the open chat asks main, which scans the whole shown branch: a word in message 3 of a 2,000-message chat
// is found and counted while the window holds only the newest page. Work is counted in messages folded, never in time.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/main/app-core.js';
import { findWork } from '../../src/main/search/index.js';
import type { IpcResult } from '../../src/shared/errors.js';
import type { FindResponse } from '../../src/shared/search.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import { seedSession, seededId } from '../fixtures/seed-sessions.js';
import { openTestCore } from '../fixtures/test-core.js';

const LONG = 1; // 2,000 messages
const FORKED = 2; // 2,000 messages, another version of answer 10 (not shown) with 100 more exchanges under it

let dataDir: string;
let core: AppCore;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-find-'));
  seedSession(dataDir, {
    index: LONG,
    turns: 1_000,
    answerChars: 300,
    texts: (turn) =>
      turn === 2
        ? { question: 'Which closure keeps the Zephyr value? zephyr, ZEPHYR and ｚｅｐｈｙｒ are one word; 闭包也一样。' }
        : turn === 900
          ? { answer: 'A last zephyr, near the end.' }
          : undefined,
  });
  seedSession(dataDir, { index: FORKED, turns: 1_000, answerChars: 300, fork: { turn: 10, turns: 100 } });
  core = await openTestCore(dataDir, { env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'fake-model' } });
  await core.sessions?.store.scanned();
}, 60_000);
afterAll(async () => {
  await core.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function value<T>(channel: string, request: unknown): Promise<T> {
  const result = (await core.router.handle(channel, request)) as IpcResult<T>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

const find = (sessionId: string, query: string) => value<FindResponse>('search:findInSession', { sessionId, query });

describe('find in the open chat', () => {
  it('finds and counts the word in message 3 of 2,000 while the window holds only the newest page', async () => {
    const opened = await value<SessionDetail>('sessions:get', { sessionId: seededId(LONG) });
    expect(opened).toMatchObject({ start: 1_950, total: 2_000 });

    const found = await find(seededId(LONG), 'ZEPHYR');
    expect(found).toEqual({
      matches: [
        { messageId: `seed-${LONG}-2-0`, position: 2, count: 4 },
        { messageId: `seed-${LONG}-900-1`, position: 1_799, count: 1 },
      ],
      total: 2_000,
      leaf: `seed-${LONG}-1000-1`,
    });
  });

  it('matches inside words and Chinese text, case and width folded as search folds them', async () => {
    expect((await find(seededId(LONG), 'losure')).matches).toEqual([{ messageId: `seed-${LONG}-2-0`, position: 2, count: 1 }]);
    expect((await find(seededId(LONG), '闭包')).matches).toEqual([{ messageId: `seed-${LONG}-2-0`, position: 2, count: 1 }]);
    expect((await find(seededId(LONG), 'Ｑｕｅｓｔｉｏｎ 1000 ')).matches).toEqual([
      { messageId: `seed-${LONG}-1000-0`, position: 1_998, count: 1 },
    ]);
    expect((await find(seededId(LONG), '   ')).matches).toEqual([]);
    expect((await find(seededId(LONG), 'no such words')).matches).toEqual([]);
  });

  it('folds each message once: the next keystroke only scans', async () => {
    await find(seededId(LONG), 'z');
    const folded = findWork.foldedMessages;
    const found = await find(seededId(LONG), 'ze');
    expect(found.matches.map((m) => m.position)).toEqual([2, 1_799]);
    expect(findWork.foldedMessages).toBe(folded);
  });

  it('scans the version shown, not the one beside it', async () => {
    const found = await find(seededId(FORKED), 'Other answer');
    expect(found.matches).toEqual([]);
    expect((await find(seededId(FORKED), 'Answer 10.')).matches).toEqual([{ messageId: `seed-${FORKED}-10-1`, position: 19, count: 1 }]);
  });

  it('refuses a chat that is not there and a query longer than search takes', async () => {
    const missing = await core.router.handle('search:findInSession', { sessionId: seededId(99), query: 'x' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const long = await core.router.handle('search:findInSession', { sessionId: seededId(LONG), query: 'x'.repeat(10_000) });
    expect(long).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
