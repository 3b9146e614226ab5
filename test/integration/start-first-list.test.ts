// A cold start as main meets it: the window's first list is one screenful whatever the number of sessions, nothing
// touches a session file before it, and the folder check (or the rebuild of a missing index) waits until the window
// says it has painted.
import { beforeEach, describe, expect, it } from 'vitest';
import { cursorOf } from '../../src/shared/session-order.js';
import type { SessionSummary } from '../../src/shared/sessions.js';
import { seededId, seedSession } from '../fixtures/seed-sessions.js';
import { useTestCores } from '../fixtures/test-core.js';
import type { AppCore } from '../../src/main/app-core.js';

const MANY = 1_000;
const FIRST = 100;
const cores = useTestCores('start');
const openCore = cores.open;

beforeEach(() => {
  for (let i = 1; i <= MANY; i++) seedSession(cores.dir(), { turns: 1, index: i, name: `Chat ${i}` });
});

async function ask<T>(core: AppCore, channel: string, payload?: unknown): Promise<T> {
  const result = await core.router.handle(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** A previous run that built the index and quit. */
async function previousRun(): Promise<void> {
  const core = await openCore();
  await ask(core, 'app:painted');
  await core.sessions!.store.scanned();
  await cores.close(core);
}

describe('a cold start', () => {
  it(`with ${MANY} sessions and an index: the first list holds ${FIRST} in sidebar order, no file is touched until the window has painted`, async () => {
    await previousRun();
    const core = await openCore();
    await ask(core, 'sessions:pin', { sessionId: seededId(3), pinned: true });
    const work = core.sessions!.store.work;
    work.sessionFilesRead = 0;
    work.sessionFilesStatted = 0;

    const first = await ask<{ sessions: SessionSummary[]; total: number }>(core, 'sessions:listFirst', { limit: FIRST });
    expect(first.total).toBe(MANY);
    expect(first.sessions).toHaveLength(FIRST);
    expect(first.sessions.slice(0, 3).map((s) => s.id)).toEqual([seededId(3), seededId(MANY), seededId(MANY - 1)]);
    expect(await ask<SessionSummary[]>(core, 'sessions:list')).toHaveLength(MANY);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(work).toEqual({ sessionFilesRead: 0, sessionFilesStatted: 0 });

    await ask(core, 'app:painted');
    await core.sessions!.store.scanned();
    // The pinned one was written by this process since the start: it is current already.
    expect(work).toEqual({ sessionFilesRead: 0, sessionFilesStatted: MANY - 1 });
  });

  it('without an index: the first list is empty at once, and the rebuild starts only once the window has painted', async () => {
    const core = await openCore();
    expect(await ask(core, 'sessions:listFirst', { limit: FIRST })).toEqual({ sessions: [], total: 0, finding: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(core.sessions!.store.work).toEqual({ sessionFilesRead: 0, sessionFilesStatted: 0 });

    await ask(core, 'app:painted');
    await ask(core, 'app:painted');
    await core.sessions!.store.scanned();
    expect(core.sessions!.store.work.sessionFilesRead).toBe(MANY);
    const after = await ask<{ sessions: SessionSummary[]; finding: boolean }>(core, 'sessions:listFirst', { limit: FIRST });
    expect(after.sessions[0]!.id).toBe(seededId(MANY));
    expect(after.finding).toBe(false);
  });

  it('the rest comes in pages after a cursor: each session once, in sidebar order, even when one moves between pages', async () => {
    await previousRun();
    const core = await openCore();
    type Page = { sessions: SessionSummary[]; total: number };
    const pageAfter = (last: SessionSummary | undefined) =>
      ask<Page>(core, 'sessions:listFirst', { limit: 300, ...(last && { after: cursorOf(last) }) });
    const shown: SessionSummary[] = [];
    let page = await pageAfter(undefined);
    shown.push(...page.sessions);
    // A session not listed yet is pinned (the event tells the window): it moves above the cursor, and is not sent again.
    const pinned = await ask<SessionSummary>(core, 'sessions:pin', { sessionId: seededId(10), pinned: true });
    shown.unshift(pinned);
    while (page.sessions.length === 300) {
      page = await pageAfter(page.sessions.at(-1));
      expect(page.total).toBe(MANY);
      shown.push(...page.sessions);
    }
    expect(shown.map((s) => s.id)).toEqual([
      seededId(10),
      ...Array.from({ length: MANY }, (_, i) => seededId(MANY - i)).filter((id) => id !== seededId(10)),
    ]);
  });

  it('refuses a page after a cursor that is not a place in the list', async () => {
    const core = await openCore();
    const bad = [
      { id: 'x', pinned: false, updatedAt: 1, createdAt: 1 },
      { id: seededId(1), pinned: 'no', updatedAt: 1, createdAt: 1 },
      { id: seededId(1) },
    ];
    for (const after of bad) {
      const result = await core.router.handle('sessions:listFirst', { limit: 10, after });
      expect(result.ok ? 'ok' : result.error.code).toBe('invalid_input');
    }
  });

  it('refuses a first list of nothing or of more than a window can show', async () => {
    const core = await openCore();
    for (const limit of [0, 1_001, 2.5]) {
      const result = await core.router.handle('sessions:listFirst', { limit });
      expect(result.ok ? 'ok' : result.error.code).toBe('invalid_input');
    }
  });
});
