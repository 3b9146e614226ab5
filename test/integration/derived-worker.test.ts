// The derived worker as main sees it: requests answered in order, a worker that dies is started again on the next
// request (and listeners told to send what it lost), and a database that cannot be created is reported, not thrown.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DerivedDb, DerivedError } from '../../src/main/derived/derived-db.js';
import type { IndexEntry } from '../../src/main/sessions/store/store-types.js';

let dir: string;
const opened: DerivedDb[] = [];
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-derived-worker-'));
});
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function open(): Promise<DerivedDb> {
  const db = await DerivedDb.open({ dataDir: dir, sessionsDir: path.join(dir, 'sessions'), log: () => undefined });
  opened.push(db);
  return db;
}

const entry = (id: string): IndexEntry => ({
  id,
  name: id,
  autoNamed: false,
  createdAt: 1,
  updatedAt: 2,
  messageCount: 1,
  model: 'm',
  size: 10,
  mtimeMs: 3,
});

describe('the derived worker', () => {
  it('saves and pages index entries in id order, one reply per request', async () => {
    const db = await open();
    expect(db.availability).toEqual({ available: true, state: 'new' });
    const ids = Array.from({ length: 7 }, (_, i) => `s${i}`);
    await Promise.all([
      db.call('index.save', { upserts: ids.map(entry), removed: [] }),
      db.call('index.save', { upserts: [], removed: ['s3'] }),
    ]);
    const first = await db.call('index.load', { after: null, limit: 4 });
    const rest = await db.call('index.load', { after: first.at(-1)!.id, limit: 4 });
    expect([...first, ...rest].map((e) => e.id)).toEqual(['s0', 's1', 's2', 's4', 's5', 's6']);
  });

  it('a worker that dies is started again on the next request, and listeners hear of it', async () => {
    const db = await open();
    await db.call('index.save', { upserts: [entry('kept')], removed: [] });
    let resets = 0;
    db.onReset(() => (resets += 1));
    await (db as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    expect((await db.call('index.load', { after: null, limit: 10 })).map((e) => e.id)).toEqual(['kept']);
    expect(resets).toBe(1);
  });

  it('a database that cannot be created is reported as unavailable, with what SQLite said', async () => {
    await fs.writeFile(path.join(dir, 'blocker'), '');
    const db = await DerivedDb.open({ dataDir: path.join(dir, 'blocker'), sessionsDir: path.join(dir, 'sessions'), log: () => undefined });
    opened.push(db);
    expect(db.availability).toMatchObject({ available: false, reason: 'open', detail: expect.any(String) });
    await expect(db.call('stats', {})).rejects.toBeInstanceOf(DerivedError);
  });
});
