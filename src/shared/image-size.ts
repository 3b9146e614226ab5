// The type and pixel size of an image from its header bytes (magic numbers and the size fields), never decoding it:
// main judges attachments with it, and the window checks a picture's size with it before any decoder sees the file.
// Pure; no I/O, no Node or DOM APIs.
import type { ImageMimeType } from './attachments.js';

/** What an image header says. */
export interface ImageSize {
  mimeType: ImageMimeType;
  width: number;
  height: number;
}

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0): boolean =>
  bytes.length >= at + magic.length && magic.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** PNG, JPEG, GIF or WebP with their pixel size; undefined for anything else or a header too damaged to read. */
export function imageSize(bytes: Uint8Array): ImageSize | undefined {
  try {
    return readSize(bytes);
  } catch {
    // A header cut short reads past the end: not an image we can use.
    return undefined;
  }
}

function readSize(bytes: Uint8Array): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const image = (mimeType: ImageMimeType, width: number, height: number): ImageSize | undefined =>
    width > 0 && height > 0 ? { mimeType, width, height } : undefined;

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
function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
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
      return width > 0 && height > 0 ? { mimeType: 'image/jpeg', width, height } : undefined;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}
