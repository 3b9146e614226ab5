// The window around the conversation: the sidebar's filter, collapse and narrow-window drawer, the status notice,
// links opened in the browser and the last answer copied to the clipboard.
import type { StateCreator } from 'zustand';
import { messageText } from '../../../shared/messages';
import { showBanner, showIpcError } from './bannersSlice';
import { sessionKey } from './openSession';
import type { AppState, ShellSlice } from './state';

export function shellInitial(): Pick<ShellSlice, 'filter' | 'sidebarCollapsed' | 'drawerOpen' | 'notice'> {
  return { filter: '', sidebarCollapsed: false, drawerOpen: false, notice: null };
}

export const createShellSlice: StateCreator<AppState, [], [], ShellSlice> = (set, get, store) => ({
  ...shellInitial(),

  setFilter: (filter) => set({ filter }),

  toggleSidebar(narrow) {
    set((s) => (narrow ? { drawerOpen: !s.drawerOpen } : { sidebarCollapsed: !s.sidebarCollapsed }));
  },

  closeDrawer: () => set({ drawerOpen: false }),
  clearNotice: () => set({ notice: null }),

  async openLink(url) {
    const result = await window.api.openExternal({ url });
    const key = sessionKey(get().currentSession);
    if (!result.ok) showIpcError(store, key, result.error);
    else if (!result.value.opened) showBanner(store, key, { code: 'link_refused', message: url, unsentText: '', retry: null });
  },

  async copyLastAnswer() {
    const { messages } = get().currentSession;
    const answer = [...messages].reverse().find((m) => m?.role === 'assistant' && messageText(m).trim());
    if (!answer) return;
    try {
      await navigator.clipboard.writeText(messageText(answer));
      set({ notice: 'copied' });
    } catch (error) {
      showBanner(store, sessionKey(get().currentSession), {
        code: 'copy_failed',
        message: error instanceof Error ? error.message : String(error),
        unsentText: '',
        retry: null,
      });
    }
  },
});
