// A start costs the same with 10 sessions or 10,000: with a valid index no session file is read or stat-ed before the
// list is there; the folder is checked in the background, and without an index the list fills in batches.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore, type IndexChange } from '../../../src/main/sessions/store/session-store.js';
import { serializeLines } from '../../../src/main/sessions/store/session-file.js';
import { seededId, seedSession } from '../../fixtures/seed-sessions.js';

const SESSIONS = 1_000;
const quiet = { info: () => undefined, error: () => undefined };

let dataDir: string;
let sessionsDir: string;
const opened: SessionStore[] = [];

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-start-'));
  sessionsDir = path.join(dataDir, 'sessions');
});
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function open(changes?: IndexChange[]): Promise<SessionStore> {
  const store = new SessionStore({ dir: sessionsDir, log: quiet });
  if (changes) store.watch((change) => changes.push(change));
  opened.push(store);
  await store.open();
  return store;
}

function seed(count: number): void {
  for (let i = 1; i <= count; i++) seedSession(dataDir, { turns: 2, index: i });
}

/** Opens once so the background check writes the index, and closes again (the previous run of the app). */
async function withIndex(): Promise<void> {
  const first = await open();
  await first.scanned();
  await first.close();
}

describe('a start with a valid index', () => {
  it(`lists ${SESSIONS} sessions without reading or stat-ing one session file; the background check only stats them`, async () => {
    seed(SESSIONS);
    await withIndex();

    const store = await open();
    expect(store.work).toEqual({ sessionFilesRead: 0, sessionFilesStatted: 0 });
    expect([...store.entries()]).toHaveLength(SESSIONS);
    expect(store.entry(seededId(7))).toMatchObject({ name: 'Seeded session 7', messageCount: 5, model: 'fake-model' });
    // The check waits for `check()` (the window has painted): until then nothing touches the files.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.work.sessionFilesStatted).toBe(0);

    store.check();
    await store.scanned();
    expect(store.work).toEqual({ sessionFilesRead: 0, sessionFilesStatted: SESSIONS });
  });

  it('carries what the sidebar shows from meta lines (a rename, a pin): nothing is read to list them', async () => {
    seed(3);
    const first = await open();
    await first.scanned();
    await first.append(seededId(2), [{ type: 'meta', timestamp: 5, name: 'Renamed' }], (c) => ({
      ...c,
      name: 'Renamed',
      autoNamed: false,
    }));
    await first.append(seededId(3), [{ type: 'meta', timestamp: 6, pinned: true }], (c) => ({ ...c, pinned: true }));
    await first.close();

    const store = await open();
    expect(store.entry(seededId(2))).toMatchObject({ name: 'Renamed', autoNamed: false });
    expect(store.entry(seededId(3))).toMatchObject({ pinned: true });
    await store.scanned();
    expect(store.work.sessionFilesRead).toBe(0);
  });

  it('re-reads in the background only a file changed while the app was closed, and drops one that is gone', async () => {
    seed(5);
    await withIndex();
    const changed = seededId(2);
    await fs.appendFile(
      path.join(sessionsDir, `${changed}.jsonl`),
      serializeLines([{ type: 'meta', timestamp: 9, name: 'Edited elsewhere' }]),
    );
    await fs.rm(path.join(sessionsDir, `${seededId(4)}.jsonl`));

    const changes: IndexChange[] = [];
    const store = await open(changes);
    // Until the check has run, the index is what the list shows.
    expect(store.entry(changed)).toMatchObject({ name: 'Seeded session 2' });
    await store.scanned();
    expect(store.work).toEqual({ sessionFilesRead: 1, sessionFilesStatted: 4 });
    expect(store.entry(changed)).toMatchObject({ name: 'Edited elsewhere' });
    expect(store.entry(seededId(4))).toBeUndefined();
    expect(changes.map((c) => ({ upserted: c.upserted.map((e) => e.id), removed: c.removed }))).toEqual([
      { upserted: [changed], removed: [seededId(4)] },
    ]);
  });

  it('a session created while the check runs is neither re-read nor dropped', async () => {
    seed(200);
    await withIndex();
    const store = await open();
    const id = '00000000-0000-4000-8000-00000000ffff';
    await store.create({ type: 'session', version: 2, id, createdAt: 1, systemPrompt: 'p', model: 'm' });
    await store.scanned();
    expect(store.entry(id)).toMatchObject({ id, messageCount: 1 });
    expect(store.work.sessionFilesRead).toBe(0);
  });
});

describe('a start without an index', () => {
  it('opens at once with what it knows, rebuilds only once the window has painted, in batches, and writes an index the next start trusts', async () => {
    seed(SESSIONS);
    const changes: IndexChange[] = [];
    const store = await open(changes);
    expect([...store.entries()]).toHaveLength(0);
    expect(store.finding).toBe(true);
    // Until `check()` (the window has painted) no session file is touched, however long the wait.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.work).toEqual({ sessionFilesRead: 0, sessionFilesStatted: 0 });
    expect(changes).toEqual([]);

    store.check();
    await store.scanned();
    expect(store.work.sessionFilesRead).toBe(SESSIONS);
    expect(changes.length).toBeGreaterThan(1);
    expect(changes.every((c) => c.upserted.length >= 256 || c === changes.at(-1))).toBe(true);
    const found = changes.flatMap((c) => c.upserted.map((e) => e.id)).sort();
    expect(found).toEqual(Array.from({ length: SESSIONS }, (_, i) => seededId(i + 1)).sort());
    expect(store.entry(seededId(SESSIONS))).toMatchObject({ name: `Seeded session ${SESSIONS}`, messageCount: 5 });
    // Every batch but the last says more may come; the last says the rebuild is over.
    expect(changes.map((c) => c.finding)).toEqual([...changes.slice(1).map(() => true), false]);
    expect(store.finding).toBe(false);
    await store.close();

    const next = await open();
    expect(next.finding).toBe(false);
    await next.scanned();
    expect([...next.entries()]).toHaveLength(SESSIONS);
    expect(next.work.sessionFilesRead).toBe(0);
  });

  it('a new data folder has nothing to find: it says so at once, and its check reports nothing', async () => {
    const changes: IndexChange[] = [];
    const store = await open(changes);
    expect(store.finding).toBe(false);
    await store.scanned();
    expect(changes).toEqual([]);
  });

  it('an empty sessions folder without an index says when its rebuild ended, with an empty last batch', async () => {
    await fs.mkdir(sessionsDir, { recursive: true });
    const changes: IndexChange[] = [];
    const store = await open(changes);
    expect(store.finding).toBe(true);
    await store.scanned();
    expect(changes).toEqual([{ upserted: [], removed: [], finding: false }]);
    expect(store.finding).toBe(false);
  });

  it('a quit during the rebuild stops it; the next start lists what was found and finds the rest', async () => {
    seed(SESSIONS);
    const store = await open();
    store.check();
    await new Promise((resolve) => setImmediate(resolve));
    await store.close();
    const found = [...store.entries()].length;
    expect(found).toBeLessThan(SESSIONS);

    const next = await open();
    expect([...next.entries()]).toHaveLength(found);
    await next.scanned();
    expect([...next.entries()]).toHaveLength(SESSIONS);
    expect(next.work.sessionFilesRead).toBe(SESSIONS - found);
  });

  it('keeps the unanswered text of a session the rebuild has not reached yet', async () => {
    seed(2);
    const first = await open();
    await first.scanned();
    await first.unsentText.set(seededId(2), 'half a question');
    await first.close();
    await fs.rm(path.join(sessionsDir, 'index.json'));

    const store = await open();
    expect(store.unsentText.get(seededId(2))).toBe('half a question');
    await store.scanned();
    expect(store.unsentText.get(seededId(2))).toBe('half a question');
  });
});
