// Start (and restart) of the store: everything back to how a fresh window begins, listening to main, the settings,
// the first rows of the sidebar then the rest after the first paint, and the window as it was left at the last quit.
import type { StateCreator } from 'zustand';
import { initialAttachmentsData } from './attachmentsSlice';
import { bannersInitial, showIpcError } from './bannersSlice';
import { composerInitial } from './composerSlice';
import { initialConversationSettings } from './conversationSettingsSlice';
import { NEW_CHAT_KEY } from './openSession';
import { runsInitial } from './runsSlice';
import { searchInitial } from './searchSlice';
import { sessionEventsInitial } from './sessionEventsSlice';
import { sessionsInitial } from './sessionsSlice';
import { loadSettings, settingsInitial } from './settingsSlice';
import { shellInitial } from './shellSlice';
import { shortcutsInitial } from './shortcutsSlice';
import { afterNextPaint, FIRST_LIST_ROWS, takeRestOfList, withListed } from './startList';
import type { AppState, StartupSlice } from './state';
import { syncInitial } from './syncSlice';
import { initialToolsData } from './toolsSlice';
import { initialWelcome } from './welcomeSlice';

/** The data `init` starts from. App problems and a transfer in progress are the window's, not the session's: kept. */
function startingData(): Partial<AppState> {
  return {
    ...sessionsInitial(),
    ...sessionEventsInitial(),
    ...runsInitial(),
    ...composerInitial(),
    ...bannersInitial(),
    ...settingsInitial(),
    ...shellInitial(),
    ...searchInitial(),
    ...shortcutsInitial(),
    ...initialConversationSettings(),
    ...initialAttachmentsData(),
    ...initialToolsData(),
    ...initialWelcome(),
    ...syncInitial(),
  };
}

export const createStartupSlice: StateCreator<AppState, [], [], StartupSlice> = (set, get, store) => ({
  async init() {
    get().stopListening?.();
    get().stopWindowSync();
    set(startingData());
    get().listen();
    const [, first] = await Promise.all([
      loadSettings(store),
      window.api.listFirstSessions({ limit: FIRST_LIST_ROWS }),
      get().loadAppStatus(),
      get().loadSync(),
    ]);
    // A rebuild starts only once the window has painted (after this answer), so its last batch always comes later.
    if (first.ok) set((s) => ({ sessions: withListed(s.sessions, first.value.sessions), findingSessions: first.value.finding }));
    else showIpcError(store, NEW_CHAT_KEY, first.error);
    if (!first.ok || first.value.total > first.value.sessions.length) {
      await afterNextPaint();
      const last = first.ok ? first.value.sessions.at(-1) : undefined;
      const failed = await takeRestOfList(window.api.listFirstSessions, last, (page) =>
        set((s) => ({ sessions: withListed(s.sessions, page) })),
      );
      if (failed) showIpcError(store, NEW_CHAT_KEY, failed);
    }
    await get().restoreWindow();
    await afterNextPaint();
    void window.api.windowPainted();
  },
});
