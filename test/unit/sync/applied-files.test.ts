// Applied remote files, kept per stream as "all up to n" plus the few above: a run of answers folds into one number,
// a file applied out of order is kept until the gap closes, and an older state's list of paths reads the same.
import { describe, expect, it } from 'vitest';
import { AppliedFiles } from '../../../src/main/sync/applied-files.js';
import { chatSegmentPath, metaSegmentPath } from '../../../src/main/sync/segments.js';

const chat = (seq: number) => chatSegmentPath('dev-b', 'chat-1', seq);

describe('applied files', () => {
  it('folds a stream applied in order into one number, however many files it had', () => {
    const applied = new AppliedFiles();
    for (let seq = 0; seq < 5_000; seq++) applied.add(chat(seq));
    expect(applied.toJSON()).toEqual({ 'dev-b/chat-1': [4999] });
    expect([applied.has(chat(0)), applied.has(chat(4999)), applied.has(chat(5000))]).toEqual([true, true, false]);
  });

  it('keeps a file applied past a gap until the gap is applied; streams of chats and meta are apart', () => {
    const applied = new AppliedFiles();
    applied.add(chat(0));
    applied.add(chat(2));
    applied.add(chat(3));
    applied.add(metaSegmentPath('dev-b', 0));
    expect(applied.toJSON()).toEqual({ 'dev-b/chat-1': [0, 2, 3], 'dev-b/:meta': [0] });
    expect([applied.has(chat(1)), applied.has(chat(2))]).toEqual([false, true]);
    applied.add(chat(1));
    expect(applied.toJSON()['dev-b/chat-1']).toEqual([3]);
    // A path that is not a segment's is neither kept nor found.
    applied.add('tiny-agent-sync/format.json');
    expect(applied.has('tiny-agent-sync/format.json')).toBe(false);
  });

  it("reads its own form back, and an older state's list of paths", () => {
    const applied = new AppliedFiles();
    [0, 1, 4].forEach((seq) => applied.add(chat(seq)));
    const again = AppliedFiles.from(JSON.parse(JSON.stringify(applied)) as Record<string, number[]>);
    expect([0, 1, 2, 3, 4].map((seq) => again.has(chat(seq)))).toEqual([true, true, false, false, true]);
    const legacy = AppliedFiles.from([chat(0), chat(1), metaSegmentPath('dev-c', 0)]);
    expect(legacy.toJSON()).toEqual({ 'dev-b/chat-1': [1], 'dev-c/:meta': [0] });
  });
});
