// Session actions: the sidebar's list, the session that is open, and the create / open / rename / pin / delete that
// change them. Opens, renames and deletes lock the sidebar and composer while main works; events that arrive while a
// session is fetched are replayed after its snapshot.
import type { StateCreator } from 'zustand';
import type { FailedRunSnapshot, SessionSummary } from '../../../shared/sessions';
import { showIpcError } from './bannersSlice';
import { compareFromDetail } from './compareSlice';
import { restoreComposerText } from './composerSlice';
import { newChatSession, sessionFromDetail, sessionKey } from './openSession';
import { without } from './records';
import { EMPTY_QUEUE } from './runsSlice';
import { openSessionEffect } from './sessionEventsSlice';
import { locked } from './sessionLock';
import { removeSummary, setStreaming, upsertSummary } from './sessionList';
import type { AppState, BannerError, SessionsSlice } from './state';
import { toolsFromDetail } from './toolsSlice';
import { selectWelcomeShown } from './welcomeSlice';

export function sessionsInitial(): Pick<
  SessionsSlice,
  'sessions' | 'findingSessions' | 'currentSession' | 'isSessionLoading' | 'pendingOpen'
> {
  return { sessions: [], findingSessions: false, currentSession: newChatSession(), isSessionLoading: false, pendingOpen: null };
}

/** The error a broken-off run shows under its answer, from main's snapshot of it. */
function failedRunError(failed: FailedRunSnapshot): BannerError {
  return {
    code: failed.code,
    message: failed.message,
    unsentText: failed.unsentText,
    retry: failed.origin.kind === 'regenerate' || failed.unsentText.trim() ? failed.origin.kind : null,
    ...(failed.origin.messageId !== undefined && { messageId: failed.origin.messageId }),
    ...(failed.origin.once && { once: failed.origin.once }),
    inline: true,
    ...(failed.unsentAttachments && { attachments: failed.unsentAttachments }),
  };
}

/** A summary main answered, keeping the streaming flag the sidebar already knows from events. */
function withKnownStreaming(sessions: SessionSummary[], summary: SessionSummary): SessionSummary[] {
  return upsertSummary(sessions, {
    ...summary,
    isStreaming: sessions.find((x) => x.id === summary.id)?.isStreaming ?? summary.isStreaming,
  });
}

export const createSessionsSlice: StateCreator<AppState, [], [], SessionsSlice> = (set, get, store) => ({
  ...sessionsInitial(),

  newChat() {
    const { isSessionLoading, currentSession } = get();
    // During a load (its button is disabled; a shortcut can still ask) it does nothing, and a chat picked before it
    // no longer opens: the person's latest wish was not that chat.
    if (isSessionLoading) return set({ pendingOpen: null });
    if (currentSession.id === null) {
      set({ drawerOpen: false });
      return;
    }
    set({ currentSession: newChatSession(), isTyping: false, queue: EMPTY_QUEUE, drawerOpen: false, newChatSettings: {} });
  },

  async openSession(id, options = {}) {
    const { isSessionLoading, currentSession } = get();
    const picked = options.restoring !== true;
    if (isSessionLoading) {
      // The person's pick waits for the lock (see sessionLock.ts); a reopen at start is the app's own and yields.
      if (picked) set({ pendingOpen: { id, ...(options.aroundMessageId !== undefined && { aroundMessageId: options.aroundMessageId }) } });
      return;
    }
    // A chat chosen is a chat shown: the first-run panel steps aside as with "Later" (a send brings it back).
    if (selectWelcomeShown(get())) get().closeWelcome();
    if (currentSession.id === id) {
      if (picked) set({ drawerOpen: false });
      if (options.aroundMessageId !== undefined) await get().loadAround(options.aroundMessageId);
      return;
    }
    // Where the chat was left (this run or the last) may be older than its newest page: that page comes with it.
    const saved = get().scrollAnchorOf(id);
    const around = options.aroundMessageId ?? (saved && 'messageId' in saved ? saved.messageId : undefined);
    await locked(store, async () => {
      set({ sessionFetch: { id, buffer: [] } });
      const result = await window.api.getSession({ sessionId: id, ...(around !== undefined && { around }) });
      const fetch = get().sessionFetch;
      const buffered = fetch?.id === id ? fetch.buffer : [];
      if (fetch?.id === id) set({ sessionFetch: null });
      if (!result.ok) {
        showIpcError(store, sessionKey(get().currentSession), result.error);
        return;
      }
      const detail = result.value;
      const open = sessionFromDetail(detail);
      // Without a run in the snapshot, the buffered events belong to runs it already contains.
      const lastSeq = detail.activeRun ? open.lastSeq : buffered.reduce((max, e) => Math.max(max, e.seq), open.lastSeq);
      // Unsent text: sent just before the app quit and never answered; it goes back into the composer.
      const unsentText = detail.draft;
      const running = detail.activeRun !== undefined;
      set((s) => ({
        currentSession: { ...open, lastSeq },
        ...(unsentText && { composerText: restoreComposerText(s.composerText, id, unsentText) }),
        // A run that broke off (here or in the background) says so under its answer, with Retry.
        ...(detail.failedRun && !s.errors[id]?.inline && { errors: { ...s.errors, [id]: failedRunError(detail.failedRun) } }),
        isTyping: running,
        queue: detail.activeRun ? detail.activeRun.queue : EMPTY_QUEUE,
        ...toolsFromDetail(s, detail),
        ...compareFromDetail(s, detail),
        sessions: setStreaming(s.sessions, id, running),
        ...(picked && { drawerOpen: false }),
      }));
      for (const envelope of buffered) {
        const s = get();
        if (envelope.seq > s.currentSession.lastSeq) set(openSessionEffect(s, envelope));
      }
    });
  },

  async renameSession(id, raw) {
    const name = raw.trim();
    if (!name || get().isSessionLoading) return false;
    return locked(store, async () => {
      const result = await window.api.renameSession({ sessionId: id, name });
      if (!result.ok) {
        showIpcError(store, sessionKey(get().currentSession), result.error);
        return false;
      }
      set((s) => ({
        sessions: withKnownStreaming(s.sessions, result.value),
        currentSession: s.currentSession.id === id ? { ...s.currentSession, name: result.value.name } : s.currentSession,
      }));
      return true;
    });
  },

  async pinSession(id, pinned) {
    const result = await window.api.pinSession({ sessionId: id, pinned });
    if (!result.ok) {
      showIpcError(store, sessionKey(get().currentSession), result.error);
      return;
    }
    set((s) => ({ sessions: withKnownStreaming(s.sessions, result.value) }));
  },

  async deleteSession(id) {
    if (get().isSessionLoading) return false;
    return locked(store, async () => {
      const result = await window.api.deleteSession({ sessionId: id });
      if (!result.ok) {
        showIpcError(store, sessionKey(get().currentSession), result.error);
        return false;
      }
      set((s) => {
        const wasOpen = s.currentSession.id === id;
        return {
          sessions: removeSummary(s.sessions, id),
          composerText: without(s.composerText, id),
          errors: without(s.errors, id),
          ...(wasOpen ? { currentSession: newChatSession(), isTyping: false, queue: EMPTY_QUEUE } : {}),
        };
      });
      return true;
    });
  },
});
