// The renderer's single store. Only its actions call `window.api`; components read slices with selectors.
import { create } from 'zustand';
import type { IpcErrorCode, IpcResult } from '../../../shared/errors';
import type { SessionEventEnvelope } from '../../../shared/events';
import type { ProviderProbe } from '../../../shared/ipc';
import { messageText, type ProviderErrorCode } from '../../../shared/messages';
import type { QueueState, SessionSummary } from '../../../shared/sessions';
import type {
  ConnectionTestResult,
  LanguageSetting,
  Locale,
  SettingsPatch,
  SettingsView,
  ThemeSetting,
} from '../../../shared/settings';
import { systemLocale } from '../i18n';
import {
  DRAFT_KEY,
  applyEvent,
  draftSession,
  dropRun,
  lastUserIndex,
  sessionFromDetail,
  sessionKey,
  startLocalRun,
  type OpenSession,
} from './openSession';
import { createSearchActions, searchInitial, type SearchActions, type SearchData } from './searchSlice';
import { createShortcutsActions, shortcutsInitial, type ShortcutsActions, type ShortcutsData } from './shortcutsSlice';
import { removeSummary, setStreaming, sortSummaries, upsertSummary } from './sessionList';

/** Codes the banner knows how to word: the provider's, IPC's, and the shell's own. */
export type BannerCode = ProviderErrorCode | IpcErrorCode | 'link_refused' | 'copy_failed';

/** What went wrong in one session; the text the user wrote is kept for retry. */
export interface BannerError {
  code: BannerCode;
  /** Main's raw message, shown as detail. */
  message: string;
  unsentText: string;
  /** What the retry button does, or null when there is nothing to retry. */
  retry: 'send' | 'regenerate' | null;
}

export const EMPTY_QUEUE: QueueState = { steering: [], followUp: [] };

/** Everything the UI renders from. */
export interface AppData extends SearchData, ShortcutsData {
  /** Sidebar summaries, newest activity first. */
  sessions: SessionSummary[];
  currentSession: OpenSession;
  /** The open session is running (from the first send until `run_end`). */
  isTyping: boolean;
  /** A create / open / rename / delete is in flight: sidebar and composer are locked. */
  isSessionLoading: boolean;
  settings: SettingsView | null;
  locale: Locale;
  theme: ThemeSetting;
  /** Queued steering / follow-up input of the open session. */
  queue: QueueState;
  /** Composer text per session key (DRAFT_KEY for the new chat). */
  drafts: Record<string, string>;
  /** Banner per session key; the open session's is shown. */
  errors: Record<string, BannerError>;
  filter: string;
  sidebarCollapsed: boolean;
  drawerOpen: boolean;
  settingsOpen: boolean;
  /** A short confirmation for the status line (e.g. "answer copied"). */
  notice: 'copied' | null;
}

/** What components may ask for. */
export interface AppActions extends SearchActions, ShortcutsActions {
  /** Loads settings and the session list and subscribes to session events; also resets the store. */
  init(): Promise<void>;
  /** Shows the draft new chat; nothing is created until the first send. */
  newChat(): void;
  openSession(id: string): Promise<void>;
  renameSession(id: string, name: string): Promise<boolean>;
  /** Keeps a session at the top of the sidebar, or lets it go back to its date group. */
  pinSession(id: string, pinned: boolean): Promise<void>;
  deleteSession(id: string): Promise<boolean>;
  /** Sends from an idle session; the draft is created in main first. */
  send(text: string): Promise<void>;
  stop(): Promise<void>;
  steer(text: string): Promise<void>;
  followUp(text: string): Promise<void>;
  clearQueue(): Promise<void>;
  regenerate(): Promise<void>;
  /** Repeats what failed in the open session (the unsent text, or the regenerate). */
  retry(): Promise<void>;
  dismissError(): void;
  updateSettings(patch: SettingsPatch): Promise<IpcResult<SettingsView>>;
  listModels(probe: ProviderProbe): Promise<IpcResult<string[]>>;
  testConnection(probe: ProviderProbe): Promise<IpcResult<ConnectionTestResult>>;
  openLink(url: string): Promise<void>;
  copyLastAnswer(): Promise<void>;
  setDraft(key: string, text: string): void;
  setFilter(filter: string): void;
  /** Collapses the sidebar on wide windows, opens/closes the drawer on narrow ones. */
  toggleSidebar(narrow: boolean): void;
  closeDrawer(): void;
  /** Opening also loads the settings if they are not there yet. */
  setSettingsOpen(open: boolean): void;
  clearNotice(): void;
}

export type AppState = AppData & AppActions;

function initialData(): AppData {
  return {
    sessions: [],
    currentSession: draftSession(),
    isTyping: false,
    isSessionLoading: false,
    settings: null,
    locale: systemLocale(),
    theme: 'system',
    queue: EMPTY_QUEUE,
    drafts: {},
    errors: {},
    filter: '',
    sidebarCollapsed: false,
    drawerOpen: false,
    settingsOpen: false,
    notice: null,
    ...searchInitial(),
    ...shortcutsInitial(),
  };
}

export function resolveLocale(language: LanguageSetting): Locale {
  return language === 'system' ? systemLocale() : language;
}

/** Puts text back into a composer without overwriting what is there (and without adding it twice). */
function restoreDraft(drafts: Record<string, string>, key: string, text: string): Record<string, string> {
  if (!text.trim()) return drafts;
  const current = drafts[key] ?? '';
  if (current.includes(text)) return drafts;
  return { ...drafts, [key]: current.trim() ? `${text}\n\n${current}` : text };
}

/** Empties a composer only when it still holds exactly the text being sent. */
function takeDraft(drafts: Record<string, string>, key: string, text: string): Record<string, string> {
  return (drafts[key] ?? '').trim() === text ? without(drafts, key) : drafts;
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
}

export const useAppState = create<AppState>()((set, get) => {
  let unsubscribe: (() => void) | null = null;
  /** While a session is fetched, its events wait here and are replayed after the snapshot. */
  let loading: { id: string; buffer: SessionEventEnvelope[] } | null = null;
  /** Runs started by regenerate: a failure offers regenerate again instead of restoring text. */
  const regenerateRuns = new Set<string>();

  const api = () => window.api;

  const showError = (key: string, error: BannerError) => set((s) => ({ errors: { ...s.errors, [key]: error } }));

  const ipcError = (key: string, error: { code: IpcErrorCode; message: string }, unsentText = '', retry: BannerError['retry'] = null) =>
    showError(key, { code: error.code, message: error.message, unsentText, retry });

  /** Sidebar effects of an event, for any session. */
  const sidebarEffect = (sessions: SessionSummary[], { event }: SessionEventEnvelope): SessionSummary[] => {
    // Main's summary says how the session looks now: streaming or not, and named from its first message.
    if (event.type === 'run_start' || event.type === 'saved' || event.type === 'run_end') return upsertSummary(sessions, event.summary);
    return sessions;
  };

  /** Effects of an event on the open session's view, queue, composer and banner. Caller checks the seq. */
  const openEffect = (s: AppState, { sessionId, runId, seq, event }: SessionEventEnvelope): Partial<AppData> => {
    const open = s.currentSession;
    const patch: Partial<AppData> = { currentSession: applyEvent(open, runId, seq, event) };
    if (event.type === 'run_start') patch.isTyping = true;
    if (event.type === 'queue') patch.queue = event.queue;
    if (event.type === 'error') Object.assign(patch, failedRun(s, sessionId, runId, event, open.run?.kind === 'regenerate'));
    if (event.type === 'run_end') {
      patch.isTyping = false;
      patch.queue = EMPTY_QUEUE;
      // A run that ends uncommitted without an error event still must not lose the user's text.
      if (!event.committed && open.run?.kind === 'send') patch.drafts = restoreDraft(s.drafts, sessionId, open.run.userText);
    }
    return patch;
  };

  /** Banner and composer of a run that committed nothing: the user's text goes back into that session's composer. */
  const failedRun = (
    s: AppState,
    key: string,
    runId: string,
    event: { code: BannerCode; message: string; unsentText: string },
    regenerating = false,
  ): Partial<AppData> => {
    const regenerated = regenerating || regenerateRuns.has(runId);
    const error: BannerError = {
      code: event.code,
      message: event.message,
      unsentText: event.unsentText,
      retry: regenerated ? 'regenerate' : event.unsentText.trim() ? 'send' : null,
    };
    return {
      errors: { ...s.errors, [key]: error },
      // For a regenerate this is only input queued during it: still the person's words, so it goes back too.
      drafts: restoreDraft(s.drafts, key, event.unsentText),
    };
  };

  const handleEnvelope = (envelope: SessionEventEnvelope): void => {
    const s = get();
    const { sessionId, runId, seq, event } = envelope;
    const patch: Partial<AppData> = {};
    const sessions = sidebarEffect(s.sessions, envelope);
    if (sessions !== s.sessions) patch.sessions = sessions;
    // A session being fetched replays these after its snapshot; its failures are kept now, like any background one.
    if (loading?.id === sessionId) loading.buffer.push(envelope);
    if (s.currentSession.id === sessionId) {
      if (seq > s.currentSession.lastSeq) Object.assign(patch, openEffect(s, envelope));
    } else if (event.type === 'error') {
      Object.assign(patch, failedRun(s, sessionId, runId, event));
    }
    // A stopped run hands back what was still queued; open or in the background, it returns to that composer.
    if (event.type === 'saved' && event.unsentText) patch.drafts = restoreDraft(patch.drafts ?? s.drafts, sessionId, event.unsentText);
    if (event.type === 'run_end') regenerateRuns.delete(runId);
    // Most background events change nothing shown; skip notifying every subscriber for them.
    if (Object.keys(patch).length) set(patch);
  };

  /** Starts a run in the open (stored) session and asks main to run it; undoes the optimistic view on failure. */
  const startRun = async (kind: 'send' | 'regenerate', text: string): Promise<void> => {
    const sessionId = get().currentSession.id;
    if (sessionId === null) return;
    set((s) => ({
      currentSession: startLocalRun(s.currentSession, kind, text),
      isTyping: true,
      sessions: setStreaming(s.sessions, sessionId, true),
    }));
    const result = kind === 'send' ? await api().send({ sessionId, text }) : await api().regenerate({ sessionId });
    const open = get().currentSession;
    if (result.ok) {
      // Events may have arrived before this answer; the run's kind must outlive a switch to another session.
      if (kind === 'regenerate' && (open.id !== sessionId || open.run)) regenerateRuns.add(result.value.runId);
      if (open.id === sessionId && open.run && open.run.runId === null) {
        set({ currentSession: { ...open, run: { ...open.run, runId: result.value.runId } } });
      }
      return;
    }
    set((s) => ({
      ...(s.currentSession.id === sessionId ? { currentSession: dropRun(s.currentSession), isTyping: false } : {}),
      sessions: setStreaming(s.sessions, sessionId, false),
      drafts: kind === 'send' ? restoreDraft(s.drafts, sessionId, text) : s.drafts,
      errors: { ...s.errors, [sessionId]: { ...result.error, unsentText: kind === 'send' ? text : '', retry: kind } },
    }));
  };

  /** Steering and follow-up share everything but the channel. */
  const enqueue = async (which: 'steer' | 'followUp', raw: string): Promise<void> => {
    const text = raw.trim();
    const { currentSession, isTyping } = get();
    const sessionId = currentSession.id;
    if (!text || !isTyping || sessionId === null) return;
    set((s) => ({ drafts: takeDraft(s.drafts, sessionId, text) }));
    const result = await api()[which]({ sessionId, text });
    if (result.ok) {
      if (get().currentSession.id === sessionId) set({ queue: result.value });
      return;
    }
    set((s) => ({ drafts: restoreDraft(s.drafts, sessionId, text) }));
    ipcError(sessionId, result.error, text);
  };

  const applySettings = (settings: SettingsView) =>
    set({ settings, locale: resolveLocale(settings.language), theme: settings.theme });

  const loadSettings = async () => {
    const result = await api().getSettings();
    if (result.ok) applySettings(result.value);
    else ipcError(sessionKey(get().currentSession), result.error);
  };

  /** Runs a create / open / rename / delete with the sidebar and composer locked. */
  const locked = async <T>(work: () => Promise<T>): Promise<T> => {
    set({ isSessionLoading: true });
    try {
      return await work();
    } finally {
      set({ isSessionLoading: false });
    }
  };

  return {
    ...initialData(),
    ...createSearchActions(set, get),
    ...createShortcutsActions(set),

    async init() {
      unsubscribe?.();
      loading = null;
      regenerateRuns.clear();
      set(initialData());
      unsubscribe = api().onSessionEvent(handleEnvelope);
      const [, list] = await Promise.all([loadSettings(), api().listSessions()]);
      if (list.ok) set({ sessions: sortSummaries(list.value) });
      else ipcError(DRAFT_KEY, list.error);
    },

    newChat() {
      const { isSessionLoading, currentSession } = get();
      if (isSessionLoading) return;
      if (currentSession.id === null) {
        set({ drawerOpen: false });
        return;
      }
      set({ currentSession: draftSession(), isTyping: false, queue: EMPTY_QUEUE, drawerOpen: false });
    },

    async openSession(id) {
      const { isSessionLoading, currentSession } = get();
      if (isSessionLoading) return;
      if (currentSession.id === id) {
        set({ drawerOpen: false });
        return;
      }
      await locked(async () => {
        const pending: { id: string; buffer: SessionEventEnvelope[] } = { id, buffer: [] };
        loading = pending;
        const result = await api().getSession({ sessionId: id });
        if (loading === pending) loading = null;
        const buffered = pending.buffer;
        if (!result.ok) {
          ipcError(sessionKey(get().currentSession), result.error);
          return;
        }
        const detail = result.value;
        const open = sessionFromDetail(detail);
        // Without a run in the snapshot, the buffered events belong to runs it already contains.
        const lastSeq = detail.activeRun ? open.lastSeq : buffered.reduce((max, e) => Math.max(max, e.seq), open.lastSeq);
        set((s) => ({
          currentSession: { ...open, lastSeq },
          // Text sent just before the app quit, never answered: back in the composer.
          ...(detail.draft && { drafts: restoreDraft(s.drafts, id, detail.draft) }),
          isTyping: open.run !== null,
          queue: detail.activeRun ? detail.activeRun.queue : EMPTY_QUEUE,
          sessions: setStreaming(s.sessions, id, open.run !== null),
          drawerOpen: false,
        }));
        for (const envelope of buffered) {
          const s = get();
          if (envelope.seq > s.currentSession.lastSeq) set(openEffect(s, envelope));
        }
      });
    },

    async renameSession(id, raw) {
      const name = raw.trim();
      if (!name || get().isSessionLoading) return false;
      return locked(async () => {
        const result = await api().renameSession({ sessionId: id, name });
        if (!result.ok) {
          ipcError(sessionKey(get().currentSession), result.error);
          return false;
        }
        set((s) => ({
          sessions: upsertSummary(s.sessions, { ...result.value, isStreaming: s.sessions.find((x) => x.id === id)?.isStreaming ?? result.value.isStreaming }),
          currentSession: s.currentSession.id === id ? { ...s.currentSession, name: result.value.name } : s.currentSession,
        }));
        return true;
      });
    },

    async pinSession(id, pinned) {
      const result = await api().pinSession({ sessionId: id, pinned });
      if (!result.ok) {
        ipcError(sessionKey(get().currentSession), result.error);
        return;
      }
      set((s) => ({
        sessions: upsertSummary(s.sessions, { ...result.value, isStreaming: s.sessions.find((x) => x.id === id)?.isStreaming ?? result.value.isStreaming }),
      }));
    },

    async deleteSession(id) {
      if (get().isSessionLoading) return false;
      return locked(async () => {
        const result = await api().deleteSession({ sessionId: id });
        if (!result.ok) {
          ipcError(sessionKey(get().currentSession), result.error);
          return false;
        }
        set((s) => {
          const wasOpen = s.currentSession.id === id;
          return {
            sessions: removeSummary(s.sessions, id),
            drafts: without(s.drafts, id),
            errors: without(s.errors, id),
            ...(wasOpen ? { currentSession: draftSession(), isTyping: false, queue: EMPTY_QUEUE } : {}),
          };
        });
        return true;
      });
    },

    async send(raw) {
      const text = raw.trim();
      const { isSessionLoading, isTyping, currentSession } = get();
      if (!text || isSessionLoading || isTyping) return;
      const key = sessionKey(currentSession);
      set((s) => ({ drafts: takeDraft(s.drafts, key, text), errors: without(s.errors, key) }));
      if (currentSession.id === null) {
        const created = await locked(() => api().createSession({}));
        if (!created.ok) {
          set((s) => ({ drafts: restoreDraft(s.drafts, DRAFT_KEY, text) }));
          ipcError(DRAFT_KEY, created.error, text, 'send');
          return;
        }
        const detail = created.value;
        set((s) => ({
          sessions: upsertSummary(s.sessions, { ...detail, isStreaming: false }),
          currentSession: sessionFromDetail(detail),
          // Whatever else was typed in the new chat stays with the session it became.
          drafts: DRAFT_KEY in s.drafts ? { ...without(s.drafts, DRAFT_KEY), [detail.id]: s.drafts[DRAFT_KEY] ?? '' } : s.drafts,
        }));
      }
      await startRun('send', text);
    },

    async stop() {
      const { currentSession, isTyping } = get();
      const sessionId = currentSession.id;
      if (!isTyping || sessionId === null) return;
      const result = await api().abort({ sessionId });
      if (!result.ok) ipcError(sessionId, result.error);
    },

    steer: (text) => enqueue('steer', text),
    followUp: (text) => enqueue('followUp', text),

    async clearQueue() {
      const sessionId = get().currentSession.id;
      if (sessionId === null) return;
      const result = await api().clearQueue({ sessionId, which: 'all' });
      if (!result.ok) ipcError(sessionId, result.error);
      else if (get().currentSession.id === sessionId) set({ queue: result.value });
    },

    async regenerate() {
      const { currentSession, isTyping, isSessionLoading } = get();
      if (isTyping || isSessionLoading || currentSession.id === null || lastUserIndex(currentSession.committed) < 0) return;
      set((s) => ({ errors: without(s.errors, sessionKey(currentSession)) }));
      await startRun('regenerate', '');
    },

    async retry() {
      const key = sessionKey(get().currentSession);
      const error = get().errors[key];
      if (!error?.retry) return;
      if (error.retry === 'regenerate') return get().regenerate();
      return get().send(error.unsentText);
    },

    dismissError() {
      set((s) => ({ errors: without(s.errors, sessionKey(s.currentSession)) }));
    },

    async updateSettings(patch) {
      const result = await api().updateSettings(patch);
      if (result.ok) applySettings(result.value);
      return result;
    },

    listModels: (probe) => api().listModels(probe),
    testConnection: (probe) => api().testConnection(probe),

    async openLink(url) {
      const result = await api().openExternal({ url });
      const key = sessionKey(get().currentSession);
      if (!result.ok) ipcError(key, result.error);
      else if (!result.value.opened) showError(key, { code: 'link_refused', message: url, unsentText: '', retry: null });
    },

    async copyLastAnswer() {
      const { messages } = get().currentSession;
      const answer = [...messages].reverse().find((m) => m.role === 'assistant' && messageText(m).trim());
      if (!answer) return;
      try {
        await navigator.clipboard.writeText(messageText(answer));
        set({ notice: 'copied' });
      } catch (error) {
        showError(sessionKey(get().currentSession), {
          code: 'copy_failed',
          message: error instanceof Error ? error.message : String(error),
          unsentText: '',
          retry: null,
        });
      }
    },

    setDraft(key, text) {
      set((s) => (text ? { drafts: { ...s.drafts, [key]: text } } : { drafts: without(s.drafts, key) }));
    },

    setFilter: (filter) => set({ filter }),

    toggleSidebar(narrow) {
      set((s) => (narrow ? { drawerOpen: !s.drawerOpen } : { sidebarCollapsed: !s.sidebarCollapsed }));
    },

    closeDrawer: () => set({ drawerOpen: false }),
    setSettingsOpen(settingsOpen) {
      set({ settingsOpen });
      // The first load may have failed; the dialog would otherwise wait forever.
      if (settingsOpen && !get().settings) void loadSettings();
    },
    clearNotice: () => set({ notice: null }),
  };
});

/** Key of the open session for per-session UI state. */
export const selectCurrentKey = (s: AppState): string => sessionKey(s.currentSession);

/** The open session's banner, if any. */
export const selectCurrentError = (s: AppState): BannerError | undefined => s.errors[sessionKey(s.currentSession)];
