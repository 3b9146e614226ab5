// The contract between the app shell (store, layout) and the conversation view (message list, markdown).
import type { ReactNode } from 'react';
import type { Message } from '../../../shared/messages';
import type { MessageRef } from '../../../shared/sessions';
import type { ScrollAnchor } from '../../../shared/ui-state';

/** Props of `<MessageList>` (src/renderer/src/chat/MessageList.tsx). */
export interface MessageListProps {
  /** The open session's key (NEW_CHAT_KEY for the new chat); when it changes the list shows the latest messages. */
  sessionKey: string;
  /**
   * Visible messages in order (user, assistant, toolResult; never system). A message object is replaced only when
   * that message changes, so rows memoized on it re-render only for their own message. `undefined`: a stored message
   * not loaded yet, shown as a placeholder of its estimated height until `onNeedRows` brings it.
   */
  messages: readonly (Message | undefined)[];
  /** Index in `messages` of the assistant message that is streaming now, or -1. */
  streamingIndex: number;
  /** Per message, its stored id and versions (`‹ n/m ›`); undefined for a message not saved. Absent: none known. */
  refs?: readonly (MessageRef | undefined)[];
  /** Index from which the messages are a failed run's, shown but not saved; -1 or absent when there is none. */
  unsavedFrom?: number;
  /** Said under the last message while a failed run is shown (`unsavedFrom`): why it broke off and what can be done. */
  interrupted?: ReactNode;
  /** Nothing runs in the session (default true): edit, regenerate and version switches are enabled. */
  idle?: boolean;
  /**
   * Offered on answers that end a turn (only the last one when `refs` is absent) while nothing streams; called with
   * the answer's stored id (undefined: the last answer).
   */
  onRegenerate?: (messageId?: string) => void;
  /** Offered on stored questions: sends `text` as a new version of `messageId`. */
  onEdit?: (messageId: string, text: string) => void;
  /** Offered where a message has versions: shows version `version` of `messageId`'s point. */
  onSwitchVersion?: (messageId: string, version: number) => void;
  /** Offered on stored messages: "New chat from here" (compare/ForkButton). */
  onFork?: (messageId: string) => void;
  /** Called for every link the person clicks in rendered markdown; the shell asks main to open it. */
  onOpenLink: (url: string) => void;
  /** Asks for the messages not loaded among visible positions [from, to) (the rows on screen plus a margin). */
  onNeedRows?: (from: number, to: number) => void;
  /**
   * A message to bring into view and mark (a search result, the find bar); a new `nonce` jumps again. `occurrence`
   * (0-based, in the message's text; default the first) is the current one, marked apart from the others.
   */
  focus?: { index: number; query: string; nonce: number; occurrence?: number } | null;
  /** Where this chat was scrolled when last seen; restored once when the list opens (absent: the latest messages). */
  scrollAnchor?: ScrollAnchor;
  /**
   * Counts what the person sent in this chat (a message, an edit, a regenerate, a steer or follow-up, a retry): each
   * new value brings the view to the end and follows it again, wherever it was scrolled. Only a person reading back
   * while an answer they did not just ask for streams keeps their place.
   */
  sent?: number;
  /** Told where the chat is scrolled as the person scrolls (a few times a second at most) and when the list closes. */
  onScrollAnchor?: (anchor: ScrollAnchor) => void;
}
