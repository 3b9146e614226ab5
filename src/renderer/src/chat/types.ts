// The contract between the app shell (store, layout) and the conversation view (message list, markdown).
import type { Message } from '../../../shared/messages';

/** Props of `<MessageList>` (src/renderer/src/chat/MessageList.tsx). */
export interface MessageListProps {
  /** The open session (or 'draft'); when it changes the list shows the latest messages. */
  sessionKey: string;
  /**
   * Visible messages in order (user, assistant, toolResult; never system). A message object is replaced only when
   * that message changes, so rows memoized on it re-render only for their own message.
   */
  messages: readonly Message[];
  /** Index in `messages` of the assistant message that is streaming now, or -1. */
  streamingIndex: number;
  /** Offered on the last assistant answer when nothing streams. */
  onRegenerate?: () => void;
  /** Called for every link the person clicks in rendered markdown; the shell asks main to open it. */
  onOpenLink: (url: string) => void;
  /** A message to bring into view and mark (a search result, the find bar); a new `nonce` jumps again. */
  focus?: { index: number; query: string; nonce: number } | null;
}
