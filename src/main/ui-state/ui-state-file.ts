// The ui-state file on disk (`<data>/ui-state.json`) and how a damaged one is read: entry by entry, so one bad
// draft costs that draft, not every other one. Each entry carries when it last changed, for eviction.
import { z } from 'zod';
import { NEW_CHAT_DRAFT, UI_STATE_LIMITS, type ScrollAnchor } from '../../shared/ui-state.js';

export const UI_STATE_FILE = 'ui-state.json';
export const UI_STATE_FORMAT_VERSION = 1;

export interface StoredDraft {
  text: string;
  /** ms since epoch of the last change. */
  at: number;
}

export interface StoredAnchor {
  anchor: ScrollAnchor;
  at: number;
}

/** What is stored. */
export interface StoredUiState {
  version: typeof UI_STATE_FORMAT_VERSION;
  lastSessionId: string | null;
  drafts: Record<string, StoredDraft>;
  anchors: Record<string, StoredAnchor>;
}

export function emptyStoredUiState(): StoredUiState {
  return { version: UI_STATE_FORMAT_VERSION, lastSessionId: null, drafts: {}, anchors: {} };
}

/** Session ids are UUIDs; anything else in a key position was not written by us. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}

export function isDraftKey(value: string): boolean {
  return value === NEW_CHAT_DRAFT || isSessionId(value);
}

/** Pixels a stored anchor may sit below its message's top (a message taller than this is rare and still lands close). */
const MAX_OFFSET = 10_000_000;

export const scrollAnchorSchema: z.ZodType<ScrollAnchor> = z.union([
  z.strictObject({ atBottom: z.literal(true) }),
  z.strictObject({ messageId: z.string().min(1).max(200), offset: z.number().finite().min(-MAX_OFFSET).max(MAX_OFFSET) }),
]);

const time = z.number().finite().nonnegative();
const draftSchema = z.object({ text: z.string().min(1).max(UI_STATE_LIMITS.maxDraftChars), at: time });
const anchorSchema = z.object({ anchor: scrollAnchorSchema, at: time });

/** Larger than this the file is not read (the limits keep a real one under about 50 MB). */
export const UI_STATE_MAX_BYTES = 64 * 1024 * 1024;

export interface ParsedUiState {
  state: StoredUiState;
  /** Entries (or the whole file) that were unreadable and left out; 0 for a clean file. */
  dropped: number;
  /** Why the whole file was left out: not JSON or not our shape, or a newer format. */
  unusable?: 'unreadable' | 'newerVersion';
}

/**
 * Reads the file's text. Unparseable JSON or an unknown version gives the empty state with `dropped: 1`; otherwise
 * each field and entry is checked alone and only the bad ones are left out.
 */
export function parseUiStateFile(text: string): ParsedUiState {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { state: emptyStoredUiState(), dropped: 1, unusable: 'unreadable' };
  }
  const version = raw && typeof raw === 'object' ? (raw as { version?: unknown }).version : undefined;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || version !== UI_STATE_FORMAT_VERSION) {
    const newer = typeof version === 'number' && version > UI_STATE_FORMAT_VERSION;
    return { state: emptyStoredUiState(), dropped: 1, unusable: newer ? 'newerVersion' : 'unreadable' };
  }
  const file = raw as Record<string, unknown>;
  const state = emptyStoredUiState();
  let dropped = 0;
  const last = file.lastSessionId;
  if (typeof last === 'string' && isSessionId(last)) state.lastSessionId = last;
  else if (last !== null && last !== undefined) dropped++;
  dropped += readEntries(file.drafts, isDraftKey, draftSchema, state.drafts);
  dropped += readEntries(file.anchors, isSessionId, anchorSchema, state.anchors);
  return { state, dropped };
}

function readEntries<T>(raw: unknown, validKey: (key: string) => boolean, schema: z.ZodType<T>, into: Record<string, T>): number {
  if (raw === undefined) return 0;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 1;
  let dropped = 0;
  for (const [key, value] of Object.entries(raw)) {
    const parsed = schema.safeParse(value);
    if (validKey(key) && parsed.success) into[key] = parsed.data;
    else dropped++;
  }
  return dropped;
}
