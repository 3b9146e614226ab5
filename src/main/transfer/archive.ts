// "Export all" as one ZIP archive, and reading archives back (ours, and ChatGPT's own export ZIP).
//
// Layout: `manifest.json` ({ format: "tiny-agent-archive", version, exportedAt, chats: [{ file, name }] }) and one
// chat export per chat under `chats/` — each the same self-contained JSON as a single-chat export (attached files
// embedded), so any one of them can also be imported alone. The archive is written chat by chat to a temp file
// and renamed into place: memory holds one chat at a time, and a failed write never leaves half an archive.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { strToU8, unzipSync, Zip, ZipDeflate } from 'fflate';
import { ARCHIVE_FORMAT, EXPORT_VERSION } from '../../shared/transfer.js';
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

export type ArchiveRead = { ok: true; files: Map<string, Uint8Array> } | { ok: false; reason: 'damaged' | 'too_large' };

/** The JSON files of an archive (nothing else is unpacked), refusing one that would unpack past `maxUnpackedBytes`. */
export function readArchive(bytes: Uint8Array, maxUnpackedBytes: number): ArchiveRead {
  let total = 0;
  let tooLarge = false;
  try {
    const files = unzipSync(bytes, {
      filter: (file) => {
        if (!file.name.toLowerCase().endsWith('.json') || file.name.startsWith('__MACOSX/')) return false;
        total += file.originalSize;
        if (total > maxUnpackedBytes) tooLarge = true;
        return !tooLarge;
      },
    });
    if (tooLarge) return { ok: false, reason: 'too_large' };
    return { ok: true, files: new Map(Object.entries(files)) };
  } catch {
    return { ok: false, reason: tooLarge ? 'too_large' : 'damaged' };
  }
}

/** A file name for a chat inside the archive: readable, unique by the id's start, safe on every system. */
export function archiveChatFile(name: string, id: string): string {
  return `chats/${safeFileName(name, 'chat')}-${id.slice(0, 8)}.json`;
}

/** `name` without characters file systems refuse, short enough for any of them; `fallback` when nothing is left. */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return cleaned || fallback;
}
