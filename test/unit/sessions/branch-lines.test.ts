// `branch` lines in the session file: read back, repaired like any other line when a crash cuts them, refused where
// they do not belong, and a version-1 file migrated (backup first) before it gets one.
import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyUsage, messageText, type Message } from '../../../src/shared/messages.js';
import {
  currentBranch,
  parseSessionFile,
  serializeLines,
  summarize,
  type FileLine,
  type MessageEntry,
  type SessionHeader,
} from '../../../src/main/sessions/store/session-file.js';
import { SessionStore } from '../../../src/main/sessions/store/session-store.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-branch-lines-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const quiet = { info: () => undefined, error: () => undefined };

/** A committed run of one message `text` (user when it starts with "q", else an answer) under `parentId`. */
function unit(id: string, parentId: string | null, text: string): FileLine[] {
  const message: Message = text.startsWith('q')
    ? { role: 'user', content: text, timestamp: 1 }
    : { role: 'assistant', content: [{ type: 'text', text }], model: 'm', usage: emptyUsage(), stopReason: 'stop', timestamp: 1 };
  const entry: MessageEntry = { type: 'message', id, parentId, runId: `run-${id}`, timestamp: 1, message };
  return [entry, { type: 'commit', runId: entry.runId, count: 1, timestamp: 2 }];
}

/** q1 → a1, then a second answer a1b; the shown branch is the last commit's. */
function conversation(version: number): { header: SessionHeader; lines: FileLine[] } {
  const header: SessionHeader = { type: 'session', version, id: randomUUID(), createdAt: 1, systemPrompt: 's', model: 'm' };
  return { header, lines: [...unit('q1', null, 'q1'), ...unit('a1', 'q1', 'answer 1'), ...unit('a1b', 'q1', 'answer 1b')] };
}

const back: FileLine = { type: 'branch', timestamp: 3, leaf: 'a1' };
const shownTexts = (bytes: Buffer, id: string): string[] => {
  const parsed = parseSessionFile(bytes, id);
  if (!parsed.ok) throw new Error(parsed.failure.detail);
  return currentBranch(parsed.session.entries, parsed.session.activations.at(-1)).map((entry) => messageText(entry.message));
};

describe('branch lines', () => {
  it('the last activation decides what is shown: a commit, then a branch line', () => {
    const { header, lines } = conversation(2);
    const without = Buffer.from(serializeLines([header, ...lines]));
    expect(shownTexts(without, header.id)).toEqual(['q1', 'answer 1b']);
    expect(shownTexts(Buffer.from(serializeLines([header, ...lines, back])), header.id)).toEqual(['q1', 'answer 1']);
  });

  it('a crash at every byte of a branch line leaves the choice made or not, never damage', () => {
    const { header, lines } = conversation(2);
    const before = Buffer.from(serializeLines([header, ...lines]));
    const full = Buffer.concat([before, Buffer.from(serializeLines([back]))]);
    for (let cut = before.length; cut <= full.length; cut++) {
      const parsed = parseSessionFile(full.subarray(0, cut), header.id);
      if (!parsed.ok) throw new Error(`cut at ${cut}: ${parsed.failure.detail}`);
      expect(parsed.session.validLength, `cut at ${cut}`).toBe(cut === full.length ? full.length : before.length);
      expect(shownTexts(full.subarray(0, cut), header.id).at(-1), `cut at ${cut}`).toBe(cut === full.length ? 'answer 1' : 'answer 1b');
    }
  });

  it.each([
    { case: 'in a version-1 file', version: 1, line: back },
    { case: 'naming a message that is not committed', version: 2, line: { type: 'branch', timestamp: 3, leaf: 'nope' } },
    { case: 'without a leaf', version: 2, line: { type: 'branch', timestamp: 3 } },
  ])('a branch line $case is damage: a torn tail at the end, refused in the middle', ({ version, line }) => {
    const { header, lines } = conversation(version);
    const atEnd = Buffer.from(serializeLines([header, ...lines, line as FileLine]));
    const parsed = parseSessionFile(atEnd, header.id);
    expect(parsed.ok && parsed.session.validLength).toBe(atEnd.length - Buffer.byteLength(`${JSON.stringify(line)}\n`));
    const inMiddle = Buffer.from(
      serializeLines([header, ...lines, line as FileLine, ...unit('q2', 'a1b', 'q2'), ...unit('a2', 'q2', 'answer 2')]),
    );
    expect(parseSessionFile(inMiddle, header.id)).toMatchObject({ ok: false, failure: { kind: 'corrupt' } });
  });

  it('migrates a version-1 file: backup byte for byte first, then the header alone changes; delete removes both', async () => {
    const { header, lines } = conversation(1);
    const file = path.join(dir, `${header.id}.jsonl`);
    const original = Buffer.from(serializeLines([header, ...lines]));
    // A torn tail from an old crash is not carried over.
    await fs.writeFile(file, Buffer.concat([original, Buffer.from('{"type":"mess')]));
    const store = new SessionStore({ dir, log: quiet });
    await store.open();
    await store.scanned();
    await store.migrate(header.id, { ...header, version: 2 });
    expect(await fs.readFile(`${file}.v1.bak`)).toEqual(Buffer.concat([original, Buffer.from('{"type":"mess')]));
    const migrated = await fs.readFile(file);
    expect(migrated.toString()).toBe(original.toString().replace('"version":1', '"version":2'));
    // The index knows the new length: the next append lands right after the last line.
    await store.append(header.id, [back], (current) => current);
    const reopened = new SessionStore({ dir, log: quiet });
    await reopened.open();
    await reopened.scanned();
    const loaded = await reopened.load(header.id);
    expect(loaded.header.version).toBe(2);
    expect(currentBranch(loaded.entries, loaded.activations.at(-1)).map((entry) => entry.id)).toEqual(['q1', 'a1']);
    expect(reopened.entry(header.id)).toMatchObject({ size: loaded.size, messageCount: 3 });
    // Already at the version: nothing is written again.
    await reopened.migrate(header.id, { ...header, version: 2 });
    expect(await fs.readFile(file)).toEqual(Buffer.concat([migrated, Buffer.from(serializeLines([back]))]));
    await reopened.delete(header.id);
    await reopened.flush();
    expect(await fs.readdir(dir)).toEqual(['index.json']);
  });

  it('the index summary of a reopened session follows its branch line', async () => {
    const { header, lines } = conversation(2);
    await fs.writeFile(
      path.join(dir, `${header.id}.jsonl`),
      serializeLines([header, ...lines, back, ...unit('q2', 'a1', 'q2'), ...unit('a2', 'q2', 'answer 2')]),
    );
    const store = new SessionStore({ dir, log: quiet });
    await store.open();
    await store.scanned();
    const shown = currentBranch((await store.load(header.id)).entries, 'a2');
    expect(store.entry(header.id)).toMatchObject(summarize({ header, name: undefined, branch: shown, updatedAt: 2 }));
    expect(store.entry(header.id)?.messageCount).toBe(5);
  });
});
