// Opening a chat transfers a page, whatever its length: what the router sends for `sessions:get` and `sessions:page`
// with the real store on real files (seeded in the real file format), counted in characters of the IPC answer and in
// files read — never in time.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppCore, type AppCore } from '../../src/main/app-core.js';
import { SessionStore } from '../../src/main/sessions/store/session-store.js';
import type { IpcResult } from '../../src/shared/errors.js';
import { messageText } from '../../src/shared/messages.js';
import { PAGE, type MessagePage } from '../../src/shared/paging.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import { seedSession, seededId } from '../fixtures/seed-sessions.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

const SHORT = 1; // 200 messages
const LONG = 2; // 20,000 messages
const FORKED = 3; // 2,000 messages, another version of answer 10 with 100 more exchanges under it
const WORDY = 4; // 200 messages with ~4,000-character answers

let dataDir: string;
let core: AppCore;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-paging-'));
  seedSession(dataDir, { index: SHORT, turns: 100, answerChars: 300, reasoning: true });
  seedSession(dataDir, { index: LONG, turns: 10_000, answerChars: 300, reasoning: true });
  seedSession(dataDir, { index: FORKED, turns: 1_000, answerChars: 300, fork: { turn: 10, turns: 100 } });
  seedSession(dataDir, { index: WORDY, turns: 100, answerChars: 4_000 });
  core = await createAppCore({
    dataDir,
    env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'fake-model' },
    systemLocale: 'en-US',
    secrets: testSecretBox,
    emit: () => {},
    openExternal: async () => {},
    writeLog: () => {},
  });
  // The seeded chats have no index: the store lists them once its background folder check is over.
  await core.sessions?.store.scanned();
}, 60_000);
afterAll(async () => {
  await core.dispose();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** One invoke through the router, and how many characters its answer is as JSON (what crosses IPC). */
async function call<T>(channel: string, request: unknown): Promise<{ result: IpcResult<T>; chars: number }> {
  const result = (await core.router.handle(channel, request)) as IpcResult<T>;
  return { result, chars: JSON.stringify(result).length };
}

async function value<T>(channel: string, request: unknown): Promise<T> {
  const { result } = await call<T>(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

const texts = (messages: readonly { role: string }[]) => messages.map((m) => messageText(m as never));

describe('opening a chat', () => {
  it('sends the newest page: 200 and 20,000 messages cost the same characters within 1.2×, both under a page and a header', async () => {
    const short = await call<SessionDetail>('sessions:get', { sessionId: seededId(SHORT) });
    const long = await call<SessionDetail>('sessions:get', { sessionId: seededId(LONG) });
    const shortDetail = short.result.ok ? short.result.value : undefined;
    const longDetail = long.result.ok ? long.result.value : undefined;
    expect(shortDetail).toMatchObject({ start: 150, total: 200 });
    expect(longDetail).toMatchObject({ start: 19_950, total: 20_000, messageCount: 20_001 });
    expect(longDetail!.messages).toHaveLength(1 + PAGE.messages);
    expect(longDetail!.refs).toHaveLength(PAGE.messages);
    expect(texts(longDetail!.messages.slice(-2))).toEqual(['Question 10000 of session 2', expect.stringMatching(/^Answer 10000\. /)]);
    expect(longDetail!.around).toBeUndefined();
    console.log(`[paging] open: 200 messages ${short.chars} chars, 20,000 messages ${long.chars} chars`);
    expect(long.chars / short.chars).toBeLessThanOrEqual(1.2);
    expect(long.chars).toBeLessThan(PAGE.chars + 4_096);
  });

  it('around an old message (a search result) also sends the page around it, and nothing between', async () => {
    const { refs } = await value<MessagePage>('sessions:page', { sessionId: seededId(LONG), from: 18, limit: 1 });
    const { result, chars } = await call<SessionDetail>('sessions:get', { sessionId: seededId(LONG), around: refs[0]!.id });
    const detail = result.ok ? result.value : undefined;
    expect(detail!.start).toBe(19_950);
    const around = detail!.around!;
    expect(around.start).toBeLessThanOrEqual(18);
    expect(around.start + around.messages.length).toBeGreaterThan(18);
    expect(around.messages).toHaveLength(PAGE.messages);
    expect(texts(around.messages)[18 - around.start]).toBe('Question 10 of session 2');
    expect(around).toMatchObject({ total: 20_000, leaf: detail!.refs.at(-1)!.id });
    expect(chars).toBeLessThan(2 * PAGE.chars + 4_096);
  });

  it('around a message on the newest page adds no second page', async () => {
    const detail = await value<SessionDetail>('sessions:get', { sessionId: seededId(SHORT), around: 'seed-1-99-0' });
    expect(detail.around).toBeUndefined();
    expect(detail.refs.map((ref) => ref.id)).toContain('seed-1-99-0');
  });
});

describe('paging back', () => {
  it('scrolling from the newest to the oldest of 20,000 messages takes 399 pages, each once, in order, and reads the file once', async () => {
    const detail = await value<SessionDetail>('sessions:get', { sessionId: seededId(LONG) });
    const load = vi.spyOn(SessionStore.prototype, 'load');
    let start = detail.start;
    let pages = 0;
    let largest = 0;
    const questions: string[] = [];
    while (start > 0) {
      const { result, chars } = await call<MessagePage>('sessions:page', { sessionId: seededId(LONG), before: start });
      if (!result.ok) throw new Error(result.error.message);
      const page = result.value;
      expect(page.start + page.messages.length).toBe(start);
      expect(page.leaf).toBe(detail.refs.at(-1)!.id);
      questions.unshift(...texts(page.messages).filter((text) => text.startsWith('Question')));
      start = page.start;
      pages += 1;
      largest = Math.max(largest, chars);
    }
    expect(pages).toBe(399);
    expect(questions).toHaveLength(9_975);
    expect(questions[0]).toBe('Question 1 of session 2');
    expect(questions.at(-1)).toBe('Question 9975 of session 2');
    expect(largest).toBeLessThan(PAGE.chars + 2_048);
    // The session was loaded already (the open); no page reads or parses the file again.
    expect(load).not.toHaveBeenCalled();
    load.mockRestore();
  });

  it('a page stops at ~64 KB of messages before it reaches its count, but always carries one message', async () => {
    const page = await value<MessagePage>('sessions:page', { sessionId: seededId(WORDY), before: 200, limit: PAGE.maxMessages });
    expect(page.messages.length).toBeGreaterThan(20);
    expect(page.messages.length).toBeLessThan(PAGE.messages);
    expect(JSON.stringify(page.messages).length).toBeLessThanOrEqual(PAGE.chars + page.messages.length);
    expect(page.start + page.messages.length).toBe(200);
    const opened = await value<SessionDetail>('sessions:get', { sessionId: seededId(WORDY) });
    expect(opened.messages.length - 1).toBeLessThan(PAGE.messages);
    const first = await value<MessagePage>('sessions:page', { sessionId: seededId(LONG), from: 0, limit: 1 });
    expect(texts(first.messages)).toEqual(['Question 1 of session 2']);
    expect(first.start).toBe(0);
  });

  it('refuses pages it cannot answer: too many messages, a negative position, an unknown message, extra fields', async () => {
    const sessionId = seededId(SHORT);
    const codes = async (request: object) => {
      const { result } = await call('sessions:page', { sessionId, ...request });
      return result.ok ? 'ok' : result.error.code;
    };
    expect(await codes({ before: 10, limit: PAGE.maxMessages + 1 })).toBe('invalid_input');
    expect(await codes({ before: -1 })).toBe('invalid_input');
    expect(await codes({ from: 1.5 })).toBe('invalid_input');
    expect(await codes({ around: 'no-such-message' })).toBe('invalid_input');
    expect(await codes({ before: 10, from: 0 })).toBe('invalid_input');
    expect(await codes({ before: 10, leaf: 'x' })).toBe('invalid_input');
    expect(await codes({})).toBe('invalid_input');
    // Past the end is not an error: an empty page at the end says how long the branch is now.
    expect(await value<MessagePage>('sessions:page', { sessionId, from: 5_000 })).toMatchObject({ start: 200, messages: [], total: 200 });
  });
});

describe('versions deep in a long chat', () => {
  it('switching the version of answer 10 of 2,000 sends the page around it and the newest page of the new branch', async () => {
    const sessionId = seededId(FORKED);
    const opened = await value<SessionDetail>('sessions:get', { sessionId, around: 'seed-3-10-1' });
    const switchedAt = 19;
    expect(opened.around!.refs[switchedAt - opened.around!.start]).toEqual({ id: 'seed-3-10-1', version: 1, versions: 2 });
    const { result, chars } = await call<SessionDetail>('chat:switchBranch', { sessionId, messageId: 'seed-3-10-1', version: 2 });
    const detail = result.ok ? result.value : undefined;
    // 19 shared messages, the other answer 10, then 100 more exchanges.
    expect(detail).toMatchObject({ total: 220, start: 170 });
    expect(texts(detail!.messages.slice(-1))).toEqual(['Other answer 110']);
    const around = detail!.around!;
    expect(around.refs[switchedAt - around.start]).toEqual({ id: 'fork-3-0-0', version: 2, versions: 2 });
    expect(texts(around.messages)[switchedAt - around.start]).toBe('Other answer 10');
    expect(around.start + around.messages.length).toBeLessThanOrEqual(170);
    expect(chars).toBeLessThan(2 * PAGE.chars + 4_096);
    // Pages now come from the new branch.
    const page = await value<MessagePage>('sessions:page', { sessionId, before: 170, limit: 2 });
    expect(texts(page.messages)).toEqual(['Other question 85', 'Other answer 85']);
    expect(page.leaf).toBe(detail!.refs.at(-1)!.id);
  });
});
