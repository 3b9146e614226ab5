// Reads a ZIP (DOCX, XLSX, PPTX, ODT, EPUB) with a bound on what it inflates to: the declared sizes are checked before
// anything inflates, and the bytes actually produced are counted while inflating, so a ZIP bomb whose headers lie is
// stopped at the bound too. Nothing here trusts the archive's own numbers.
import { Inflate, unzipSync } from 'fflate';

/** Total bytes one document's ZIP may inflate to, and how many entries it may have. */
export const ZIP_LIMITS = { maxInflatedBytes: 200 * 1024 * 1024, maxEntries: 20_000 } as const;

export class ZipTooLarge extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'ZipTooLarge';
  }
}

export class ZipDamaged extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'ZipDamaged';
  }
}

interface RawEntry {
  name: string;
  compression: number;
  data: Uint8Array;
}

/** Every entry of the archive, inflated, with the total bounded by `maxBytes`. Throws ZipTooLarge or ZipDamaged. */
export function readZip(bytes: Uint8Array, maxBytes: number = ZIP_LIMITS.maxInflatedBytes): Map<string, Uint8Array> {
  const raw: RawEntry[] = [];
  let declared = 0;
  let count = 0;
  let tooLarge: string | undefined;
  try {
    // The filter sees each entry's declared size before anything of it inflates; it keeps none, and the raw
    // (still compressed) bytes are collected by a second pass below.
    unzipSync(bytes, {
      filter: (file) => {
        count++;
        declared += file.originalSize;
        if (count > ZIP_LIMITS.maxEntries) tooLarge ??= `more than ${ZIP_LIMITS.maxEntries} entries`;
        if (declared > maxBytes) tooLarge ??= `declares ${declared} bytes inflated (bound ${maxBytes})`;
        return false;
      },
    });
  } catch (error) {
    throw new ZipDamaged(error instanceof Error ? error.message : String(error));
  }
  if (tooLarge) throw new ZipTooLarge(tooLarge);
  for (const entry of centralDirectory(bytes)) raw.push(entry);
  const out = new Map<string, Uint8Array>();
  let produced = 0;
  for (const entry of raw) {
    if (entry.name.endsWith('/')) continue;
    if (entry.compression === 0) {
      produced += entry.data.length;
      if (produced > maxBytes) throw new ZipTooLarge(`inflates past ${maxBytes} bytes`);
      out.set(entry.name, entry.data);
      continue;
    }
    if (entry.compression !== 8) throw new ZipDamaged(`entry ${entry.name}: compression method ${entry.compression}`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const inflate = new Inflate((chunk) => {
      produced += chunk.length;
      size += chunk.length;
      if (produced > maxBytes) throw new ZipTooLarge(`inflates past ${maxBytes} bytes`);
      chunks.push(chunk);
    });
    try {
      // Small input slices keep each output burst small (deflate expands at most ~1,032×).
      const step = 16 * 1024;
      for (let at = 0; at < entry.data.length; at += step) {
        const end = Math.min(entry.data.length, at + step);
        inflate.push(entry.data.subarray(at, end), end === entry.data.length);
      }
      if (entry.data.length === 0) inflate.push(new Uint8Array(0), true);
    } catch (error) {
      if (error instanceof ZipTooLarge) throw error;
      throw new ZipDamaged(`entry ${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const whole = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      whole.set(chunk, at);
      at += chunk.length;
    }
    out.set(entry.name, whole);
  }
  return out;
}

/** The entries named by the central directory, with their compressed bytes (read through each local header). */
function* centralDirectory(bytes: Uint8Array): Generator<RawEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipDamaged('no end of central directory');
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new ZipDamaged('bad central directory');
    const compression = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) throw new ZipDamaged(`bad local header: ${name}`);
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (dataStart + compressedSize > bytes.length) throw new ZipDamaged(`entry ${name} runs past the end`);
    yield { name, compression, data: bytes.subarray(dataStart, dataStart + compressedSize) };
    at += 46 + nameLength + extraLength + commentLength;
  }
}

/** An entry as UTF-8 text, or undefined when the archive has none of that name. */
export function zipText(entries: Map<string, Uint8Array>, name: string): string | undefined {
  const data = entries.get(name);
  return data ? new TextDecoder().decode(data) : undefined;
}
