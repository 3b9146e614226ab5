// Search across sessions (Ctrl/Cmd+K), find in the open chat (Ctrl/Cmd+F), and the message a result asked to show.
import type { StateCreator } from 'zustand';
import type { AppState, SearchData, SearchSlice } from './state';

export function searchInitial(): SearchData {
  return { searchOpen: false, findOpen: false, focus: null };
}

export const createSearchSlice: StateCreator<AppState, [], [], SearchSlice> = (set, get) => {
  /** Counts jumps, so the same message asked for twice moves the view twice (see MessageFocus in state/search.ts). */
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
