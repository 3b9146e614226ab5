// Search across sessions (Ctrl/Cmd+K), find in the open chat (Ctrl/Cmd+F), and the message a result asked to show.
import type { StateCreator } from 'zustand';
import type { IpcResult } from '../../../shared/errors';
import type { FindResponse, SearchHit, SearchResponse } from '../../../shared/search';
import type { AppState } from './appState';

/** A message to bring into view and mark: from a search result or the find bar. `nonce` repeats a jump. */
export interface MessageFocus {
  sessionId: string | null;
  /** Index in the open session's visible messages. */
  index: number;
  /** Text to mark inside it. */
  query: string;
  nonce: number;
}

interface SearchData {
  searchOpen: boolean;
  findOpen: boolean;
  focus: MessageFocus | null;
}

export interface SearchSlice extends SearchData {
  setSearchOpen(open: boolean): void;
  setFindOpen(open: boolean): void;
  search(query: string, includeReasoning: boolean): Promise<IpcResult<SearchResponse>>;
  /** Opens the hit's session and shows its message, marked. */
  openSearchHit(hit: SearchHit, query: string): Promise<void>;
  focusMessage(index: number, query: string): void;
  /** Every occurrence of `query` in the open chat's stored branch, loaded pages or not (null: nothing stored yet). */
  findInChat(query: string): Promise<IpcResult<FindResponse> | null>;
  /** Shows the stored message `messageId` of the open chat, marked: its page is loaded first when it is not yet. */
  showFound(messageId: string, query: string): Promise<void>;
}

export function searchInitial(): SearchData {
  return { searchOpen: false, findOpen: false, focus: null };
}

export const createSearchSlice: StateCreator<AppState, [], [], SearchSlice> = (set, get) => {
  /** Counts jumps, so the same message asked for twice moves the view twice (see MessageFocus). */
  let nonce = 0;
  /** The latest find jump: an earlier one whose page arrives later must not pull the view back. */
  let findJump = 0;
  return {
    ...searchInitial(),
    setSearchOpen: (open) => set({ searchOpen: open, ...(open ? { findOpen: false } : {}) }),
    setFindOpen: (open) => set({ findOpen: open, ...(open ? {} : { focus: null }) }),
    search: (query, includeReasoning) => window.api.searchMessages({ query, includeReasoning, limit: 50 }),
    async openSearchHit(hit, query) {
      set({ searchOpen: false });
      // However old the message, the chat opens with the page around it loaded.
      await get().openSession(hit.sessionId, { aroundMessageId: hit.messageId });
      if (get().currentSession.id !== hit.sessionId) return;
      const index = await get().loadAround(hit.messageId);
      // A message no longer shown (another version chosen since it was indexed): where the index last saw it.
      // The system message is position 0 in main's count; the view shows none.
      set({ focus: { sessionId: hit.sessionId, index: index >= 0 ? index : hit.messageIndex - 1, query, nonce: ++nonce } });
    },
    focusMessage: (index, query) => {
      findJump++;
      set((s) => ({ focus: { sessionId: s.currentSession.id, index, query, nonce: ++nonce } }));
    },
    async findInChat(query) {
      const sessionId = get().currentSession.id;
      return sessionId === null ? null : window.api.findInSession({ sessionId, query });
    },
    async showFound(messageId, query) {
      const mine = ++findJump;
      const sessionId = get().currentSession.id;
      const index = await get().loadAround(messageId);
      if (mine !== findJump || index < 0 || get().currentSession.id !== sessionId) return;
      set({ focus: { sessionId, index, query, nonce: ++nonce } });
    },
  };
};
