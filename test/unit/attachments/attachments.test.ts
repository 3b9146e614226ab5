// The pure parts of attachments: sniffing by magic numbers, the fenced text block, resolving references per request,
// what the context policy charges for them, and a session file holding them through a torn tail.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fencedFile, resolveAttachments, sniff } from '../../../src/main/attachments/index.js';
import { IMAGE_TOKENS, messageTokens, selectContext } from '../../../src/main/sessions/context-policy.js';
import { parseSessionFile, serializeLines, type FileLine, type SessionHeader } from '../../../src/main/sessions/store/session-file.js';
import { SessionStore } from '../../../src/main/sessions/store/session-store.js';
import type { AttachmentPart } from '../../../src/shared/attachments.js';
import { emptyUsage, type Message, type UserMessage } from '../../../src/shared/messages.js';
import { EXE_BYTES, makePng, TINY_GIF } from '../../fixtures/images.js';

const jpeg = (width: number, height: number) =>
  Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x04,
    0x4a,
    0x46,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    0x03,
    0,
    0,
    0,
    0,
  ]);
function webpVp8x(width: number, height: number): Buffer {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0);
  b.writeUInt32LE(22, 4);
  b.write('WEBPVP8X', 8);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

describe('sniff', () => {
  it('reads the type and pixel size of the four image types from their headers', () => {
    expect(sniff(makePng(300, 200))).toEqual({ kind: 'image', mimeType: 'image/png', width: 300, height: 200 });
    expect(sniff(TINY_GIF)).toEqual({ kind: 'image', mimeType: 'image/gif', width: 1, height: 1 });
    expect(sniff(jpeg(4032, 3024))).toEqual({ kind: 'image', mimeType: 'image/jpeg', width: 4032, height: 3024 });
    expect(sniff(webpVp8x(5000, 40))).toEqual({ kind: 'image', mimeType: 'image/webp', width: 5000, height: 40 });
  });

  it('names programs and documents by their bytes, whatever the name; text is UTF-8 without NUL', () => {
    expect(sniff(EXE_BYTES)).toEqual({ kind: 'binary', label: 'windows-program' });
    expect(sniff(Buffer.from('%PDF-1.4'))).toEqual({ kind: 'binary', label: 'pdf' });
    expect(sniff(Buffer.from('价格：¥5 and $10\n'))).toEqual({ kind: 'text' });
    expect(sniff(Buffer.from([0xc3, 0x28]))).toEqual({ kind: 'binary' });
    expect(sniff(Buffer.from('a\0b'))).toEqual({ kind: 'binary' });
    // A PNG signature without a readable header is not an image.
    expect(sniff(makePng(10, 10).subarray(0, 20)).kind).toBe('binary');
  });

  it('never throws on a header cut short at any byte', () => {
    for (const sample of [makePng(3, 2), TINY_GIF, jpeg(20, 10), webpVp8x(7, 9)]) {
      for (let end = 0; end < sample.length; end++) expect(() => sniff(sample.subarray(0, end))).not.toThrow();
    }
  });
});

describe('fencedFile', () => {
  it('names the file and picks a fence no line of the content can close', () => {
    expect(fencedFile('a.py', 'print(1)\n')).toBe('a.py\n```py\nprint(1)\n```\n\n');
    expect(fencedFile('README.md', '```js\nx\n```\r\n')).toBe('README.md\n````md\n```js\nx\n```\n````\n\n');
    expect(fencedFile('Makefile', 'all:\n')).toBe('Makefile\n```\nall:\n```\n\n');
  });
});

const image: AttachmentPart = {
  type: 'attachment',
  kind: 'image',
  sha256: 'a'.repeat(64),
  mimeType: 'image/png',
  name: 'big.png',
  size: 9_000_000,
  width: 4000,
  height: 3000,
  scaled: { sha256: 'b'.repeat(64), mimeType: 'image/jpeg', size: 300_000, width: 2048, height: 1536 },
};
const file: AttachmentPart = {
  type: 'attachment',
  kind: 'text',
  sha256: 'c'.repeat(64),
  mimeType: 'text/plain',
  name: 'data.csv',
  size: 3_000,
};

describe('resolveAttachments', () => {
  it('sends the scaled copy of a large image, files as fenced text first, the question last; others untouched; gone files named', async () => {
    const reads: string[] = [];
    const read = async (sha256: string) => {
      reads.push(sha256);
      if (sha256 === 'b'.repeat(64)) return { mimeType: 'image/jpeg', bytes: new Uint8Array([1, 2, 3]) };
      return undefined;
    };
    const plain: Message = { role: 'user', content: 'hi', timestamp: 1 };
    const withFiles: UserMessage = { role: 'user', content: [{ type: 'text', text: 'Compare' }, image, file], timestamp: 2 };
    const out = await resolveAttachments([plain, withFiles], read);
    expect(out[0]).toBe(plain);
    expect(out[1]).toEqual({
      role: 'user',
      timestamp: 2,
      content: [
        { type: 'text', text: '[data.csv: this attachment is no longer in the data folder]\n\n' },
        { type: 'image', mimeType: 'image/jpeg', data: 'AQID' },
        { type: 'text', text: 'Compare' },
      ],
    });
    expect(reads).toEqual(['b'.repeat(64), 'c'.repeat(64)]);
    expect(withFiles.content).toEqual([{ type: 'text', text: 'Compare' }, image, file]);
  });
});

describe('context policy with attachments', () => {
  it('charges a fixed estimate per image and a text file by its size, and keeps or drops a turn with all its files', () => {
    const withImage: UserMessage = { role: 'user', content: [{ type: 'text', text: 'x' }, image], timestamp: 0 };
    expect(messageTokens(withImage) - messageTokens({ role: 'user', content: [{ type: 'text', text: 'x' }], timestamp: 0 })).toBe(
      IMAGE_TOKENS,
    );
    expect(messageTokens({ role: 'user', content: [file], timestamp: 0 })).toBe(4 + 1_000 + 16);

    const answer = (text: string): Message => ({
      role: 'assistant',
      content: [{ type: 'text', text }],
      model: 'm',
      usage: emptyUsage(),
      stopReason: 'stop',
      timestamp: 0,
    });
    const system: Message = { role: 'system', content: 's', timestamp: 0 };
    const images: UserMessage = { role: 'user', content: [image, { ...image, sha256: 'd'.repeat(64) }], timestamp: 0 };
    const all = [system, images, answer('two pictures'), { role: 'user', content: 'and now?', timestamp: 0 } as Message, answer('ok')];
    // Room for the newest turn but not for both images: the whole first turn goes, never one of its images.
    const sent = selectContext(all, { maxMessages: 100, contextWindow: 1_200, maxOutputTokens: 100 });
    expect(sent).toEqual([system, all[3], all[4]]);
    const roomy = selectContext(all, { maxMessages: 100, contextWindow: 4_000, maxOutputTokens: 100 });
    expect(roomy).toEqual(all);
  });
});

describe('session files with attachment references', () => {
  it('parse, load after a torn tail, and never contain bytes', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiny-attach-file-'));
    try {
      const id = randomUUID();
      const header: SessionHeader = { type: 'session', version: 1, id, createdAt: 1, systemPrompt: 's', model: 'm' };
      const user: Message = { role: 'user', content: [{ type: 'text', text: 'see' }, image, file], timestamp: 2 };
      const lines: FileLine[] = [
        header,
        { type: 'message', id: 'u1', parentId: null, runId: 'r1', timestamp: 2, message: user },
        {
          type: 'message',
          id: 'a1',
          parentId: 'u1',
          runId: 'r1',
          timestamp: 2,
          message: {
            role: 'assistant',
            content: [{ type: 'text', text: 'ok' }],
            model: 'm',
            usage: emptyUsage(),
            stopReason: 'stop',
            timestamp: 2,
          },
        },
        { type: 'commit', runId: 'r1', count: 2, timestamp: 3 },
      ];
      const text =
        serializeLines(lines) +
        '{"type":"message","id":"u2","parentId":"a1","runId":"r2","timestamp":4,"message":{"role":"user","content":[{"type":"attach';
      await fs.mkdir(path.join(dir, 'sessions'));
      await fs.writeFile(path.join(dir, 'sessions', `${id}.jsonl`), text);
      const parsed = parseSessionFile(Buffer.from(text), id);
      expect(parsed.ok && parsed.session.entries.map((e) => e.message)).toEqual([
        user,
        lines[2] && (lines[2] as { message: Message }).message,
      ]);
      const store = new SessionStore({ dir: path.join(dir, 'sessions') });
      await store.open();
      await store.scanned();
      const loaded = await store.load(id);
      expect(loaded.entries[0]!.message).toEqual(user);
      expect(text.length).toBeLessThan(2_000);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
