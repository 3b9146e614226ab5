// "Export all" as one ZIP archive, and reading archives back (ours, and ChatGPT's own export ZIP).
//
// Layout: `manifest.json` ({ format: "tiny-agent-archive", version, exportedAt, chats: [{ file, name }] }) and one
// chat export per chat under `chats/` — each the same self-contained JSON as a single-chat export (attached files
// embedded), so any one of them can also be imported alone. The archive is written chat by chat to a temp file
// and renamed into place: memory holds one chat at a time, and a failed write never leaves half an archive.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { strFromU8, strToU8, Unzip, UnzipInflate, Zip, ZipDeflate } from 'fflate';
import { ARCHIVE_FORMAT, cutText, EXPORT_VERSION } from '../../shared/transfer.js';
import { syncDirectory } from '../storage/atomic-file.js';
import { dirname } from 'node:path';

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  chats: Array<{ file: string; name: string }>;
}

export const MANIFEST_FILE = 'manifest.json';

/** True when `bytes` start like a ZIP archive. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Writes `target` from the chats `chats` yields (each a file name and its text), then the manifest. Returns the count. */
export async function writeArchive(
  target: string,
  chats: AsyncIterable<{ file: string; name: string; text: string }>,
  exportedAt: Date,
): Promise<number> {
  const temp = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  const handle = await fs.open(temp, 'w', 0o600);
  let chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const drain = async () => {
    const ready = chunks;
    chunks = [];
    for (const chunk of ready) await handle.write(chunk);
    if (failure) throw failure;
  };
  const add = (file: string, data: Uint8Array) => {
    const entry = new ZipDeflate(file, { level: 6 });
    zip.add(entry);
    entry.push(data, true);
  };
  const manifest: ArchiveManifest = { format: ARCHIVE_FORMAT, version: EXPORT_VERSION, exportedAt: exportedAt.toISOString(), chats: [] };
  try {
    try {
      for await (const chat of chats) {
        add(chat.file, strToU8(chat.text));
        manifest.chats.push({ file: chat.file, name: chat.name });
        await drain();
      }
      add(MANIFEST_FILE, strToU8(`${JSON.stringify(manifest, null, 2)}\n`));
      zip.end();
      await drain();
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(target));
  return manifest.chats.length;
}

export type ArchiveRead = { ok: true; files: Map<string, Uint8Array> } | { ok: false; reason: 'damaged' | 'too_large' | 'too_many' };

/** Entries inflated since start (tests count work with it). */
export const archiveWork = { inflated: 0 };

/** Compressed bytes unpacked between two yields to the event loop: one slice inflates in well under a frame. */
export const ARCHIVE_SLICE = 64 * 1024;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The files an import reads: JSON (chats, manifests, conversations.json), never the resource forks macOS adds. */
export function isJsonEntry(name: string): boolean {
  return name.toLowerCase().endsWith('.json') && !name.startsWith('__MACOSX/');
}

/** The entries an archive's chat count is taken from: its JSON files but the manifest (pictures are bounded by bytes). */
export function isChatEntry(name: string): boolean {
  return isJsonEntry(name) && name !== MANIFEST_FILE;
}

/**
 * The files of an archive that `wanted` names (nothing else is unpacked), refusing one that would unpack past
 * `maxUnpackedBytes` — counted on the bytes really inflated, so an entry that understates its size is stopped too —
 * or that holds more than `maxChats` chat entries (isChatEntry): counted in the central directory before anything is
 * inflated, and again on the entries met while unpacking (a directory may understate them), so a ZIP of 100,000 chats
 * is refused without unpacking them. The archive is unpacked as a stream, ARCHIVE_SLICE compressed bytes at a time
 * with a yield to the event loop in between, so a 200 MB archive never holds main's thread for more than one slice.
 */
export async function readArchive(
  bytes: Uint8Array,
  maxUnpackedBytes: number,
  wanted: (name: string) => boolean = isJsonEntry,
  maxChats = Infinity,
): Promise<ArchiveRead> {
  const directory = endRecord(bytes);
  if (directory === undefined) return { ok: false, reason: 'damaged' };
  if (chatsListed(bytes, directory, wanted) > maxChats) return { ok: false, reason: 'too_many' };
  const files = new Map<string, Uint8Array>();
  let total = 0;
  let chats = 0;
  let tooLarge = false;
  let tooMany = false;
  let damaged = false;
  /** Entries started and not yet complete: one left at the end means the archive was cut short. */
  let open = 0;
  const unzip = new Unzip((file) => {
    if (tooLarge || tooMany || damaged || !wanted(file.name)) return;
    if (isChatEntry(file.name) && ++chats > maxChats) {
      tooMany = true;
      return;
    }
    if (file.originalSize !== undefined && total + file.originalSize > maxUnpackedBytes) {
      tooLarge = true;
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    open += 1;
    file.ondata = (error, data, final) => {
      if (tooLarge || damaged) return;
      if (error) {
        damaged = true;
        return;
      }
      size += data.length;
      total += data.length;
      if (total > maxUnpackedBytes) {
        tooLarge = true;
        return;
      }
      if (data.length) chunks.push(data);
      if (!final) return;
      open -= 1;
      files.set(file.name, chunks.length === 1 ? chunks[0]! : joinChunks(chunks, size));
    };
    archiveWork.inflated += 1;
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !tooLarge && !tooMany && !damaged; at += ARCHIVE_SLICE) {
      unzip.push(bytes.subarray(at, at + ARCHIVE_SLICE), at + ARCHIVE_SLICE >= bytes.length);
      await yieldToEventLoop();
    }
  } catch {
    damaged = true;
  }
  if (tooMany) return { ok: false, reason: 'too_many' };
  if (tooLarge) return { ok: false, reason: 'too_large' };
  if (damaged || open > 0) return { ok: false, reason: 'damaged' };
  return { ok: true, files };
}

/** Where the archive's end-of-directory record starts (within the 64 KB a trailing comment may take), if it has one. */
function endRecord(bytes: Uint8Array): number | undefined {
  for (let at = bytes.length - 22; at >= 0 && bytes.length - at <= 22 + 0xffff; at--) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 0x05 && bytes[at + 3] === 0x06) return at;
  }
  return undefined;
}

/**
 * The wanted chat entries the central directory lists (0 when it cannot be walked: a ZIP64 archive, a damaged
 * directory; the count while unpacking still holds). The entry count in the end record is not used: 16 bits, and
 * writers wrap it past 65,535.
 */
function chatsListed(bytes: Uint8Array, end: number, wanted: (name: string) => boolean): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = view.getUint32(end + 16, true);
  let count = 0;
  for (let at = start; at + 46 <= end && view.getUint32(at, true) === 0x02014b50;) {
    const nameLength = view.getUint16(at + 28, true);
    const name = strFromU8(bytes.subarray(at + 46, at + 46 + nameLength), !(view.getUint16(at + 8, true) & 0x800));
    if (wanted(name) && isChatEntry(name)) count += 1;
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return count;
}

function joinChunks(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** A file name for a chat inside the archive: readable, unique by the id's start, safe on every system. */
export function archiveChatFile(name: string, id: string): string {
  return `chats/${safeFileName(name, 'chat')}-${id.slice(0, 8)}.json`;
}

/** `name` without characters file systems refuse, short enough for any of them; `fallback` when nothing is left. */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    // A lone surrogate (a name cut elsewhere, or one from another app) would not survive UTF-8 either.
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]|\p{Cs}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return cutText(cleaned, 80).trim() || fallback;
}
