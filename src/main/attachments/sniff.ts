// What a file really is, from its first bytes (magic numbers), never from its name alone: the four image types
// with their pixel size, plain UTF-8 text, and the common binary types we refuse by name. Pure; no I/O.
import type { BinaryLabel } from '../../shared/attachments.js';
import { imageSize, type ImageSize } from '../../shared/image-size.js';

export type Sniffed =
  | ({ kind: 'image' } & ImageSize)
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
  const image = sniffImage(bytes);
  if (image) return image;
  for (const { magic, at, label } of KNOWN_BINARIES) if (startsWith(bytes, magic, at)) return { kind: 'binary', label };
  return isUtf8Text(bytes) ? { kind: 'text' } : { kind: 'binary' };
}

/** PNG, JPEG, GIF or WebP with their pixel size; undefined for anything else or a header too damaged to read. */
export function sniffImage(bytes: Uint8Array): Extract<Sniffed, { kind: 'image' }> | undefined {
  const size = imageSize(bytes);
  return size && { kind: 'image', ...size };
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
