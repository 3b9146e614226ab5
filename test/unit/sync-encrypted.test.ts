// The encrypting sync transport over a real temp folder and over memory: only ciphertext in the location, the key
// derived once, and every way a sealed file can go wrong — cut off, changed, moved to another name, chunks swapped,
// a wrong passphrase, a damaged or weakened keycheck — refused with its reason before anything is applied.
import { mkdtemp, readdir, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createEncryptedTransport,
  KEYCHECK_PATH,
  SCRYPT_DEFAULT,
  SEALED_FORMAT,
  SyncCipherError,
} from '../../src/main/sync/encrypted-transport.js';
import { SyncTransportError, type SyncTransport } from '../../src/main/sync/transport.js';
import { syncTransportErrorText } from '../../src/main/sync/transport-strings.js';
import { countingTransport, createMemoryTransport, createTempFolderTransport } from '../fixtures/sync-transports.js';
import { DIALOGUE_TRANSCRIPT, transportDialogue } from '../fixtures/transport-dialogue.js';

const FAST_KDF = { newKeyParams: { N: 2 ** 14, r: 8, p: 1 } };
const PASSPHRASE = 'correct horse battery staple';
const CHAT = 'tiny-agent-sync/devices/dev-a/chats/c1.jsonl';
const text = (value: string) => new TextEncoder().encode(value);
const words = (bytes: Uint8Array | null) => new TextDecoder().decode(bytes!);

let root = '';
let folder: SyncTransport;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tiny-sync-sealed-'));
  folder = createTempFolderTransport(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const onDisk = (relative: string) => path.join(root, ...relative.split('/'));

async function reasonOf(action: Promise<unknown>): Promise<string> {
  try {
    await action;
    return 'no error';
  } catch (error) {
    if (error instanceof SyncCipherError) return `${error.reason} ${error.path}`;
    if (error instanceof SyncTransportError) return `transport ${error.code}`;
    throw error;
  }
}

/** A location holding CHAT sealed under PASSPHRASE; returns the sealed bytes. */
async function sealedChat(plaintext: Uint8Array = text('{"line":1}\n')): Promise<Buffer> {
  await createEncryptedTransport(folder, PASSPHRASE, FAST_KDF).write(CHAT, plaintext);
  return readFile(onDisk(CHAT));
}

it('gives the dialogue’s transcript over memory too', async () => {
  expect(await transportDialogue(createEncryptedTransport(createMemoryTransport(), PASSPHRASE, FAST_KDF))).toEqual(DIALOGUE_TRANSCRIPT);
});

it('keeps only ciphertext in the location; the keycheck holds the salt and scrypt’s strong default cost', async () => {
  const sealed = createEncryptedTransport(folder, PASSPHRASE);
  const secret = '{"role":"assistant","text":"今天的会议改到周五 — the launch code is 0451"}\n';
  await sealed.write(CHAT, text(secret));
  const names = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  expect(names).toEqual([CHAT, KEYCHECK_PATH]);
  for (const name of names) {
    const bytes = await readFile(onDisk(name));
    for (const needle of ['会议', '0451', 'launch', '"role"', 'assistant', PASSPHRASE]) {
      expect(bytes.includes(Buffer.from(needle)), `${needle} in ${name}`).toBe(false);
    }
  }
  const keycheck = JSON.parse(await readFile(onDisk(KEYCHECK_PATH), 'utf8'));
  expect(keycheck.kdf).toEqual({ name: 'scrypt', ...SCRYPT_DEFAULT, salt: expect.any(String) });
  expect(Buffer.from(keycheck.kdf.salt, 'base64')).toHaveLength(16);
  expect(keycheck.cipher).toBe('xchacha20-poly1305');
  expect((await readFile(onDisk(CHAT))).length).toBe(SEALED_FORMAT.headerBytes + text(secret).length + 16);
  expect(await sealed.list('')).toEqual([{ path: CHAT, size: text(secret).length }]);
  expect(words(await sealed.read(CHAT))).toBe(secret);
});

it('reads the keycheck and derives the key once per transport', async () => {
  await sealedChat();
  const counted = countingTransport(folder);
  const sealed = createEncryptedTransport(counted, PASSPHRASE, FAST_KDF);
  await Promise.all([sealed.list(''), sealed.read(CHAT), sealed.read(CHAT)]);
  await sealed.write('tiny-agent-sync/devices/dev-a/chats/c2.jsonl', text('two'));
  expect(words(await sealed.read('tiny-agent-sync/devices/dev-a/chats/c2.jsonl'))).toBe('two');
  expect(counted.calls.readsOf(KEYCHECK_PATH)).toBe(1);
  expect(counted.calls.writesOf(KEYCHECK_PATH)).toBe(0);
  expect(await reasonOf(sealed.read(KEYCHECK_PATH))).toBe('transport refused');
  expect(await reasonOf(sealed.write(KEYCHECK_PATH, text('{}')))).toBe('transport refused');
});

it('seals the same bytes under one path alike (a retried write is no conflict) and under another path not', async () => {
  const memory = createMemoryTransport();
  const sealed = createEncryptedTransport(memory, PASSPHRASE, FAST_KDF);
  await sealed.write('a/one.jsonl', text('same'));
  await sealed.write('a/one.jsonl', text('same'));
  await sealed.write('a/two.jsonl', text('same'));
  expect(Buffer.from(memory.files.get('a/one.jsonl')!).equals(memory.files.get('a/two.jsonl')!)).toBe(false);
  expect(await reasonOf(sealed.write('a/one.jsonl', text('other')))).toBe('transport refused');
});

describe('a sealed file that is not as it was written is skipped with its reason', () => {
  it('cut off: torn', async () => {
    const bytes = await sealedChat();
    await truncate(onDisk(CHAT), bytes.length - 1);
    expect(await reasonOf(createEncryptedTransport(folder, PASSPHRASE).read(CHAT))).toBe(`torn ${CHAT}`);
  });

  it('cut off at a chunk boundary, its last chunk gone: torn', async () => {
    const size = SEALED_FORMAT.chunkBytes * 2 + 100;
    await sealedChat(new Uint8Array(size).fill(1));
    await truncate(onDisk(CHAT), SEALED_FORMAT.headerBytes + 2 * (SEALED_FORMAT.chunkBytes + 16));
    expect(await reasonOf(createEncryptedTransport(folder, PASSPHRASE).read(CHAT))).toBe(`torn ${CHAT}`);
  });

  it('one byte changed, a byte added, two chunks swapped: tampered', async () => {
    const size = SEALED_FORMAT.chunkBytes * 2;
    const bytes = await sealedChat(new Uint8Array(size).fill(1));
    const flipped = Buffer.from(bytes);
    flipped[SEALED_FORMAT.headerBytes + 10]! ^= 1;
    const chunk = SEALED_FORMAT.chunkBytes + 16;
    const head = bytes.subarray(0, SEALED_FORMAT.headerBytes);
    const body = bytes.subarray(SEALED_FORMAT.headerBytes);
    const swapped = Buffer.concat([head, body.subarray(chunk, 2 * chunk), body.subarray(0, chunk)]);
    for (const changed of [flipped, Buffer.concat([bytes, Buffer.from([0])]), swapped]) {
      await rm(onDisk(CHAT));
      await writeFile(onDisk(CHAT), changed);
      expect(await reasonOf(createEncryptedTransport(folder, PASSPHRASE).read(CHAT))).toBe(`tampered ${CHAT}`);
    }
  });

  it('moved to another name: tampered', async () => {
    await sealedChat();
    const moved = 'tiny-agent-sync/devices/dev-b/chats/c1.jsonl';
    await folder.write(moved, await readFile(onDisk(CHAT)));
    await rm(onDisk(CHAT));
    expect(await reasonOf(createEncryptedTransport(folder, PASSPHRASE).read(moved))).toBe(`tampered ${moved}`);
    await rename(onDisk(moved), onDisk(CHAT));
    expect(words(await createEncryptedTransport(folder, PASSPHRASE).read(CHAT))).toBe('{"line":1}\n');
  });

  it('never sealed, or sealed in a newer format: unreadable, newer-format', async () => {
    const bytes = await sealedChat();
    await folder.write('plain.jsonl', text('{"line":1}\n'));
    const newer = Buffer.from(bytes);
    newer[4] = SEALED_FORMAT.format + 1;
    await folder.write('newer.jsonl', newer);
    const sealed = createEncryptedTransport(folder, PASSPHRASE);
    expect(await reasonOf(sealed.read('plain.jsonl'))).toBe('unreadable plain.jsonl');
    expect(await reasonOf(sealed.read('newer.jsonl'))).toBe('newer-format newer.jsonl');
    expect(syncTransportErrorText('zh-CN', new SyncCipherError('tampered', CHAT, ''))).toBe(
      '这个文件在写入后被改动过，或是从别的名称移来的；未应用。',
    );
  });
});

describe('the passphrase and the keycheck', () => {
  it('a wrong passphrase is known at the first call: nothing is read or written', async () => {
    await sealedChat();
    const counted = countingTransport(folder);
    const wrong = createEncryptedTransport(counted, 'correct horse battery stapler', FAST_KDF);
    expect(await reasonOf(wrong.list(''))).toBe(`wrong-passphrase ${KEYCHECK_PATH}`);
    expect(await reasonOf(wrong.read(CHAT))).toBe(`wrong-passphrase ${KEYCHECK_PATH}`);
    expect(await reasonOf(wrong.write('tiny-agent-sync/devices/dev-z/x.jsonl', text('x')))).toBe(`wrong-passphrase ${KEYCHECK_PATH}`);
    expect(counted.calls).toMatchObject({ list: 0, write: 0 });
    expect(counted.calls.readsOf(KEYCHECK_PATH)).toBe(1);
    expect(counted.calls.readsOf(CHAT)).toBe(0);
    const error = await wrong.list('').catch((caught: unknown) => caught);
    expect(syncTransportErrorText('en', error)).toBe(
      'The passphrase does not match the one this sync location is encrypted with. Nothing was read or written.',
    );
    expect(syncTransportErrorText('zh-CN', error)).toBe('密码短语与这个同步位置加密时使用的不一致。没有读取或写入任何内容。');
  });

  it('a damaged keycheck, or one naming a weaker cost, opens nothing', async () => {
    await sealedChat();
    const keycheck = JSON.parse(await readFile(onDisk(KEYCHECK_PATH), 'utf8'));
    await writeFile(onDisk(KEYCHECK_PATH), JSON.stringify({ ...keycheck, kdf: { ...keycheck.kdf, N: 2 ** 10 } }));
    expect(await reasonOf(createEncryptedTransport(folder, PASSPHRASE).read(CHAT))).toBe(`unreadable ${KEYCHECK_PATH}`);
    await writeFile(onDisk(KEYCHECK_PATH), '{"format":1,"kdf":');
    const damaged = createEncryptedTransport(folder, PASSPHRASE);
    const error = await damaged.list('').catch((caught: unknown) => caught);
    expect(syncTransportErrorText('en', error)).toBe(
      'The encryption key file (tiny-agent-sync/keycheck.json) in the sync location cannot be read. Nothing was read or written.',
    );
  });

  it('two computers starting at once end with one keycheck, and each opens the other’s file', async () => {
    const first = createEncryptedTransport(folder, PASSPHRASE, FAST_KDF);
    const second = createEncryptedTransport(folder, PASSPHRASE, FAST_KDF);
    await Promise.all([first.write('d/a.jsonl', text('from a')), second.write('d/b.jsonl', text('from b'))]);
    expect(words(await first.read('d/b.jsonl'))).toBe('from b');
    expect(words(await second.read('d/a.jsonl'))).toBe('from a');
    const third = createEncryptedTransport(folder, PASSPHRASE, FAST_KDF);
    expect((await third.list('')).map((entry) => entry.path).sort()).toEqual(['d/a.jsonl', 'd/b.jsonl']);
  });

  it('the same passphrase typed in another Unicode form opens the location', async () => {
    const composed = 'pässwörd-短语';
    await createEncryptedTransport(folder, composed, FAST_KDF).write(CHAT, text('x'));
    expect(words(await createEncryptedTransport(folder, composed.normalize('NFD')).read(CHAT))).toBe('x');
  });
});

it('seals and opens a 4 MiB file in slices, letting the event loop turn between them', async () => {
  const memory = createMemoryTransport();
  const sealed = createEncryptedTransport(memory, PASSPHRASE, FAST_KDF);
  await sealed.write('warm.jsonl', text('key made'));
  const big = new Uint8Array(4 * 1024 * 1024).map((_, i) => i % 251);
  const turnsDuring = async (work: () => Promise<unknown>) => {
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await work();
    running = false;
    return turns;
  };
  const chunks = big.length / SEALED_FORMAT.chunkBytes;
  expect(await turnsDuring(() => sealed.write('big.bin', big))).toBeGreaterThanOrEqual(chunks / 8 - 1);
  let opened: Uint8Array | null = null;
  expect(
    await turnsDuring(async () => {
      opened = await sealed.read('big.bin');
    }),
  ).toBeGreaterThanOrEqual(chunks / 8 - 1);
  expect(Buffer.from(opened!).equals(big)).toBe(true);
});
