// Contract of the ui-state slice: the window's state across restarts (unsent text, the open chat, scroll anchors).
import type { ScrollAnchor } from '../../../../shared/ui-state';

export interface UiStateSlice {
  /** Stops telling main about changes (the store's `init` calls it before it resets everything). */
  stopWindowSync(): void;
  /** Loads the state of the last quit (unsent text, the open chat, anchors), then keeps main told of every change. */
  restoreWindow(): Promise<void>;
  /** The message list says where the open chat is scrolled. */
  reportScrollAnchor(sessionId: string, anchor: ScrollAnchor): void;
  /** Where a chat was scrolled when last seen (its list reads it when it opens). */
  scrollAnchorOf(sessionId: string): ScrollAnchor | undefined;
}
