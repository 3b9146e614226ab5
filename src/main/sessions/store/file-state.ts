// A session file as this process last saw it, and the reads and writes that keep that knowledge exact.
import type { Stats } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import type { IndexEntry } from './store-types.js';

/** The file as seen now: `size` committed bytes of `fileSize`, with the mtime and inode that identify this state. */
export function seenState(size: number, fileSize: number, stat: Stats): Pick<IndexEntry, 'size' | 'fileSize' | 'mtimeMs' | 'ino'> {
  return { size, ...(fileSize !== size ? { fileSize } : {}), mtimeMs: stat.mtimeMs, ino: stat.ino };
}

/** Is the file exactly as `known` last saw it? (An index from before inodes were kept matches on size and mtime.) */
export function sameFile(known: IndexEntry, stat: Stats): boolean {
  const fileSize = known.fileSize ?? known.size;
  if (fileSize !== stat.size || known.mtimeMs !== stat.mtimeMs) return false;
  return known.ino === undefined || known.ino === stat.ino;
}

/** Reads a whole file and its stat through one handle, so both describe the same file. */
export async function readWithStat(file: string): Promise<{ bytes: Buffer; stat: Stats }> {
  const handle = await fs.open(file, 'r');
  try {
    const stat = await handle.stat();
    const bytes = await handle.readFile();
    return { bytes, stat };
  } finally {
    await handle.close();
  }
}

/** `write` may write less than asked; loop until every byte is down. */
export async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}
