// End-to-end encryption of the sync location: a `SyncTransport` that seals every file before the inner transport
// sees it, so the location (a shared folder, a WebDAV server) only ever holds ciphertext. Files are sealed with
// XChaCha20-Poly1305 (`@noble/ciphers`) in 64 KiB chunks, each bound to the file's path, its place and the header, so a
// changed byte, a file moved to another name, chunks swapped or cut off all fail to open. The key comes from the
// passphrase by scrypt (node:crypto, run off main's thread) with a random salt kept in the clear in `keycheck.json`
// with a verifier sealed under the key: a wrong passphrase is known before any file is read or written.
// The nonce is a keyed hash of the path and the bytes (a synthetic nonce): the same file sealed twice gives the same
// ciphertext, so a write retried after a lost answer finds its own file already there instead of a conflict; it only
// tells that two sealed files are equal, and a path is never written with other bytes.
// Path names stay in the clear (they hold device and chat ids, never titles or text).
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { createHmac, hkdfSync, randomBytes, scrypt } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import type { SyncSkipReason } from '../../shared/sync.js';
import { SyncTransportError, type SyncTransport } from './transport.js';

/** The clear file that holds the salt, the KDF's parameters and the verifier; the encrypting transport hides it. */
export const KEYCHECK_PATH = 'tiny-agent-sync/keycheck.json';

/** scrypt's cost: N (CPU and memory, a power of two), r (block size), p (parallelism). Memory is 128·N·r bytes. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** What a new keycheck uses: 128 MiB and about a second on a slow laptop, once per pass. */
export const SCRYPT_DEFAULT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

/** Parameters a keycheck may name: weaker ones are refused (a location cannot talk a device down), costlier ones too. */
export const SCRYPT_BOUNDS = { minN: 2 ** 14, maxN: 2 ** 20, minR: 8, maxR: 16, maxP: 4 } as const;

/** The sealed format of a file: magic, format, plaintext size, nonce prefix; then the chunks. */
export const SEALED_FORMAT = { magic: 'TASE', format: 1, headerBytes: 29, chunkBytes: 64 * 1024, tagBytes: 16 } as const;

/** Chunks sealed or opened between two turns of the event loop (512 KiB: a few milliseconds). */
const CHUNKS_PER_TURN = 8;

/**
 * A file (or the whole location) could not be opened: `reason` is the skip reason the engine records. 'wrong-passphrase'
 * (and a damaged keycheck, reason 'unreadable' with `path` = KEYCHECK_PATH) is thrown by every method before anything
 * is read or written; the others only by `read` of that one file.
 */
export class SyncCipherError extends Error {
  constructor(
    readonly reason: SyncSkipReason,
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'SyncCipherError';
  }
}

export interface EncryptedTransportOptions {
  /** The cost a keycheck made here gets (default `SCRYPT_DEFAULT`); must lie within `SCRYPT_BOUNDS`. */
  newKeyParams?: ScryptParams;
}

const keycheckSchema = z.object({
  format: z.literal(1),
  kdf: z.object({
    name: z.literal('scrypt'),
    N: z.number().int(),
    r: z.number().int(),
    p: z.number().int(),
    salt: z.base64(),
  }),
  cipher: z.literal('xchacha20-poly1305'),
  nonce: z.base64(),
  verifier: z.base64(),
});
type Keycheck = z.infer<typeof keycheckSchema>;

const VERIFIER_TEXT = 'tiny-agent-sync keycheck';
const encoder = new TextEncoder();

/** `inner` with every file sealed under a key from `passphrase`; the key is derived once, at the first call. */
export function createEncryptedTransport(inner: SyncTransport, passphrase: string, options: EncryptedTransportOptions = {}): SyncTransport {
  if (passphrase.length === 0) throw new Error('an empty passphrase');
  const secret = encoder.encode(passphrase.normalize('NFC'));
  const newKeyParams = options.newKeyParams ?? SCRYPT_DEFAULT;
  if (!paramsInBounds(newKeyParams)) throw new Error('scrypt parameters out of bounds');
  /** The key, once a keycheck was read and verified (or written); a wrong passphrase stays the answer. */
  let key: Promise<FileKeys | null> | null = null;

  function obtainKey(create: boolean): Promise<FileKeys | null> {
    if (!key) {
      const attempt = loadOrCreateKey(inner, secret, create, newKeyParams);
      key = attempt;
      // Forgotten unless it gave a key or a wrong passphrase: no keycheck yet (another computer may make one
      // meanwhile) and a failed request are asked again next time.
      attempt.then(
        (found) => {
          if (!found && key === attempt) key = null;
        },
        (error: unknown) => {
          if (key === attempt && !(error instanceof SyncCipherError && error.reason === 'wrong-passphrase')) key = null;
        },
      );
    }
    return key.then((found) => (found || !create ? found : obtainKey(true)));
  }

  return {
    async list(prefix) {
      await obtainKey(false);
      const entries = await inner.list(prefix);
      return entries
        .filter((entry) => entry.path !== KEYCHECK_PATH)
        .map((entry) => ({ path: entry.path, size: plaintextSize(entry.size) }));
    },

    async read(path) {
      refuseKeycheck(path);
      let found = await obtainKey(false);
      const sealed = await inner.read(path);
      if (!sealed) return null;
      // A file sealed by another computer whose keycheck landed after ours was looked for.
      if (!found) found = await obtainKey(false);
      if (!found) throw new SyncCipherError('unreadable', path, `${path} is sealed but the location has no keycheck`);
      return openSealed(found, path, sealed);
    },

    async write(path, bytes) {
      refuseKeycheck(path);
      const found = await obtainKey(true);
      if (!found) throw new SyncCipherError('unreadable', KEYCHECK_PATH, 'no key could be made');
      await inner.write(path, await seal(found, path, bytes));
    },

    async close() {
      await inner.close();
    },
  };
}

function refuseKeycheck(path: string): void {
  if (path === KEYCHECK_PATH) throw new SyncTransportError('refused', `${KEYCHECK_PATH} belongs to the encryption`);
}

function paramsInBounds({ N, r, p }: ScryptParams): boolean {
  return (
    Number.isInteger(Math.log2(N)) &&
    N >= SCRYPT_BOUNDS.minN &&
    N <= SCRYPT_BOUNDS.maxN &&
    r >= SCRYPT_BOUNDS.minR &&
    r <= SCRYPT_BOUNDS.maxR &&
    p >= 1 &&
    p <= SCRYPT_BOUNDS.maxP
  );
}

/** The two keys of a location: one seals (files and the verifier), one makes the synthetic nonces. */
interface FileKeys {
  seal: Uint8Array;
  nonce: Uint8Array;
}

/** scrypt in libuv's thread pool (main's thread only waits), then HKDF splits its output into the two keys. */
function deriveKeys(secret: Uint8Array, salt: Uint8Array, params: ScryptParams): Promise<FileKeys> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, 32, { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 }, (error, master) => {
      if (error) return reject(error);
      const split = (info: string) => new Uint8Array(hkdfSync('sha256', master, new Uint8Array(0), info, 32));
      resolve({ seal: split('tiny-agent-sync seal key v1'), nonce: split('tiny-agent-sync nonce key v1') });
    });
  });
}

function verifierAad(check: Pick<Keycheck, 'kdf'>): Uint8Array {
  const { N, r, p, salt } = check.kdf;
  return encoder.encode(`tiny-agent-sync/keycheck v1 scrypt ${N} ${r} ${p} ${salt}`);
}

/** The keycheck's key: verified against an existing keycheck, or (with `create`) a new one written; null: none yet. */
async function loadOrCreateKey(inner: SyncTransport, secret: Uint8Array, create: boolean, params: ScryptParams): Promise<FileKeys | null> {
  const existing = await inner.read(KEYCHECK_PATH);
  if (existing) return verifyKeycheck(existing, secret);
  if (!create) return null;
  const salt = randomBytes(16);
  const keys = await deriveKeys(secret, salt, params);
  const kdf = { name: 'scrypt' as const, ...params, salt: salt.toString('base64') };
  const nonce = randomBytes(24);
  const verifier = xchacha20poly1305(keys.seal, nonce, verifierAad({ kdf })).encrypt(encoder.encode(VERIFIER_TEXT));
  const check: Keycheck = {
    format: 1,
    kdf,
    cipher: 'xchacha20-poly1305',
    nonce: nonce.toString('base64'),
    verifier: Buffer.from(verifier).toString('base64'),
  };
  try {
    await inner.write(KEYCHECK_PATH, encoder.encode(`${JSON.stringify(check, null, 2)}\n`));
  } catch (error) {
    // Another computer made its keycheck first: use that one (and its salt) if the passphrase opens it.
    if (!(error instanceof SyncTransportError && error.code === 'refused')) throw error;
    const theirs = await inner.read(KEYCHECK_PATH);
    if (!theirs) throw error;
    return verifyKeycheck(theirs, secret);
  }
  return keys;
}

async function verifyKeycheck(bytes: Uint8Array, secret: Uint8Array): Promise<FileKeys> {
  let check: Keycheck;
  try {
    check = keycheckSchema.parse(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)));
  } catch {
    throw new SyncCipherError('unreadable', KEYCHECK_PATH, `${KEYCHECK_PATH} cannot be read`);
  }
  const params = { N: check.kdf.N, r: check.kdf.r, p: check.kdf.p };
  if (!paramsInBounds(params)) {
    throw new SyncCipherError('unreadable', KEYCHECK_PATH, `${KEYCHECK_PATH} names scrypt parameters out of bounds`);
  }
  const keys = await deriveKeys(secret, Buffer.from(check.kdf.salt, 'base64'), params);
  try {
    const opened = xchacha20poly1305(keys.seal, Buffer.from(check.nonce, 'base64'), verifierAad(check)).decrypt(
      Buffer.from(check.verifier, 'base64'),
    );
    if (new TextDecoder().decode(opened) === VERIFIER_TEXT) return keys;
  } catch {
    // Falls through: the passphrase does not open the verifier.
  }
  throw new SyncCipherError('wrong-passphrase', KEYCHECK_PATH, 'the passphrase does not open this sync location');
}

function chunkCount(size: number): number {
  return Math.max(1, Math.ceil(size / SEALED_FORMAT.chunkBytes));
}

/** The plaintext size of a sealed file of `sealedSize` bytes (0 for one too short to be one). */
export function plaintextSize(sealedSize: number): number {
  const body = sealedSize - SEALED_FORMAT.headerBytes;
  if (body < SEALED_FORMAT.tagBytes) return 0;
  const chunks = Math.ceil(body / (SEALED_FORMAT.chunkBytes + SEALED_FORMAT.tagBytes));
  return Math.max(0, body - chunks * SEALED_FORMAT.tagBytes);
}

function header(size: number, noncePrefix: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(SEALED_FORMAT.headerBytes);
  bytes.set(encoder.encode(SEALED_FORMAT.magic), 0);
  bytes[4] = SEALED_FORMAT.format;
  new DataView(bytes.buffer).setBigUint64(5, BigInt(size));
  bytes.set(noncePrefix, 13);
  return bytes;
}

/** Each chunk's associated data: the file's path, the header, and whether it is the last chunk. */
function chunkAad(pathAndHeader: Uint8Array, last: boolean): Uint8Array {
  const aad = new Uint8Array(pathAndHeader.length + 1);
  aad.set(pathAndHeader, 0);
  aad[pathAndHeader.length] = last ? 1 : 0;
  return aad;
}

function boundTo(path: string, head: Uint8Array): Uint8Array {
  const name = encoder.encode(`tiny-agent-sync/file v1\0${path}\0`);
  const bound = new Uint8Array(name.length + head.length);
  bound.set(name, 0);
  bound.set(head, name.length);
  return bound;
}

function chunkNonce(prefix: Uint8Array, index: number): Uint8Array {
  const nonce = new Uint8Array(24);
  nonce.set(prefix, 0);
  new DataView(nonce.buffer).setBigUint64(16, BigInt(index));
  return nonce;
}

/** The nonce prefix of a file: HMAC-SHA256 of its path and bytes under the nonce key, hashed a slice per turn. */
async function syntheticNonce(key: Uint8Array, path: string, plaintext: Uint8Array): Promise<Uint8Array> {
  const hmac = createHmac('sha256', key).update(`tiny-agent-sync/nonce v1\0${path}\0`);
  const slice = SEALED_FORMAT.chunkBytes * CHUNKS_PER_TURN * 4;
  for (let start = 0; start < plaintext.length; start += slice) {
    if (start > 0) await nextTurn();
    hmac.update(plaintext.subarray(start, start + slice));
  }
  return new Uint8Array(hmac.digest().subarray(0, 16));
}

async function seal(keys: FileKeys, path: string, plaintext: Uint8Array): Promise<Uint8Array> {
  const { chunkBytes, tagBytes, headerBytes } = SEALED_FORMAT;
  const count = chunkCount(plaintext.length);
  const noncePrefix = await syntheticNonce(keys.nonce, path, plaintext);
  const head = header(plaintext.length, noncePrefix);
  const bound = boundTo(path, head);
  const out = new Uint8Array(headerBytes + plaintext.length + count * tagBytes);
  out.set(head, 0);
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % CHUNKS_PER_TURN === 0) await nextTurn();
    const part = plaintext.subarray(i * chunkBytes, (i + 1) * chunkBytes);
    const sealed = xchacha20poly1305(keys.seal, chunkNonce(noncePrefix, i), chunkAad(bound, i === count - 1)).encrypt(part);
    out.set(sealed, headerBytes + i * (chunkBytes + tagBytes));
  }
  return out;
}

async function openSealed(keys: FileKeys, path: string, sealed: Uint8Array): Promise<Uint8Array> {
  const { chunkBytes, tagBytes, headerBytes, magic, format } = SEALED_FORMAT;
  if (sealed.length < 5) throw new SyncCipherError('torn', path, `${path} is cut off`);
  if (new TextDecoder().decode(sealed.subarray(0, 4)) !== magic) {
    throw new SyncCipherError('unreadable', path, `${path} is not a sealed file`);
  }
  if (sealed[4]! > format) throw new SyncCipherError('newer-format', path, `${path} is sealed in a newer format`);
  if (sealed[4] !== format || sealed.length < headerBytes) {
    throw new SyncCipherError(sealed.length < headerBytes ? 'torn' : 'unreadable', path, `${path} has no whole header`);
  }
  const head = sealed.subarray(0, headerBytes);
  const declared = new DataView(head.buffer, head.byteOffset, headerBytes).getBigUint64(5);
  if (declared > BigInt(Number.MAX_SAFE_INTEGER)) throw new SyncCipherError('tampered', path, `${path} was changed`);
  const size = Number(declared);
  const count = chunkCount(size);
  const expected = headerBytes + size + count * tagBytes;
  if (sealed.length < expected) throw new SyncCipherError('torn', path, `${path} is cut off`);
  if (sealed.length > expected) throw new SyncCipherError('tampered', path, `${path} was changed`);
  const noncePrefix = head.subarray(13, 29);
  const bound = boundTo(path, head);
  const out = new Uint8Array(size);
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % CHUNKS_PER_TURN === 0) await nextTurn();
    const start = headerBytes + i * (chunkBytes + tagBytes);
    const end = i === count - 1 ? sealed.length : start + chunkBytes + tagBytes;
    try {
      const part = xchacha20poly1305(keys.seal, chunkNonce(noncePrefix, i), chunkAad(bound, i === count - 1)).decrypt(
        sealed.subarray(start, end),
      );
      out.set(part, i * chunkBytes);
    } catch {
      throw new SyncCipherError('tampered', path, `${path} was changed or belongs to another name`);
    }
  }
  return out;
}
