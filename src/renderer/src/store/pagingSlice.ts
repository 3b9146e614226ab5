// Store actions that load more of the open chat: the pages the message list scrolls to, and the page around a
// message asked for (a search result, a saved scroll anchor). Combined into appState; pages are applied with
// `withPage`, which drops a page of a branch the view no longer shows.
import type { StateCreator } from 'zustand';
import type { MessagePage, PageWindow } from '../../../shared/paging';
import type { IpcResult } from '../../../shared/errors';
import { committedIndex, withPage } from './openSession';
import type { AppState, PagingSlice } from './state';

export const createPagingSlice: StateCreator<AppState, [], [], PagingSlice> = (set, get) => {
  const request = async (sessionId: string, which: PageWindow): Promise<IpcResult<MessagePage> | null> => {
    if (get().pageRequests.sessionId !== sessionId) set({ pageRequests: { sessionId, keys: new Set() } });
    const key = JSON.stringify(which);
    // The requests of this session as they are now: an answer after a switch changes nothing the next session asked.
    const mine = get().pageRequests;
    if (mine.keys.has(key)) return null;
    mine.keys.add(key);
    const result = await window.api.getMessages({ sessionId, ...which });
    // A page that arrived may be asked again later (a commit in between makes it stale); a failure is not retried.
    if (result.ok) mine.keys.delete(key);
    if (result.ok && get().currentSession.id === sessionId) {
      set((s) => (s.currentSession.id === sessionId ? { currentSession: withPage(s.currentSession, result.value) } : {}));
    } else if (!result.ok && get().currentSession.id === sessionId) {
      set((s) => ({
        errors: { ...s.errors, [sessionId]: { code: result.error.code, message: result.error.message, unsentText: '', retry: null } },
      }));
    }
    return result;
  };

  return {
    pageRequests: { sessionId: '', keys: new Set() },

    async loadRows(from, to) {
      const { currentSession } = get();
      const sessionId = currentSession.id;
      const { messages } = currentSession;
      if (sessionId === null) return;
      let first = -1;
      let last = -1;
      for (let i = Math.max(0, from); i < Math.min(to, messages.length); i++) {
        if (messages[i] !== undefined) continue;
        if (first < 0) first = i;
        last = i;
      }
      if (first < 0) return;
      // Scrolling up meets a gap at its lower edge: the page grows up from the loaded rows below it.
      await request(sessionId, messages[last + 1] !== undefined ? { before: last + 1 } : { from: first });
    },

    async loadAround(messageId) {
      const sessionId = get().currentSession.id;
      if (sessionId === null) return -1;
      const shown = () => committedIndex(get().currentSession, messageId) - 1;
      if (shown() < 0) await request(sessionId, { around: messageId });
      return get().currentSession.id === sessionId ? shown() : -1;
    },
  };
};
