// Contract of the ui-state slice: the window's state across restarts (unsent text, the open chat, scroll anchors).
import type { ScrollAnchor, UiStatePatch } from '../../../../shared/ui-state';

/** What keeps main told of the window's state: where chats are scrolled, what main has not heard yet, and when. */
export interface WindowSync {
  /** Where each chat was scrolled when last seen: from the last quit, then as the message list reports. */
  anchors: Map<string, ScrollAnchor>;
  /** Changes main has not been told of yet. */
  pending: UiStatePatch;
  /** The scheduled send of `pending`, if one is waiting. */
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Main's view of the composers' text, as last sent. */
  sentTexts: Record<string, string>;
  /** Ends the current sync (a new `restoreWindow` starts another). */
  stop: () => void;
}

export interface UiStateSlice {
  /**
   * Not rendered: the sync's bookkeeping, owned by this slice and changed in place, so a keystroke or a scroll does
   * not notify every subscriber twice. `init` keeps it (it calls `stopWindowSync`, then `restoreWindow` starts anew).
   */
  windowSync: WindowSync;
  /** Stops telling main about changes (the store's `init` calls it before it resets everything). */
  stopWindowSync(): void;
  /** Loads the state of the last quit (unsent text, the open chat, anchors), then keeps main told of every change. */
  restoreWindow(): Promise<void>;
  /** The message list says where the open chat is scrolled. */
  reportScrollAnchor(sessionId: string, anchor: ScrollAnchor): void;
  /** Where a chat was scrolled when last seen (its list reads it when it opens). */
  scrollAnchorOf(sessionId: string): ScrollAnchor | undefined;
}
