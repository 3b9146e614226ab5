// Files in the sync location and their format. Every file a computer writes is under its own device folder and is
// never rewritten:
//
//   tiny-agent-sync/format.json                                  {"app":"tiny-agent","format":1}
//   tiny-agent-sync/devices/<device>/chats/<session>/<seq>.jsonl one segment: lines of that chat's file not sent before
//   tiny-agent-sync/devices/<device>/meta/<seq>.jsonl            deletes (tombstones), revivals, folder changes, with their time
//   tiny-agent-sync/devices/<device>/attachments/<sha256>        a file a chat attaches, its bytes as they are
//
// A segment is a header line then its body: {"sync":1,"kind","device","session"?,"seq","lines","bytes","sha256"}
// with `bytes` and `sha256` of the body, so a torn file (cut short, still arriving) or a tampered one (changed after it
// was written) is told apart and skipped whole, and one of a newer format is left for a newer build.
import { createHash } from 'node:crypto';
import { SYNC_FORMAT, type SyncSkipReason } from '../../shared/sync.js';

export const SYNC_ROOT = 'tiny-agent-sync';
export const FORMAT_FILE = `${SYNC_ROOT}/format.json`;
export const DEVICES = `${SYNC_ROOT}/devices/`;

export type SegmentKind = 'chat' | 'meta';

export interface SegmentHeader {
  sync: number;
  kind: SegmentKind;
  device: string;
  session?: string;
  seq: number;
  lines: number;
  bytes: number;
  sha256: string;
}

/** A line of a meta segment: a chat deleted at `at` (an activity stamp). */
export interface Tombstone {
  type: 'tombstone';
  session: string;
  at: number;
}

/**
 * A line of a meta segment: the chat deleted elsewhere was answered here at `at`, after that delete — it stays, and
 * every computer that deleted it takes it back (its lines are sent again whole).
 */
export interface Revival {
  type: 'revive';
  session: string;
  at: number;
}

/**
 * A line of a meta segment: the folder `id` was made or renamed (`name`) or deleted (`name` null) at `at`. The
 * latest change of a folder wins on every computer; a build that does not know the line leaves it alone.
 */
export interface FolderLine {
  type: 'folder';
  id: string;
  name: string | null;
  at: number;
}

/** Where a remote file sits: its device, kind, chat and sequence number, from its path alone. */
export interface SegmentPlace {
  path: string;
  device: string;
  kind: SegmentKind;
  session?: string;
  seq: number;
}

const ID = '[A-Za-z0-9-]{1,64}';
const CHAT_PATH = new RegExp(`^${SYNC_ROOT}/devices/(${ID})/chats/(${ID})/(\\d{1,12})\\.jsonl$`);
const META_PATH = new RegExp(`^${SYNC_ROOT}/devices/(${ID})/meta/(\\d{1,12})\\.jsonl$`);

export function chatSegmentPath(device: string, session: string, seq: number): string {
  return `${DEVICES}${device}/chats/${session}/${String(seq).padStart(8, '0')}.jsonl`;
}

/** An attached file, named by the sha-256 of its bytes (checked when read). */
export function attachmentPath(device: string, sha256: string): string {
  return `${DEVICES}${device}/attachments/${sha256}`;
}

export function metaSegmentPath(device: string, seq: number): string {
  return `${DEVICES}${device}/meta/${String(seq).padStart(8, '0')}.jsonl`;
}

/** The place a path names, or undefined for a file that is not a segment (left alone). */
export function placeOf(path: string): SegmentPlace | undefined {
  const chat = CHAT_PATH.exec(path);
  if (chat) return { path, device: chat[1]!, kind: 'chat', session: chat[2]!, seq: Number(chat[3]) };
  const meta = META_PATH.exec(path);
  if (meta) return { path, device: meta[1]!, kind: 'meta', seq: Number(meta[2]) };
  return undefined;
}

/** A segment's bytes: header line, then the body's lines (each ending in a newline). */
export function encodeSegment(place: Omit<SegmentPlace, 'path'>, lines: readonly string[]): Uint8Array {
  const body = Buffer.from(lines.map((line) => `${line}\n`).join(''));
  const header: SegmentHeader = {
    sync: SYNC_FORMAT,
    kind: place.kind,
    device: place.device,
    ...(place.session && { session: place.session }),
    seq: place.seq,
    lines: lines.length,
    bytes: body.length,
    sha256: createHash('sha256').update(body).digest('hex'),
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]);
}

export type DecodedSegment = { ok: true; lines: string[] } | { ok: false; reason: SyncSkipReason };

/** The body's lines of a whole, untouched segment of a format this build reads; otherwise why it is skipped. */
export function decodeSegment(place: SegmentPlace, bytes: Uint8Array): DecodedSegment {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = data.indexOf(0x0a);
  if (end < 0) return { ok: false, reason: data.length === 0 || looksLikeHeaderStart(data) ? 'torn' : 'unreadable' };
  let header: Partial<SegmentHeader>;
  try {
    header = JSON.parse(data.subarray(0, end).toString('utf8')) as Partial<SegmentHeader>;
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (typeof header.sync !== 'number') return { ok: false, reason: 'unreadable' };
  if (header.sync > SYNC_FORMAT) return { ok: false, reason: 'newer-format' };
  if (typeof header.bytes !== 'number' || typeof header.sha256 !== 'string' || typeof header.lines !== 'number')
    return { ok: false, reason: 'unreadable' };
  const body = data.subarray(end + 1);
  if (body.length < header.bytes) return { ok: false, reason: 'torn' };
  if (body.length > header.bytes) return { ok: false, reason: 'tampered' };
  if (createHash('sha256').update(body).digest('hex') !== header.sha256) return { ok: false, reason: 'tampered' };
  // A whole file whose header names another place was copied or renamed: it is not what its path says.
  if (header.kind !== place.kind || header.device !== place.device || header.seq !== place.seq || header.session !== place.session)
    return { ok: false, reason: 'tampered' };
  const text = body.toString('utf8');
  const lines = text.length === 0 ? [] : text.slice(0, -1).split('\n');
  if (lines.length !== header.lines) return { ok: false, reason: 'tampered' };
  return { ok: true, lines };
}

function looksLikeHeaderStart(data: Buffer): boolean {
  return data.subarray(0, 8).toString('utf8').startsWith('{"sync"');
}

/** The location's format file, written once by the first computer. */
export function formatFileBytes(): Uint8Array {
  return Buffer.from(`${JSON.stringify({ app: 'tiny-agent', format: SYNC_FORMAT })}\n`);
}

/** The format a location's format.json states (undefined when it cannot be read). */
export function formatOf(bytes: Uint8Array): number | undefined {
  try {
    const value = JSON.parse(Buffer.from(bytes).toString('utf8')) as { format?: unknown };
    return typeof value.format === 'number' ? value.format : undefined;
  } catch {
    return undefined;
  }
}
