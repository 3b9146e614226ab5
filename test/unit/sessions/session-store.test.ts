import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyUsage, type Message } from '../../../src/shared/messages.js';
import {
  currentBranch,
  FORMAT_VERSION,
  parseSessionFile,
  summarize,
  type FileLine,
  type MessageEntry,
  type SessionHeader,
} from '../../../src/main/sessions/store/session-file.js';
import { SessionStore, type SessionLogger } from '../../../src/main/sessions/store/session-store.js';
import { writeFileAtomic } from '../../../src/main/storage/atomic-file.js';
import { mountSmallDisk, smallDiskUnavailable, type SmallDisk } from '../../fixtures/small-disk.js';
import { chainEntries } from '../../fixtures/chain-entries.js';

let dir: string;
let logged: string[];
const log: SessionLogger = { info: (m) => void logged.push(m), error: (m) => void logged.push(m) };

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-store-'));
  logged = [];
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function header(id: string = randomUUID()): SessionHeader {
  return { type: 'session', version: 1, id, createdAt: 1_000, systemPrompt: 'Be brief.', model: 'fake-model' };
}

/** One run: a user message and an answer, chained after `parentId`. */
function run(n: number, parentId: string | null): { entries: MessageEntry[]; lines: FileLine[] } {
  const runId = `run-${n}`;
  const messages: Message[] = [
    { role: 'user', content: `question ${n}`, timestamp: n },
    {
      role: 'assistant',
      content: [{ type: 'text', text: `answer ${n}` }],
      model: 'fake-model',
      usage: emptyUsage(),
      stopReason: 'stop',
      timestamp: n,
    },
  ];
  const entries = chainEntries(runId, messages, parentId, n);
  return { entries, lines: [...entries, { type: 'commit', runId, count: entries.length, timestamp: 2_000 + n }] };
}

async function storeWithRuns(count: number): Promise<{ store: SessionStore; id: string; branch: MessageEntry[] }> {
  const store = new SessionStore({ dir, log });
  await store.open();
  await store.scanned();
  const h = header();
  await store.create(h);
  let branch: MessageEntry[] = [];
  for (let n = 1; n <= count; n++) {
    const r = run(n, branch.at(-1)?.id ?? null);
    branch = [...branch, ...r.entries];
    const snapshot = branch;
    await store.append(h.id, r.lines, () => summarize({ header: h, name: undefined, branch: snapshot, updatedAt: 2_000 + n }));
  }
  await store.flush();
  return { store, id: h.id, branch };
}

async function reopen(): Promise<SessionStore> {
  const store = new SessionStore({ dir, log });
  await store.open();
  await store.scanned();
  return store;
}

const texts = (entries: MessageEntry[]) =>
  entries.map((e) =>
    typeof e.message.content === 'string' ? e.message.content : e.message.content.map((p) => ('text' in p ? p.text : '')).join(''),
  );

describe('SessionStore', () => {
  it('writes a header then whole runs, and loads them back in order', async () => {
    const { store, id } = await storeWithRuns(2);
    const lines = (await fs.readFile(store.filePath(id), 'utf8')).split('\n');
    expect(JSON.parse(lines[0]!)).toEqual(header(id));
    expect(lines.at(-1)).toBe('');
    const loaded = await (await reopen()).load(id);
    expect(texts(currentBranch(loaded.entries))).toEqual(['question 1', 'answer 1', 'question 2', 'answer 2']);
    expect((await reopen()).entry(id)).toMatchObject({ name: 'question 1', autoNamed: true, messageCount: 5, updatedAt: 2_002 });
  });

  it('a torn last line is skipped on load and cut before the next append', async () => {
    const { id, branch } = await storeWithRuns(1);
    const file = path.join(dir, `${id}.jsonl`);
    const good = await fs.readFile(file);
    await fs.appendFile(file, '{"type":"message","id":"x","par');
    const store = await reopen();
    expect(texts(currentBranch((await store.load(id)).entries))).toEqual(['question 1', 'answer 1']);
    const next = run(2, branch.at(-1)!.id);
    await store.append(id, next.lines, (current) => current);
    const after = await fs.readFile(file);
    expect(after.subarray(0, good.length).equals(good)).toBe(true);
    expect(after.subarray(good.length).toString()).toBe(next.lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    expect(texts(currentBranch((await (await reopen()).load(id)).entries))).toEqual(['question 1', 'answer 1', 'question 2', 'answer 2']);
  });

  it('an append resolves only after its bytes were written and fsynced', async () => {
    const { store, id, branch } = await storeWithRuns(1);
    const file = store.filePath(id);
    const steps: string[] = [];
    const realOpen = fs.open.bind(fs);
    const opens = vi.spyOn(fs, 'open').mockImplementation(async (...args: Parameters<typeof fs.open>) => {
      const handle = await realOpen(...args);
      if (args[0] === file) {
        const { write, sync } = handle;
        handle.write = ((...a: unknown[]) => (
          steps.push('write'),
          (write as (...x: unknown[]) => unknown).apply(handle, a)
        )) as typeof handle.write;
        handle.sync = async () => {
          await sync.call(handle);
          steps.push('synced');
        };
      }
      return handle;
    });
    await store.append(id, run(2, branch.at(-1)!.id).lines, (current) => current);
    steps.push('resolved');
    opens.mockRestore();
    // Bytes first, then the fsync, and only then does the append resolve.
    expect(steps.filter((step, i) => step !== steps[i - 1])).toEqual(['write', 'synced', 'resolved']);
  });

  it('a crash at every byte of an append leaves exactly the runs committed before it, and the next append works', async () => {
    const { id } = await storeWithRuns(3);
    const file = (await reopen()).filePath(id);
    const full = await fs.readFile(file);
    // Where each committed run ends: after its commit line.
    const ends = [...full.toString('utf8').matchAll(/"type":"commit"[^\n]*\n/g)].map((m) =>
      Buffer.byteLength(full.toString('utf8').slice(0, m.index! + m[0].length)),
    );
    const headerEnd = full.indexOf(10) + 1;
    expect(ends).toHaveLength(3);
    for (let cut = headerEnd; cut <= full.length; cut++) {
      const parsed = parseSessionFile(full.subarray(0, cut), id);
      if (!parsed.ok) throw new Error(`cut at ${cut}: ${parsed.failure.detail}`);
      const whole = ends.filter((end) => end <= cut).length;
      expect(currentBranch(parsed.session.entries).length, `cut at ${cut}`).toBe(whole * 2);
      expect(parsed.session.validLength, `cut at ${cut}`).toBe(whole ? ends[whole - 1] : headerEnd);
    }
    // One cut mid-run on disk: the store cuts the tail and appends after the last whole run.
    await fs.writeFile(file, full.subarray(0, ends[1]! + 17));
    const store = await reopen();
    const loaded = await store.load(id);
    const r = run(4, currentBranch(loaded.entries).at(-1)!.id);
    await store.append(id, r.lines, (entry) => entry);
    const reloaded = await (await reopen()).load(id);
    expect(texts(currentBranch(reloaded.entries))).toEqual(['question 1', 'answer 1', 'question 2', 'answer 2', 'question 4', 'answer 4']);
  });

  it('chat settings lines merge in order, and a crash at every byte of one leaves the previous settings', async () => {
    const { store, id } = await storeWithRuns(1);
    const model = { providerId: 'p-1', model: 'model-b' };
    await store.append(id, [{ type: 'meta', timestamp: 3_000, chat: { model, params: { temperature: 0.2 } } }], (entry) => entry);
    await store.append(id, [{ type: 'meta', timestamp: 3_001, chat: { systemPrompt: 'New prompt.' } }], (entry) => entry);
    const full = await fs.readFile(store.filePath(id));
    const parsed = parseSessionFile(full, id);
    expect(parsed.ok && parsed.session.chat).toEqual({ model, params: { temperature: 0.2 }, systemPrompt: 'New prompt.' });
    const lastStart = full.subarray(0, full.length - 1).lastIndexOf(10) + 1;
    for (let cut = lastStart; cut < full.length; cut++) {
      const torn = parseSessionFile(full.subarray(0, cut), id);
      if (!torn.ok) throw new Error(`cut at ${cut}: ${torn.failure.detail}`);
      expect(torn.session.chat, `cut at ${cut}`).toEqual({ model, params: { temperature: 0.2 } });
      expect(torn.session.validLength).toBe(lastStart);
    }
    await store.flush();
  });

  it('a torn tail that cuts a multi-byte character is still just a torn tail', async () => {
    const { id } = await storeWithRuns(1);
    const file = path.join(dir, `${id}.jsonl`);
    const chinese = Buffer.from(
      '{"type":"message","id":"z","parentId":null,"runId":"r","timestamp":1,"message":{"role":"user","content":"极简',
    );
    await fs.appendFile(file, chinese.subarray(0, chinese.length - 1));
    expect(texts(currentBranch((await (await reopen()).load(id)).entries))).toEqual(['question 1', 'answer 1']);
  });

  it('invalid UTF-8 inside an earlier line is damage, not a torn tail', async () => {
    const { id } = await storeWithRuns(2);
    const file = path.join(dir, `${id}.jsonl`);
    const bytes = await fs.readFile(file);
    const at = bytes.indexOf('question 1');
    bytes[at] = 0xff;
    await fs.writeFile(file, bytes);
    expect((await reopen()).entry(id)?.problem?.kind).toBe('corrupt');
    expect(await fs.readFile(file)).toEqual(bytes);
  });

  it('a half-written run (lines without their commit) never becomes history', async () => {
    const { id, branch } = await storeWithRuns(1);
    const file = path.join(dir, `${id}.jsonl`);
    const half = run(2, branch.at(-1)!.id);
    await fs.appendFile(file, `${JSON.stringify(half.lines[0])}\n${JSON.stringify(half.lines[1]).slice(0, 30)}`);
    const store = await reopen();
    expect(texts(currentBranch((await store.load(id)).entries))).toEqual(['question 1', 'answer 1']);
    // Whole lines but no commit line: still not a run.
    await fs.truncate(file, (await fs.stat(file)).size - 30);
    await fs.appendFile(file, `${JSON.stringify(half.lines[1])}\n`);
    const again = await reopen();
    expect(texts(currentBranch((await again.load(id)).entries))).toEqual(['question 1', 'answer 1']);
    await again.append(id, run(3, branch.at(-1)!.id).lines, (current) => current);
    expect(texts(currentBranch((await (await reopen()).load(id)).entries))).toEqual(['question 1', 'answer 1', 'question 3', 'answer 3']);
  });

  it('a hole inside the last run (its commit line present) drops that run only', async () => {
    const { id, branch } = await storeWithRuns(1);
    const file = path.join(dir, `${id}.jsonl`);
    const last = run(2, branch.at(-1)!.id);
    await fs.appendFile(file, `${JSON.stringify(last.lines[0])}\n${'\0'.repeat(40)}\n${JSON.stringify(last.lines[2])}\n`);
    expect(texts(currentBranch((await (await reopen()).load(id)).entries))).toEqual(['question 1', 'answer 1']);
  });

  it('garbage in the middle: reported, refused, and the file stays byte-identical', async () => {
    const { id } = await storeWithRuns(3);
    const file = path.join(dir, `${id}.jsonl`);
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    lines[4] = 'this is not json';
    await fs.writeFile(file, lines.join('\n'));
    const before = await fs.readFile(file);
    const store = await reopen();
    expect(store.entry(id)?.problem).toEqual({ kind: 'corrupt', detail: 'line 5 is not valid' });
    expect(logged.some((line) => line.includes(file) && line.includes('untouched'))).toBe(true);
    await expect(store.load(id)).rejects.toMatchObject({ kind: 'corrupt' });
    await expect(store.append(id, run(9, null).lines, (c) => c)).rejects.toMatchObject({ kind: 'corrupt' });
    expect((await fs.readFile(file)).equals(before)).toBe(true);
    // Still recognised as unreadable on the next start, without touching it.
    expect((await reopen()).entry(id)?.problem?.kind).toBe('corrupt');
    expect((await fs.readFile(file)).equals(before)).toBe(true);
  });

  it('a file from a newer version is refused and left untouched', async () => {
    const id = randomUUID();
    const file = path.join(dir, `${id}.jsonl`);
    await fs.writeFile(file, `${JSON.stringify({ ...header(id), version: FORMAT_VERSION + 1, extra: true })}\n{"type":"future"}\n`);
    const before = await fs.readFile(file);
    const store = await reopen();
    expect(store.entry(id)?.problem?.kind).toBe('unsupported_version');
    await expect(store.load(id)).rejects.toMatchObject({ kind: 'unsupported_version' });
    await expect(store.append(id, run(1, null).lines, (c) => c)).rejects.toMatchObject({ kind: 'unsupported_version' });
    expect((await fs.readFile(file)).equals(before)).toBe(true);
  });

  it('a missing or unparsable index is rebuilt from the files', async () => {
    const { id } = await storeWithRuns(2);
    const store = await reopen();
    await fs.rm(store.indexPath);
    expect((await reopen()).entry(id)).toMatchObject({ messageCount: 5, name: 'question 1' });
    await fs.writeFile(store.indexPath, '{"version":1,"sess');
    expect((await reopen()).entry(id)).toMatchObject({ messageCount: 5 });
    expect(JSON.parse(await fs.readFile(store.indexPath, 'utf8')).sessions).toHaveLength(1);
  });

  it('a stale index (file newer than its entry, file missing from it, entry without file) is reconciled', async () => {
    const { store, id, branch } = await storeWithRuns(1);
    await store.flush();
    const oldIndex = await fs.readFile(store.indexPath);
    // A run committed after the index was written (crash before the index write).
    const r = run(2, branch.at(-1)!.id);
    await store.append(id, r.lines, (current) => ({ ...current, messageCount: 5 }));
    await store.flush();
    // A session the index never heard of, and an entry whose file is gone.
    const other = header();
    await fs.writeFile(path.join(dir, `${other.id}.jsonl`), `${JSON.stringify(other)}\n`);
    const ghost = JSON.parse(oldIndex.toString());
    ghost.sessions.push({ ...ghost.sessions[0], id: randomUUID() });
    await fs.writeFile(store.indexPath, JSON.stringify(ghost));
    const fresh = await reopen();
    expect([...fresh.entries()].map((e) => e.id).sort()).toEqual([id, other.id].sort());
    expect(fresh.entry(id)).toMatchObject({ messageCount: 5, updatedAt: 2_002 });
  });

  it('delete removes the file and the index entry; a late append cannot re-create it', async () => {
    const { store, id } = await storeWithRuns(1);
    await store.delete(id);
    await store.flush();
    await expect(fs.stat(store.filePath(id))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(store.entry(id)).toBeUndefined();
    await expect(store.append(id, run(2, null).lines, (c) => c)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(fs.stat(store.filePath(id))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(JSON.parse(await fs.readFile(store.indexPath, 'utf8')).sessions).toEqual([]);
  });

  it('deleteIfSize removes a header-only chat, but not one an append queued before it made longer', async () => {
    const store = await reopen();
    const empty = header();
    const renamed = header();
    await store.create(empty);
    await store.create(renamed);
    const headerSize = store.entry(empty.id)!.size;

    expect(await store.deleteIfSize(empty.id, headerSize)).toBe(true);
    await expect(fs.stat(store.filePath(empty.id))).rejects.toMatchObject({ code: 'ENOENT' });

    // The append is queued first and lands first: the size no longer matches, so nothing is removed.
    const appended = store.append(renamed.id, [{ type: 'meta', name: 'Trip plans', timestamp: 5 }], (current) => current);
    const removed = store.deleteIfSize(renamed.id, headerSize);
    await appended;
    expect(await removed).toBe(false);
    expect(store.entry(renamed.id)!.size).toBeGreaterThan(headerSize);
    await expect(fs.stat(store.filePath(renamed.id))).resolves.toBeTruthy();
    // The index write these scheduled lands before the folder is removed.
    await store.close();
  });

  it('appending to a 10,000-message session neither reads nor rewrites the file', async () => {
    const store = new SessionStore({ dir, log });
    await store.open();
    await store.scanned();
    const h = header();
    await store.create(h);
    const file = store.filePath(h.id);
    let lines = '';
    let parent: string | null = null;
    for (let n = 1; n <= 5_000; n++) {
      const r = run(n, parent);
      parent = r.entries.at(-1)!.id;
      lines += r.lines.map((l) => `${JSON.stringify(l)}\n`).join('');
    }
    await fs.appendFile(file, lines);
    const big = await reopen();
    expect(big.entry(h.id)?.messageCount).toBe(10_001);
    const before = await fs.readFile(file);
    const inode = (await fs.stat(file)).ino;

    const reads = vi.spyOn(fs, 'readFile');
    const opens = vi.spyOn(fs, 'open');
    const next = run(5_001, parent);
    await big.append(h.id, next.lines, (current) => current);
    const sessionOpens = opens.mock.calls.filter(([p]) => p === file);
    expect(reads.mock.calls.filter(([p]) => p === file)).toEqual([]);
    expect(sessionOpens).toEqual([[file, fs.constants.O_WRONLY | fs.constants.O_APPEND]]);
    reads.mockRestore();
    opens.mockRestore();

    const after = await fs.readFile(file);
    expect((await fs.stat(file)).ino).toBe(inode);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    expect(after.subarray(before.length).toString()).toBe(next.lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  });
});

describe('SessionStore under other writers and damage', () => {
  it('a second store on the same folder never cuts a run the first one committed', async () => {
    const { store: first, id, branch } = await storeWithRuns(1);
    const second = await reopen();
    const file = first.filePath(id);
    // The first store commits run 2; the second still believes the file ends after run 1.
    await first.append(id, run(2, branch.at(-1)!.id).lines, (c) => c);
    const afterFirst = await fs.readFile(file);
    await expect(second.append(id, run(3, branch.at(-1)!.id).lines, (c) => c)).rejects.toMatchObject({ kind: 'changed' });
    expect((await fs.readFile(file)).equals(afterFirst)).toBe(true);
    // It re-read the file instead: what it knows now is what is there, and its next append goes after it.
    expect(second.entry(id)).toMatchObject({ size: afterFirst.length });
    await second.append(id, run(4, 'run-2-1').lines, (c) => c);
    expect(texts(currentBranch((await reopen().then((s) => s.load(id))).entries))).toEqual([
      'question 1',
      'answer 1',
      'question 2',
      'answer 2',
      'question 4',
      'answer 4',
    ]);
  });

  it('an append onto a file replaced by an older, shorter copy never fills it with zeros', async () => {
    const { store, id, branch } = await storeWithRuns(1);
    const file = store.filePath(id);
    const backup = await fs.readFile(file);
    await store.append(id, run(2, branch.at(-1)!.id).lines, (c) => c);
    await store.append(id, run(3, 'run-2-1').lines, (c) => c);
    // A backup restore (or a sync tool) puts the older copy back while the app runs.
    await fs.writeFile(`${file}.restore`, backup);
    await fs.rename(`${file}.restore`, file);
    await expect(store.append(id, run(4, 'run-3-1').lines, (c) => c)).rejects.toMatchObject({ kind: 'changed' });
    const after = await fs.readFile(file);
    expect(after.equals(backup)).toBe(true);
    expect(after.includes(0)).toBe(false);
    // The store now knows the file as it really is; the next run is saved after run 1 and reads back.
    expect(store.entry(id)).toMatchObject({ size: backup.length, messageCount: 3 });
    await store.append(id, run(5, branch.at(-1)!.id).lines, (c) => c);
    expect(texts(currentBranch((await (await reopen()).load(id)).entries))).toEqual(['question 1', 'answer 1', 'question 5', 'answer 5']);
  });

  it('open skips a dangling session link and lists every readable session', async () => {
    const { id } = await storeWithRuns(1);
    const dangling = randomUUID();
    await fs.symlink(path.join(dir, 'gone.jsonl'), path.join(dir, `${dangling}.jsonl`));
    const store = await reopen();
    expect([...store.entries()].map((e) => e.id)).toEqual([id]);
    expect(logged.some((line) => line.includes(dangling))).toBe(true);
  });

  it('open removes temp files of dead writers and keeps those a live process may still be writing', async () => {
    await storeWithRuns(1);
    const exited = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']);
    const deadPid = Number(exited.stdout.toString().trim());
    const dead = path.join(dir, `index.json.${deadPid}-abcd1234.tmp`);
    const live = path.join(dir, `index.json.${process.pid}-abcd1234.tmp`);
    await fs.writeFile(dead, 'half');
    await fs.writeFile(live, 'being written');
    await reopen();
    await expect(fs.stat(dead)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await fs.readFile(live, 'utf8')).toBe('being written');
  });
});

describe.skipIf(smallDiskUnavailable !== undefined)('SessionStore on a full or read-only disk', () => {
  let disk: SmallDisk;
  beforeEach(async () => {
    disk = await mountSmallDisk(64);
  });
  afterEach(async () => {
    await disk.unmount();
  });

  async function seed(): Promise<string> {
    const store = new SessionStore({ dir: disk.dir, log });
    await store.open();
    await store.scanned();
    const h = header();
    await store.create(h);
    await store.append(h.id, run(1, null).lines, (c) => c);
    await store.flush();
    // Stale index: the one on disk no longer matches the file (a run committed after it, or it is gone).
    await fs.rm(store.indexPath);
    return h.id;
  }

  it('a full disk with a stale index still opens and lists every session, reporting the disk as full', async () => {
    const id = await seed();
    await disk.fill();
    const onDisk = new SessionStore({ dir: disk.dir, log });
    await onDisk.open();
    await onDisk.scanned();
    expect([...onDisk.entries()].map((e) => e.id)).toEqual([id]);
    expect(onDisk.problem).toBe('disk_full');
    expect(texts(currentBranch((await onDisk.load(id)).entries))).toEqual(['question 1', 'answer 1']);
    expect((await fs.readdir(disk.dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('a read-only folder with a stale index still opens and lists every session, reporting it read-only', async () => {
    const id = await seed();
    disk.readOnly();
    const store = new SessionStore({ dir: disk.dir, log });
    await store.open();
    await store.scanned();
    expect([...store.entries()].map((e) => e.id)).toEqual([id]);
    expect(store.problem).toBe('read_only');
    expect(texts(currentBranch((await store.load(id)).entries))).toEqual(['question 1', 'answer 1']);
    await expect(store.append(id, run(2, 'run-1-1').lines, (c) => c)).rejects.toMatchObject({ kind: 'io', storageCause: 'read_only' });
  });

  it('a failed atomic write on a full disk leaves no temp file behind', async () => {
    await disk.fill();
    await expect(writeFileAtomic(path.join(disk.dir, 'settings.json'), 'x'.repeat(100_000))).rejects.toMatchObject({ code: 'ENOSPC' });
    expect((await fs.readdir(disk.dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
