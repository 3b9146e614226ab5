// Merging one chat's lines from other computers, and the segment format that carries them: pure functions, exact lines.
import { describe, expect, it } from 'vitest';
import { knowledgeOf, planMerge } from '../../../src/main/sync/merge.js';
import { chatSegmentPath, decodeSegment, encodeSegment, placeOf } from '../../../src/main/sync/segments.js';

const header = { type: 'session', version: 2, id: 's1', createdAt: 1, systemPrompt: 'S', model: 'm' };
const message = (id: string, parentId: string | null, runId: string, text: string) => ({
  type: 'message',
  id,
  parentId,
  runId,
  timestamp: 1,
  message: { role: 'user', content: text, timestamp: 1 },
});
const commit = (runId: string, count: number, timestamp: number) => ({ type: 'commit', runId, count, timestamp });
const text = (lines: object[]) => lines.map((line) => JSON.stringify(line));
const from = (path: string, lines: object[]) => text(lines).map((t) => ({ from: path, text: t }));

describe('planMerge', () => {
  const local = knowledgeOf(text([header, message('m1', null, 'r1', 'first'), commit('r1', 1, 10)]));

  it('appends a run whose parent is here, skips one already here, and waits with one whose parent is not', () => {
    const plan = planMerge(
      local,
      from('x/1', [
        message('m1', null, 'r1', 'first'),
        commit('r1', 1, 10),
        message('m3', 'm9', 'r3', 'orphan'),
        commit('r3', 1, 30),
        message('m2', 'm1', 'r2', 'second'),
        commit('r2', 1, 20),
      ]),
    );
    expect(plan.lines).toEqual([message('m2', 'm1', 'r2', 'second'), commit('r2', 1, 20)]);
    expect(plan.messages).toBe(1);
    expect([...plan.waiting]).toEqual(['x/1']);
  });

  it('takes a meta field only when later than the local one; equal stamps pick the same value everywhere', () => {
    const named = knowledgeOf(
      text([header, { type: 'meta', timestamp: 50, name: 'Local' }, { type: 'meta', timestamp: 40, pinned: true }]),
    );
    const plan = planMerge(
      named,
      from('x/1', [
        { type: 'meta', timestamp: 45, name: 'Older', pinned: false },
        { type: 'meta', timestamp: 50, name: 'Zed' },
        { type: 'meta', timestamp: 60, chat: { systemPrompt: 'New' } },
      ]),
    );
    expect(plan.lines).toEqual([
      { type: 'meta', timestamp: 45, pinned: false },
      { type: 'meta', timestamp: 50, name: 'Zed' },
      { type: 'meta', timestamp: 60, chat: { systemPrompt: 'New' } },
    ]);
  });

  it('shows the version activated last: an older remote answer adds a branch line back to the local leaf', () => {
    const plan = planMerge(local, from('x/1', [message('m2', null, 'r2', 'older'), commit('r2', 1, 5)]));
    expect(plan.lines.at(-1)).toEqual({ type: 'branch', timestamp: 10, leaf: 'm1' });
    const newer = planMerge(local, from('x/1', [message('m2', null, 'r2', 'newer'), commit('r2', 1, 15)]));
    expect(newer.lines.map((l) => (l as { type: string }).type)).toEqual(['message', 'commit']);
  });

  it('a chat that is not here is created from an incoming header, or waits for one', () => {
    expect(planMerge(undefined, from('x/1', [header, message('m1', null, 'r1', 'q'), commit('r1', 1, 1)]))).toMatchObject({
      header,
      messages: 1,
      headerMissing: false,
    });
    expect(planMerge(undefined, from('y/1', [message('m2', 'm1', 'r2', 'q'), commit('r2', 1, 2)]))).toMatchObject({
      headerMissing: true,
      waiting: new Set(['y/1']),
    });
  });
});

describe('segments', () => {
  const place = placeOf(chatSegmentPath('dev-1', 's1', 3))!;
  const bytes = Buffer.from(encodeSegment(place, ['{"a":1}', '{"b":2}']));

  it('round-trips its lines and names its place from the path alone', () => {
    expect(place).toMatchObject({ device: 'dev-1', kind: 'chat', session: 's1', seq: 3 });
    expect(decodeSegment(place, bytes)).toEqual({ ok: true, lines: ['{"a":1}', '{"b":2}'] });
  });

  it('tells torn from tampered from newer, and refuses a whole file moved to another place', () => {
    expect(decodeSegment(place, bytes.subarray(0, bytes.length - 3))).toEqual({ ok: false, reason: 'torn' });
    expect(decodeSegment(place, bytes.subarray(0, 10))).toEqual({ ok: false, reason: 'torn' });
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 3] = 0x33;
    expect(decodeSegment(place, flipped)).toEqual({ ok: false, reason: 'tampered' });
    expect(decodeSegment(place, Buffer.concat([bytes, Buffer.from('{"c":3}\n')]))).toEqual({ ok: false, reason: 'tampered' });
    expect(decodeSegment(place, Buffer.from(bytes.toString().replace('"sync":1', '"sync":2')))).toEqual({
      ok: false,
      reason: 'newer-format',
    });
    expect(decodeSegment(placeOf(chatSegmentPath('dev-2', 's1', 3))!, bytes)).toEqual({ ok: false, reason: 'tampered' });
    expect(placeOf('tiny-agent-sync/devices/../x/chats/s/1.jsonl')).toBeUndefined();
  });
});
