// The derived database is a cache of the session files: whatever happens to it, the chats are all there and search
// finds them again. Real app cores over a temp folder, a real SQLite file, a real worker.
import fs from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/shared/search.js';
import type { SessionSummary } from '../../src/shared/sessions.js';
import type { AppCore } from '../../src/main/app-core.js';
import { DATABASE_FILE } from '../../src/main/derived/database.js';
import { SessionStore } from '../../src/main/sessions/store/session-store.js';
import { seedSession, seededId } from '../fixtures/seed-sessions.js';
import { useTestCores } from '../fixtures/test-core.js';

const cores = useTestCores('derived');
const SESSIONS = 30;
/** A word only session `index` holds, none a prefix of another: marzipanaab, marzipanaac… */
const word = (index: number) =>
  `marzipan${[26 * 26, 26, 1].map((unit) => String.fromCharCode(97 + (Math.floor(index / unit) % 26))).join('')}`;
const planted = (index: number) => (turn: number) => (turn === 1 ? { question: `where is the word ${word(index)}` } : undefined);

async function call<T>(core: AppCore, channel: string, payload?: unknown): Promise<T> {
  const result = await core.router.handle(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** A core that has painted and caught up: the list complete and every file indexed. */
async function settled(): Promise<AppCore> {
  const core = await cores.open();
  core.afterFirstPaint();
  await core.sessions!.store.scanned();
  await core.search!.whenIdle();
  return core;
}

function seed(count = SESSIONS): void {
  for (let index = 1; index <= count; index++) seedSession(cores.dir(), { index, turns: 2, texts: planted(index) });
}

const dbFile = () => path.join(cores.dir(), DATABASE_FILE);

const DAMAGE: Record<string, () => Promise<void>> = {
  missing: () => fs.rm(dbFile()),
  truncated: async () => {
    const { size } = await fs.stat(dbFile());
    await fs.truncate(dbFile(), Math.floor(size / 3));
  },
  zeroed: async () => {
    const { size } = await fs.stat(dbFile());
    await fs.writeFile(dbFile(), Buffer.alloc(size));
  },
  'garbage after the header': async () => {
    const bytes = await fs.readFile(dbFile());
    for (let at = 4096; at < bytes.length; at += 97) bytes[at] = (bytes[at]! * 31 + 7) & 0xff;
    await fs.writeFile(dbFile(), bytes);
  },
  'of a newer schema version': async () => {
    const db = new DatabaseSync(dbFile());
    db.prepare("UPDATE meta SET value = '99' WHERE key = 'schema_version'").run();
    db.close();
  },
};

describe('the derived database', () => {
  for (const [kind, damage] of Object.entries(DAMAGE)) {
    it(`${kind}: the next start rebuilds it from the files; every chat is listed and found`, async () => {
      seed();
      await cores.close(await settled());
      await damage();
      const core = await settled();
      const list = await call<SessionSummary[]>(core, 'sessions:list');
      expect(list).toHaveLength(SESSIONS);
      expect(await core.search!.work()).toMatchObject({ sessionFilesRead: SESSIONS, messagesIndexed: SESSIONS * 4 });
      for (const index of [1, 17, SESSIONS]) {
        const { hits } = await call<SearchResponse>(core, 'search:query', { query: word(index) });
        expect(hits.map((hit) => [hit.sessionId, hit.messageIndex])).toEqual([[seededId(index), 1]]);
      }
    });
  }

  it('a session file changed behind its back is read again, and only that one', async () => {
    seed();
    await cores.close(await settled());
    // Rewritten by hand (or restored from a backup) while the app was closed: another word in the same chat.
    seedSession(cores.dir(), { index: 5, turns: 3, texts: (turn) => (turn === 1 ? { question: 'now it says nougat' } : undefined) });
    const core = await settled();
    expect(await core.search!.work()).toMatchObject({ sessionFilesRead: 1 });
    expect((await call<SearchResponse>(core, 'search:query', { query: 'nougat' })).hits.map((hit) => hit.sessionId)).toEqual([seededId(5)]);
    expect((await call<SearchResponse>(core, 'search:query', { query: word(5) })).hits).toEqual([]);
    expect((await call<SearchResponse>(core, 'search:query', { query: word(6) })).hits).toHaveLength(1);
  });

  it('a search during a rebuild answers with what is indexed and says it is still indexing', async () => {
    seed(200);
    const core = await cores.open();
    core.afterFirstPaint();
    const during = await call<SearchResponse>(core, 'search:query', { query: word(200) });
    expect(during.indexing).toBe(true);
    await core.sessions!.store.scanned();
    await core.search!.whenIdle();
    const after = await call<SearchResponse>(core, 'search:query', { query: word(200) });
    expect(after).toMatchObject({ indexing: false, hits: [expect.objectContaining({ sessionId: seededId(200) })] });
  });

  it('the sidebar index lives in the database; an index.json from the version before is read once, moved and deleted', async () => {
    seed(5);
    // The version before: index.json beside the files, no database.
    const old = new SessionStore({ dir: path.join(cores.dir(), 'sessions') });
    await old.open();
    await old.scanned();
    await old.close();
    const indexJson = path.join(cores.dir(), 'sessions', 'index.json');
    await expect(fs.stat(indexJson)).resolves.toBeTruthy();

    const core = await settled();
    // Trusted as it was (each file stat-ed, none parsed), then saved to the database and deleted.
    expect(core.sessions!.store.work.sessionFilesRead).toBe(0);
    await core.sessions!.store.flush();
    await cores.close(core);
    await expect(fs.stat(indexJson)).rejects.toMatchObject({ code: 'ENOENT' });
    const db = new DatabaseSync(dbFile());
    expect((db.prepare('SELECT count(*) AS n FROM session_index').get() as { n: number }).n).toBe(5);
    db.close();
    const again = await settled();
    expect(again.sessions!.store.work.sessionFilesRead).toBe(0);
    expect(await call<SessionSummary[]>(again, 'sessions:list')).toHaveLength(5);
  });

  it('without a usable database, chats work and search says why it is unavailable', async () => {
    // A folder where the database file should be: SQLite cannot open it, and it is not removed.
    await fs.mkdir(dbFile(), { recursive: true });
    await fs.writeFile(path.join(dbFile(), 'keep'), 'mine');
    seed(3);
    const core = await settled();
    expect(await call<SessionSummary[]>(core, 'sessions:list')).toHaveLength(3);
    const response = await call<SearchResponse>(core, 'search:query', { query: word(1) });
    expect(response).toMatchObject({ hits: [], indexing: false, unavailable: { reason: 'open' } });
    await core.sessions!.store.flush();
    // The session index falls back to its file.
    await expect(fs.stat(path.join(cores.dir(), 'sessions', 'index.json'))).resolves.toBeTruthy();
    await expect(fs.readFile(path.join(dbFile(), 'keep'), 'utf8')).resolves.toBe('mine');
  });

  it('the data-folder lock covers it: a second app on the folder opens no database; export leaves it out', async () => {
    seed(3);
    const exported = path.join(cores.dir(), 'all.zip');
    const first = await cores.open({ dialogs: { chooseSavePath: async () => exported, chooseOpenPath: async () => undefined } });
    first.afterFirstPaint();
    await first.search!.whenIdle();
    const second = await cores.open();
    // Locked out: no sessions service, no search, so no worker and no connection to the database.
    expect(second.search).toBeUndefined();
    expect((await second.router.handle('search:query', { query: word(1) })).ok).toBe(false);
    await cores.close(second);
    expect((await call<SearchResponse>(first, 'search:query', { query: word(1) })).hits).toHaveLength(1);

    expect(await call(first, 'transfer:exportAll')).toMatchObject({ saved: true, count: 3 });
    const names = Object.keys(unzipSync(await fs.readFile(exported)));
    expect(names.filter((name) => name.includes('sqlite') || name.includes('derived'))).toEqual([]);
    expect(names).toHaveLength(4);
  });
});
