// Files a person attaches to a message: what a stored attachment is, which kinds are accepted, and the limits.
// The bytes live once in `<data>/attachments/<sha256>.<ext>`; messages and IPC carry only these references.
import type { DocumentErrorCode, DocumentKind } from './documents.js';
import { cutText } from './transfer.js';

/** Image types sent to the model as `image_url` parts (same bytes and type when within the limits). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMimeType = (typeof IMAGE_TYPES)[number];

/**
 * Extensions read as text and sent as a fenced block named after the file. The bytes must also be UTF-8 without
 * NUL bytes: the extension alone never makes a file text.
 */
export const TEXT_EXTENSIONS = [
  'txt',
  'md',
  'markdown',
  'csv',
  'tsv',
  'json',
  'jsonl',
  'yaml',
  'yml',
  'toml',
  'ini',
  'xml',
  'html',
  'css',
  'scss',
  'log',
  'sql',
  'sh',
  'bash',
  'zsh',
  'ps1',
  'bat',
  'js',
  'mjs',
  'cjs',
  'jsx',
  'ts',
  'tsx',
  'py',
  'rb',
  'go',
  'rs',
  'java',
  'kt',
  'swift',
  'c',
  'h',
  'cc',
  'cpp',
  'hpp',
  'cs',
  'php',
  'lua',
  'r',
  'dart',
  'scala',
  'vue',
  'svelte',
  'tex',
] as const;

export const ATTACHMENT_LIMITS = {
  /** Bytes of one image as attached (the original is kept; larger sides are scaled for the model). */
  maxImageBytes: 20 * 1024 * 1024,
  /** Bytes of one text file: its whole content goes into the request. */
  maxTextBytes: 256 * 1024,
  /** The longest side, in pixels, of an image as the model receives it. */
  maxImageSide: 2_048,
  /**
   * Pixels of one image as its header states them, checked before anything decodes it: a small file can decode to
   * gigabytes (a 110 KB PNG of 30,000 × 30,000 is 3.6 GB of pixels). 100 megapixels is more than cameras save.
   */
  maxImagePixels: 100_000_000,
  /** Attachments on one message. */
  maxPerMessage: 10,
  maxNameChars: 255,
} as const;

/** The copy of an image the model receives when the original is larger than `maxImageSide` (stored the same way). */
export interface ScaledImage {
  sha256: string;
  mimeType: ImageMimeType;
  size: number;
  width: number;
  height: number;
}

/**
 * A stored attachment as a message part: a reference (hash, type, name, size, pixel size), never the bytes.
 * `sha256` names the original; `scaled` is present only when the model gets a smaller copy.
 */
export interface AttachmentPart {
  type: 'attachment';
  /** `document`: a PDF, Office, ODF, EPUB, RTF … file (or text not in UTF-8) read by the document worker. */
  kind: 'image' | 'text' | 'document';
  sha256: string;
  mimeType: string;
  /** The file name as the person's system gave it (a pasted image gets a generated one). */
  name: string;
  /** Bytes of the original. */
  size: number;
  width?: number;
  height?: number;
  scaled?: ScaledImage;
  /** A document's reading (kind `document` only). */
  document?: AttachedDocument;
}

/** What the chip shows of an attached document: its reader, pages/slides or sheets, and its size in tokens. */
export interface AttachedDocument {
  kind: DocumentKind;
  pages?: number;
  sheets?: number;
  parts: number;
  tokens: number;
  /** Which parts went with the user's message it is on (set when sent; absent on the composer's chip). */
  sent?: SentDocumentParts;
}

/** The parts of a document a message carried: all of it (`whole`), or these pages / part labels (a chunked document). */
export interface SentDocumentParts {
  whole: boolean;
  pages: number[];
  labels: string[];
}

/** The bytes of one stored attachment, for display. */
export interface AttachmentBytes {
  mimeType: string;
  bytes: Uint8Array;
}

/** Extensions that claim an image (a file so named whose bytes are not one is refused as "not an image"). */
export const IMAGE_EXTENSIONS: readonly string[] = ['png', 'jpg', 'jpeg', 'webp', 'gif'];

/**
 * A file name as it may be shown and sent: its last path segment only (`../` and `..\` go), line breaks and tabs as one
 * space, no other control characters and no bidirectional controls (which make `exe.png` read as `png.exe`), trimmed
 * and cut to `maxNameChars` (never inside a character). '' when nothing is left.
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]+/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return cutText(cleaned, ATTACHMENT_LIMITS.maxNameChars).trim();
}

/** The lower-case extension of a file name, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isImageType(mimeType: string): mimeType is ImageMimeType {
  return (IMAGE_TYPES as readonly string[]).includes(mimeType);
}

export function isTextExtension(ext: string): boolean {
  return (TEXT_EXTENSIONS as readonly string[]).includes(ext);
}

/** The attachments of a message's content, in order. */
export function attachmentsOf(content: string | ReadonlyArray<{ type: string }>): AttachmentPart[] {
  if (typeof content === 'string') return [];
  return content.filter((part): part is AttachmentPart => part.type === 'attachment');
}

/** `attachments:add`: the file's bytes as read in the renderer; `scaled` when an image's longest side is too long. */
export interface AddAttachmentRequest {
  name: string;
  bytes: Uint8Array;
  /** The same image scaled so its longest side is `maxImageSide` (the renderer decodes and scales with its codecs). */
  scaled?: Uint8Array;
  /** Chosen by the renderer: a document read for this add reports `document_progress` events carrying it. */
  readingId?: string;
}

/** Binary types recognised by their first bytes, so a refusal can say what the file is. */
export const BINARY_LABELS = [
  'windows-program',
  'linux-program',
  'macos-program',
  'pdf',
  'zip',
  'gzip',
  '7z',
  'rar',
  'office',
  'bmp',
  'tiff',
  'video-or-heic',
  'mp3',
  'ogg',
  'sqlite',
] as const;
export type BinaryLabel = (typeof BINARY_LABELS)[number];

/** Why a file cannot be attached; the renderer words it. */
export type AttachmentRefusal =
  | { reason: 'too_large'; name: string; size: number; limit: number }
  /** `label` names what the bytes are, `extension` what the name says. */
  | { reason: 'unsupported'; name: string; label?: BinaryLabel; extension?: string }
  /** Named like an image (`extension`) but its bytes are not one: a known binary (`label`), text, or unknown. */
  | { reason: 'not_an_image'; name: string; extension: string; label?: BinaryLabel | 'text' }
  /** An image whose header states more than `limit` pixels: never decoded. */
  | { reason: 'too_many_pixels'; name: string; width: number; height: number; limit: number }
  | { reason: 'unreadable_image'; name: string }
  /** More than `maxPerMessage` files on one message. */
  | { reason: 'too_many'; name: string; limit: number }
  /** Main could not take it (e.g. the disk is full); `message` is main's wording. */
  | { reason: 'failed'; name: string; message: string }
  | { reason: 'empty'; name: string }
  /** A document the document worker could not read, and why. */
  | { reason: 'document'; name: string; code: DocumentErrorCode };

export type AddAttachmentResult = { attachment: AttachmentPart } | { refused: AttachmentRefusal };
