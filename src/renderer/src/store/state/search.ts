// Contract of the search slice: search across sessions, find in the open chat, and the message a result asked to show.
import type { IpcResult } from '../../../../shared/errors';
import type { FindResponse, SearchHit, SearchResponse } from '../../../../shared/search';

/** A message to bring into view and mark: from a search result or the find bar. `nonce` repeats a jump. */
export interface MessageFocus {
  sessionId: string | null;
  /** Index in the open session's visible messages. */
  index: number;
  /** Text to mark inside it. */
  query: string;
  /** Which occurrence of `query` in the message is the current one (0-based), marked apart from the others. */
  occurrence: number;
  nonce: number;
}

export interface SearchData {
  searchOpen: boolean;
  findOpen: boolean;
  focus: MessageFocus | null;
}

export interface SearchSlice extends SearchData {
  /**
   * Not rendered: jumps counted so far (the next `MessageFocus.nonce` follows `nonce`), and the latest find jump, so
   * an earlier one whose page arrives later does not pull the view back. `init` keeps them: a nonce never repeats.
   */
  focusJumps: { nonce: number; find: number };
  setSearchOpen(open: boolean): void;
  setFindOpen(open: boolean): void;
  /** Asks main; `folderId` narrows it to that folder's chats. */
  search(query: string, includeReasoning: boolean, folderId?: string): Promise<IpcResult<SearchResponse>>;
  /** Opens the hit's session and shows its message, marked. */
  openSearchHit(hit: SearchHit, query: string): Promise<void>;
  /** Opens a chat whose name matched (search closes). */
  openSearchChat(sessionId: string): Promise<void>;
  /** Shows the visible message `index`, `query` marked and its `occurrence`-th one (default the first) as the current one. */
  focusMessage(index: number, query: string, occurrence?: number): void;
  /** Every occurrence of `query` in the open chat's stored branch, loaded pages or not (null: nothing stored yet). */
  findInChat(query: string): Promise<IpcResult<FindResponse> | null>;
  /** Shows the stored message `messageId` of the open chat, marked: its page is loaded first when it is not yet. */
  showFound(messageId: string, query: string, occurrence?: number): Promise<void>;
}
