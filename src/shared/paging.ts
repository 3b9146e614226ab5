// Opening a chat transfers a page, not its history: the shapes and sizes of the pages main sends of a shown branch.
import type { Message } from './messages.js';

/** Where a shown message sits among its versions (edited user messages, regenerated answers). */
export interface MessageRef {
  /** The stored message's id: what edit, regenerate and switchBranch name. */
  id: string;
  /** 1-based position among its versions, in the order they were written. */
  version: number;
  /** Versions at this point; 1 when there is no other. */
  versions: number;
}

/**
 * Shown messages `start … start + messages.length - 1` (0 is the first message after the system message) of a shown
 * branch of `total` messages that ends at `leaf`. A page is applied only to a view of the same branch (same `leaf`).
 */
export interface MessagePage {
  start: number;
  messages: Message[];
  /** One per message, same order. */
  refs: MessageRef[];
  total: number;
  /** Id of the branch's last message; null for an empty chat. */
  leaf: string | null;
}

/** Which page: the messages before position `before`, from position `from` on, or around the message `around`. */
export type PageWindow = { before: number } | { from: number } | { around: string };

/** Sizes main keeps to: a page stops at whichever limit it reaches first, but always holds at least one message. */
export const PAGE = {
  /** Messages of the page an open sends (the newest ones), and of a page asked without `limit`. */
  messages: 50,
  /** Most messages one page request may ask for. */
  maxMessages: 200,
  /** Serialized characters (JSON) after which a page stops growing: ~64 KB, about two screens of long answers. */
  chars: 64 * 1024,
} as const;
