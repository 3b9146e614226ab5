// The window's remembered state: one debounced atomic write per burst of changes, read back after a restart,
// damaged files read entry by entry, deleted sessions forgotten, limits kept by dropping the least recent.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UiStateService } from '../../../src/main/ui-state/index.js';
import { UI_STATE_FILE } from '../../../src/main/ui-state/ui-state-file.js';
import { UI_STATE_LIMITS } from '../../../src/shared/ui-state.js';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const GONE = '33333333-3333-4333-8333-333333333333';

let dataDir: string;
let logged: string[];
let existing: Set<string>;
let clock: number;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-ui-state-'));
  logged = [];
  existing = new Set([A, B]);
  clock = 1_000;
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A service whose timer never fires by itself in a test (writes happen on `flush`). */
function open(): Promise<UiStateService> {
  return UiStateService.open({
    dataDir,
    sessionExists: (id) => existing.has(id),
    log: (message) => logged.push(message),
    saveDelayMs: 60_000,
    now: () => clock++,
  });
}

const file = () => path.join(dataDir, UI_STATE_FILE);

describe('ui state', () => {
  it('starts empty without a file and writes nothing until something changes', async () => {
    const service = await open();
    expect(service.view()).toEqual({ lastSessionId: null, drafts: {}, anchors: {} });
    await service.flush();
    expect(service.writes).toBe(0);
    await expect(fs.access(file())).rejects.toThrow();
  });

  it('gives back after a restart the open chat, anchors and drafts (the new chat’s too)', async () => {
    const first = await open();
    first.update({ lastSessionId: A, drafts: { [A]: 'half a thought', draft: 'new chat text' } });
    first.update({ anchors: { [A]: { messageId: 'm7', offset: 42 }, [B]: { atBottom: true } } });
    first.update({ drafts: { [A]: 'half a thought, finished' } });
    await first.flush();
    expect(first.writes).toBe(1);

    const second = await open();
    expect(second.view()).toEqual({
      lastSessionId: A,
      drafts: { [A]: 'half a thought, finished', draft: 'new chat text' },
      anchors: { [A]: { messageId: 'm7', offset: 42 }, [B]: { atBottom: true } },
    });
  });

  it('forgets a draft set to empty and an anchor set to null', async () => {
    const service = await open();
    service.update({ drafts: { [A]: 'x', [B]: 'y' }, anchors: { [A]: { atBottom: true } } });
    service.update({ drafts: { [A]: '' }, anchors: { [A]: null } });
    expect(service.view()).toEqual({ lastSessionId: null, drafts: { [B]: 'y' }, anchors: {} });
  });

  it('drops what belonged to a deleted session, told or found at read time', async () => {
    const service = await open();
    service.update({ lastSessionId: A, drafts: { [A]: 'a', [B]: 'b', [GONE]: 'gone' }, anchors: { [A]: { atBottom: true } } });
    expect(service.view().drafts).toEqual({ [A]: 'a', [B]: 'b' });
    service.forget(A);
    expect(service.view()).toEqual({ lastSessionId: null, drafts: { [B]: 'b' }, anchors: {} });
    existing.delete(B);
    expect(service.view().drafts).toEqual({});
  });

  it('reads a damaged file entry by entry and logs what it forgot', async () => {
    await fs.writeFile(
      file(),
      JSON.stringify({
        version: 1,
        lastSessionId: 'not-an-id',
        drafts: { [A]: { text: 'kept', at: 5 }, [B]: { text: 42, at: 5 }, '../escape': { text: 'x', at: 1 } },
        anchors: { [A]: { anchor: { messageId: 'm1', offset: 'far' }, at: 1 }, [B]: { anchor: { atBottom: true }, at: 2 } },
      }),
    );
    const service = await open();
    expect(service.view()).toEqual({ lastSessionId: null, drafts: { [A]: 'kept' }, anchors: { [B]: { atBottom: true } } });
    expect(logged).toEqual([`${UI_STATE_FILE} was damaged: 4 unreadable part(s) forgotten`]);
  });

  it('starts with defaults from a file that is not JSON, and replaces it at the next write', async () => {
    await fs.writeFile(file(), '{"version":1,"drafts":{"');
    const service = await open();
    expect(service.view()).toEqual({ lastSessionId: null, drafts: {}, anchors: {} });
    expect(logged).toEqual([`${UI_STATE_FILE} was damaged: 1 unreadable part(s) forgotten`]);
    await service.flush();
    expect(JSON.parse(await fs.readFile(file(), 'utf8'))).toEqual({ version: 1, lastSessionId: null, drafts: {}, anchors: {} });
  });

  it('keeps at most the draft limit, dropping the least recently typed', async () => {
    const service = await open();
    const ids = Array.from({ length: UI_STATE_LIMITS.maxDrafts + 2 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    ids.forEach((id) => existing.add(id));
    for (const id of ids) service.update({ drafts: { [id]: `text of ${id}` } });
    const kept = Object.keys(service.view().drafts);
    expect(kept).toHaveLength(UI_STATE_LIMITS.maxDrafts);
    expect(kept).not.toContain(ids[0]);
    expect(kept).not.toContain(ids[1]);
    expect(kept).toContain(ids[ids.length - 1]);
  });

  it('keeps the old file when a write fails and writes again at the next flush', async () => {
    const service = await open();
    service.update({ drafts: { [A]: 'first' } });
    await service.flush();
    await fs.chmod(dataDir, 0o500);
    try {
      service.update({ drafts: { [A]: 'second' } });
      await service.flush();
      if (process.getuid?.() === 0) return; // root writes into read-only folders; nothing to observe
      expect(logged).toEqual([expect.stringContaining(`${UI_STATE_FILE} could not be saved`)]);
      expect(JSON.parse(await fs.readFile(file(), 'utf8')).drafts[A].text).toBe('first');
    } finally {
      await fs.chmod(dataDir, 0o700);
    }
    await service.flush();
    expect(JSON.parse(await fs.readFile(file(), 'utf8')).drafts[A].text).toBe('second');
  });
});
