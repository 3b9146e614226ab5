// Search across sessions (Ctrl/Cmd+K), find in the open chat (Ctrl/Cmd+F), and the message a result asked to show.
import type { StateCreator } from 'zustand';
import type { AppState, SearchData, SearchSlice } from './state';

export function searchInitial(): SearchData {
  return { searchOpen: false, findOpen: false, focus: null };
}

export const createSearchSlice: StateCreator<AppState, [], [], SearchSlice> = (set, get) => ({
  ...searchInitial(),
  focusJumps: { nonce: 0, find: 0 },
  setSearchOpen: (open) => set({ searchOpen: open, ...(open ? { findOpen: false } : {}) }),
  setFindOpen: (open) => set({ findOpen: open, ...(open ? {} : { focus: null }) }),
  search: (query, includeReasoning, folderId) =>
    window.api.searchMessages({ query, includeReasoning, limit: 50, ...(folderId !== undefined && { folderId }) }),
  async openSearchHit(hit, query) {
    set({ searchOpen: false });
    // However old the message, the chat opens with the page around it loaded.
    await get().openSession(hit.sessionId, { aroundMessageId: hit.messageId });
    if (get().currentSession.id !== hit.sessionId) return;
    const index = await get().loadAround(hit.messageId);
    // A message no longer shown (another version chosen since it was indexed): where the index last saw it.
    // The system message is position 0 in main's count; the view shows none.
    set((s) => jumpTo(s, hit.sessionId, index >= 0 ? index : hit.messageIndex - 1, query));
  },
  async openSearchChat(sessionId) {
    set({ searchOpen: false });
    await get().openSession(sessionId);
  },
  focusMessage: (index, query, occurrence = 0) => {
    // A jump of its own: a find jump still waiting for its page must not pull the view back.
    set((s) => {
      const jump = jumpTo(s, s.currentSession.id, index, query, occurrence);
      return { ...jump, focusJumps: { ...jump.focusJumps, find: s.focusJumps.find + 1 } };
    });
  },
  async findInChat(query) {
    const sessionId = get().currentSession.id;
    return sessionId === null ? null : window.api.findInSession({ sessionId, query });
  },
  async showFound(messageId, query, occurrence = 0) {
    const mine = get().focusJumps.find + 1;
    set((s) => ({ focusJumps: { ...s.focusJumps, find: mine } }));
    const sessionId = get().currentSession.id;
    const index = await get().loadAround(messageId);
    if (mine !== get().focusJumps.find || index < 0 || get().currentSession.id !== sessionId) return;
    set((s) => jumpTo(s, sessionId, index, query, occurrence));
  },
});

/** Focuses a message with the next nonce, so the same message asked for twice moves the view twice. */
function jumpTo(
  s: Pick<SearchSlice, 'focusJumps'>,
  sessionId: string | null,
  index: number,
  query: string,
  occurrence = 0,
): Pick<SearchSlice, 'focus' | 'focusJumps'> {
  const nonce = s.focusJumps.nonce + 1;
  return { focus: { sessionId, index, query, occurrence, nonce }, focusJumps: { ...s.focusJumps, nonce } };
}
