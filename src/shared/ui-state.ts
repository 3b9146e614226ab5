// What the window looked like when it closed, kept by main across restarts: the open chat, where each chat was
// scrolled, and what was typed but not sent. Losing it costs convenience, never history.
import { LIMITS } from './limits.js';

/** Where a chat was scrolled: following its newest message, or a stored message's top edge plus pixels below it. */
export type ScrollAnchor = { atBottom: true } | { messageId: string; offset: number };

/** Key of the new chat's draft (not a session yet); every other draft key is a session id. */
export const NEW_CHAT_DRAFT = 'draft';

/** The whole remembered state, as `getUiState` answers it (drafts and anchors only of sessions that exist). */
export interface UiState {
  /** The chat open when the window closed; null: the new chat. */
  lastSessionId: string | null;
  /** Composer text per session id (and NEW_CHAT_DRAFT). */
  drafts: Record<string, string>;
  anchors: Record<string, ScrollAnchor>;
}

/** A change: present fields replace; a draft of '' and an anchor of null forget that entry. */
export interface UiStatePatch {
  lastSessionId?: string | null;
  drafts?: Record<string, string>;
  anchors?: Record<string, ScrollAnchor | null>;
}

export const UI_STATE_LIMITS = {
  /** One draft: what the composer can hold (the message limit), at most 600 KB as UTF-8 — under 1 MB. */
  maxDraftChars: LIMITS.maxMessageChars,
  /** Drafts kept; past it the least recently typed go first. */
  maxDrafts: 2_000,
  /** Characters of all drafts together; past it the least recently typed go first. */
  maxDraftTotalChars: 8_000_000,
  /** Anchors kept; past it the least recently scrolled go first. */
  maxAnchors: 10_000,
  /** Entries one patch may carry. */
  maxPatchEntries: 200,
} as const;

export function emptyUiState(): UiState {
  return { lastSessionId: null, drafts: {}, anchors: {} };
}
