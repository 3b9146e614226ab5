// What an answer costs does not grow with the history. With 100 chats and with 5,000, the same answers to the same
// chat write about the same bytes to the data folder outside the chat's own file, and main never serializes the
// whole index (every JSON.stringify on main during the answers is small). The database writes through its
// write-ahead log only, so its bytes are the log's growth from empty; every other file in the folder that changed
// counts whole.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionEventEnvelope } from '../../src/shared/events.js';
import type { SessionDetail } from '../../src/shared/sessions.js';
import type { AppCore } from '../../src/main/app-core.js';
import { DATABASE_FILE } from '../../src/main/derived/database.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '../fixtures/fake-openai.js';
import { seedSession } from '../fixtures/seed-sessions.js';
import { openTestCore } from '../fixtures/test-core.js';

const ANSWERS = 6;

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(async () => {
  await server.close();
});

/** Size and change time of every file in the folder. */
function filesOf(dir: string): Map<string, { size: number; mtimeMs: number }> {
  const out = new Map<string, { size: number; mtimeMs: number }>();
  for (const name of fs.readdirSync(dir, { recursive: true }).map(String)) {
    const stat = fs.statSync(path.join(dir, name));
    if (stat.isFile()) out.set(name, { size: stat.size, mtimeMs: stat.mtimeMs });
  }
  return out;
}

interface Costs {
  bytesPerAnswer: number;
  longestStringify: number;
}

/** Seeds `chats` chats, lets the core catch up, then sends ANSWERS answers to a new chat and counts. */
async function costsWith(chats: number): Promise<Costs> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tiny-history-costs-'));
  for (let index = 1; index <= chats; index++) seedSession(dataDir, { index, turns: 2, answerChars: 300 });
  const events: SessionEventEnvelope[] = [];
  const core: AppCore = await openTestCore(dataDir, {
    env: { TINY_AGENT_AUTO_TITLE: '0', OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'fake-model' },
    emit: (envelope) => events.push(envelope),
  });
  try {
    core.afterFirstPaint();
    await core.sessions!.store.scanned();
    await core.search!.whenIdle();
    const call = async <T>(channel: string, payload?: unknown): Promise<T> => {
      const result = await core.router.handle(channel, payload);
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
      return result.value as T;
    };
    const session = await call<SessionDetail>('sessions:create', { name: 'Measured' });
    await core.sessions!.store.flush();
    await core.search!.whenIdle();
    // Both sides start from an empty write-ahead log.
    await core.search!.checkpoint();
    const sessionFile = path.relative(dataDir, core.sessions!.store.filePath(session.id));
    const before = filesOf(dataDir);
    const realStringify = JSON.stringify;
    let longestStringify = 0;
    JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
      const text = realStringify(...args);
      longestStringify = Math.max(longestStringify, text?.length ?? 0);
      return text;
    }) as typeof JSON.stringify;
    try {
      for (let n = 0; n < ANSWERS; n++) {
        server.enqueue({ text: `Answer ${n}: ${'words about the weather and 天气 '.repeat(20)}` });
        const { runId } = await call<{ runId: string }>('chat:send', { sessionId: session.id, text: `Question ${n} about the weather` });
        await expect.poll(() => events.some((e) => e.runId === runId && e.event.type === 'run_end'), { timeout: 10_000 }).toBe(true);
        await core.sessions!.store.flush();
        await core.search!.whenIdle();
      }
    } finally {
      JSON.stringify = realStringify;
    }
    let written = 0;
    for (const [name, now] of filesOf(dataDir)) {
      if (name === sessionFile || name === `${DATABASE_FILE}-shm` || name === DATABASE_FILE) continue;
      const was = before.get(name);
      if (name === `${DATABASE_FILE}-wal`) written += now.size - (was?.size ?? 0);
      else if (!was || was.mtimeMs !== now.mtimeMs) written += now.size;
    }
    return { bytesPerAnswer: written / ANSWERS, longestStringify };
  } finally {
    await core.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('history costs', () => {
  it('an answer writes about the same bytes with 100 and with 5,000 chats, and main never serializes the whole index', async () => {
    const small = await costsWith(100);
    const large = await costsWith(5_000);
    console.log(`bytes per answer: ${Math.round(small.bytesPerAnswer)} with 100 chats, ${Math.round(large.bytesPerAnswer)} with 5,000`);
    expect(large.bytesPerAnswer).toBeLessThan(256 * 1024);
    // Never more with the longer history; a little less is the tables' page layout (measured 0.83–1.01).
    expect(large.bytesPerAnswer / small.bytesPerAnswer).toBeLessThan(1.1);
    expect(large.bytesPerAnswer / small.bytesPerAnswer).toBeGreaterThan(0.7);
    // The largest string main made during the answers is one request or one line, not an index of 5,000 chats.
    expect(large.longestStringify).toBeLessThan(64 * 1024);
    expect(large.longestStringify).toBeLessThan(small.longestStringify * 1.5);
  }, 240_000);
});
