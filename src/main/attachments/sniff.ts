// What a file really is, from its first bytes (magic numbers), never from its name alone: the four image types
// with their pixel size, plain UTF-8 text, and the common binary types we refuse by name. Pure; no I/O.
import type { BinaryLabel, ImageMimeType } from '../../shared/attachments.js';

export type Sniffed =
  | { kind: 'image'; mimeType: ImageMimeType; width: number; height: number }
  | { kind: 'text' }
  /** `label` names a recognised type; absent when the bytes match nothing we know. */
  | { kind: 'binary'; label?: BinaryLabel };

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0): boolean =>
  bytes.length >= at + magic.length && magic.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** Binary types people commonly try to attach, named so the refusal says what the file is. */
const KNOWN_BINARIES: ReadonlyArray<{ magic: number[]; at?: number; label: BinaryLabel }> = [
  { magic: ascii('MZ'), label: 'windows-program' },
  { magic: [0x7f, ...ascii('ELF')], label: 'linux-program' },
  { magic: [0xcf, 0xfa, 0xed, 0xfe], label: 'macos-program' },
  { magic: [0xca, 0xfe, 0xba, 0xbe], label: 'macos-program' },
  { magic: ascii('%PDF-'), label: 'pdf' },
  { magic: ascii('PK'), label: 'zip' },
  { magic: [0x1f, 0x8b], label: 'gzip' },
  { magic: ascii('7z'), label: '7z' },
  { magic: ascii('Rar!'), label: 'rar' },
  { magic: [0xd0, 0xcf, 0x11, 0xe0], label: 'office' },
  { magic: ascii('BM'), label: 'bmp' },
  { magic: ascii('II*'), label: 'tiff' },
  { magic: ascii('MM'), label: 'tiff' },
  { magic: ascii('ftyp'), at: 4, label: 'video-or-heic' },
  { magic: ascii('ID3'), label: 'mp3' },
  { magic: ascii('OggS'), label: 'ogg' },
  { magic: ascii('SQLite format 3'), label: 'sqlite' },
];

/** Sniffs `bytes`. Images must carry a readable pixel size; anything else that is not UTF-8 text is binary. */
export function sniff(bytes: Uint8Array): Sniffed {
  let image: Sniffed | undefined;
  try {
    image = sniffImage(bytes);
  } catch {
    // A header cut short reads past the end: not an image we can use.
    image = undefined;
  }
  if (image) return image;
  for (const { magic, at, label } of KNOWN_BINARIES) if (startsWith(bytes, magic, at)) return { kind: 'binary', label };
  return isUtf8Text(bytes) ? { kind: 'text' } : { kind: 'binary' };
}

/** PNG, JPEG, GIF or WebP with their pixel size; undefined for anything else or a header too damaged to read. */
export function sniffImage(bytes: Uint8Array): Extract<Sniffed, { kind: 'image' }> | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const image = (mimeType: ImageMimeType, width: number, height: number) =>
    width > 0 && height > 0 ? ({ kind: 'image', mimeType, width, height } as const) : undefined;

  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && bytes.length >= 24 && startsWith(bytes, ascii('IHDR'), 12)) {
    return image('image/png', view.getUint32(16), view.getUint32(20));
  }
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return bytes.length >= 10 ? image('image/gif', view.getUint16(6, true), view.getUint16(8, true)) : undefined;
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8) && bytes.length >= 30) {
    if (startsWith(bytes, ascii('VP8X'), 12)) {
      const uint24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
      return image('image/webp', 1 + uint24(24), 1 + uint24(27));
    }
    if (startsWith(bytes, ascii('VP8L'), 12)) {
      const bits = view.getUint32(21, true);
      return image('image/webp', 1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff));
    }
    if (startsWith(bytes, ascii('VP8 '), 12)) {
      return image('image/webp', view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
    }
    return undefined;
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpegSize(bytes, view);
  return undefined;
}

/** Walks JPEG segments to the first start-of-frame marker, which holds the pixel size. */
function jpegSize(bytes: Uint8Array, view: DataView): Extract<Sniffed, { kind: 'image' }> | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = view.getUint16(at + 5);
      const width = view.getUint16(at + 7);
      return width > 0 && height > 0 ? { kind: 'image', mimeType: 'image/jpeg', width, height } : undefined;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}

/** Valid UTF-8 (a BOM allowed) with no NUL byte: what a text editor would open as text. */
export function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
