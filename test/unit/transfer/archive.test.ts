// Reading an import archive: only the files asked for are unpacked, in slices with the event loop free between them
// (counted in turns of the loop, not in time), within the unpacked-size and chat-count caps, and a cut archive is damage.
import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_SLICE, archiveWork, readArchive } from '../../../src/main/transfer/archive.js';

/** JSON of `bytes` random bytes in base64: it barely compresses, so the archive is about that large. */
const noisyJson = (bytes: number) => strToU8(JSON.stringify({ noise: randomBytes(bytes).toString('base64') }));

/** Runs `work` while counting the turns of the event loop that happen before it ends. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    turns += 1;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  const result = await work();
  running = false;
  return { result, turns };
}

describe('readArchive', () => {
  it('unpacks the JSON files only, and leaves the event loop turning while it inflates a 4 MB archive', async () => {
    const conversations = noisyJson(3 * 1024 * 1024);
    const zip = zipSync({
      'conversations.json': conversations,
      'chat.html': strToU8('<p>not read</p>'),
      '__MACOSX/._conversations.json': strToU8('{}'),
      'user.json': strToU8('{"id":"u"}'),
    });
    const { result, turns } = await turnsDuring(() => readArchive(zip, 400 * 1024 * 1024));
    expect(result.ok && [...result.files.keys()].sort()).toEqual(['conversations.json', 'user.json']);
    expect(result.ok && Buffer.from(result.files.get('conversations.json')!).equals(Buffer.from(conversations))).toBe(true);
    // One slice per turn at most: the loop turned about as many times as the archive has slices.
    const slices = Math.ceil(zip.length / ARCHIVE_SLICE);
    expect(slices).toBeGreaterThan(40);
    expect(turns).toBeGreaterThanOrEqual(slices - 1);
  });

  it('refuses an archive that unpacks past the cap, by what it declares or by what it really inflates to', async () => {
    const zip = zipSync({ 'a.json': noisyJson(300 * 1024), 'b.json': strToU8(`"${'x'.repeat(600 * 1024)}"`) });
    expect(await readArchive(zip, 900 * 1024)).toEqual({ ok: false, reason: 'too_large' });
    expect(await readArchive(zip, 2 * 1024 * 1024)).toMatchObject({ ok: true });
    // A stored size of zero (as a lying archive would say) does not let the entry through.
    const lying = zipSync({ 'b.json': strToU8(`"${'x'.repeat(600 * 1024)}"`) });
    lying.set([0, 0, 0, 0], 22); // the local header's uncompressed size
    expect(await readArchive(lying, 100 * 1024)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('calls an archive cut short damaged', async () => {
    const zip = zipSync({ 'conversations.json': noisyJson(200 * 1024) });
    expect(await readArchive(zip.subarray(0, Math.floor(zip.length / 2)), 400 * 1024 * 1024)).toEqual({
      ok: false,
      reason: 'damaged',
    });
  });

  /** A ZIP of `count` small chats under chats/, and a manifest. */
  const manyChats = (count: number) => {
    const files: Record<string, Uint8Array> = { 'manifest.json': strToU8('{}') };
    for (let i = 0; i < count; i++) files[`chats/chat-${i}.json`] = strToU8(`{"chat":${i}}`);
    return zipSync(files, { level: 0 });
  };

  it('refuses more chats than the limit by the central directory, before inflating any', async () => {
    const zip = manyChats(1_000);
    const before = archiveWork.inflated;
    expect(await readArchive(zip, 400 * 1024 * 1024, undefined, 999)).toEqual({ ok: false, reason: 'too_many' });
    expect(archiveWork.inflated - before).toBe(0);
    expect(await readArchive(zip, 400 * 1024 * 1024, undefined, 1_000)).toMatchObject({ ok: true }); // the manifest is no chat
  });

  it('refuses at chat limit + 1 while unpacking when the directory hides its entries, having inflated the limit', async () => {
    const zip = manyChats(1_000);
    const end = zip.length - 22; // no comment: the end record is the last 22 bytes
    zip.set([0, 0, 0, 0], new DataView(zip.buffer).getUint32(end + 16, true)); // the directory's first signature gone
    const before = archiveWork.inflated;
    expect(await readArchive(zip, 400 * 1024 * 1024, undefined, 100)).toEqual({ ok: false, reason: 'too_many' });
    expect(archiveWork.inflated - before).toBe(101); // the manifest and 100 chats; chat 101 refused unopened
  });
});
