// The renderer's single store. Only its actions call `window.api`; components read slices with selectors.
import { create } from 'zustand';
import type { IpcErrorCode, IpcResult } from '../../../shared/errors';
import type { SessionEventEnvelope } from '../../../shared/events';
import type { ProviderProbe } from '../../../shared/ipc';
import { messageText, type ProviderErrorCode } from '../../../shared/messages';
import type { ChatSettingsPatch, QueueState, SessionSummary } from '../../../shared/sessions';
import type { ConnectionTestResult, LanguageSetting, Locale, SettingsPatch, SettingsView, ThemeSetting } from '../../../shared/settings';
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
  type LiveRun,
  type OpenSession,
  type RunRequest,
} from './openSession';
import { createBranchActions, type BranchActions } from './branchesSlice';
import { createPagingActions, type PagingActions } from './pagingSlice';
import { createSearchActions, searchInitial, type SearchActions, type SearchData } from './searchSlice';
import { createShortcutsActions, menuCommandEffect, shortcutsInitial, type ShortcutsActions, type ShortcutsData } from './shortcutsSlice';
import { createAppStatusSlice, type AppStatusSlice } from './appStatusSlice';
import { mergeListed, removeSummary, setStreaming, upsertSummary } from './sessionList';
import { afterNextPaint, FIRST_LIST_ROWS, takeRestOfList, withListed } from './startList';
import { createConversationSettingsSlice, initialConversationSettings, type ConversationSettingsSlice } from './conversationSettingsSlice';
import {
  createAttachmentsSlice,
  initialAttachmentsData,
  restoreAttachments,
  takeAttachments,
  type AttachmentsSlice,
} from './attachmentsSlice';
import type { AttachmentPart } from '../../../shared/attachments';
import { discardedChatEffect } from './discardedChat';
import { createUiStateSlice, type UiStateActions } from './uiStateSlice';
import { createToolsActions, initialToolsData, toolsEffect, toolsFromDetail, type ToolsData, type ToolsSlice } from './toolsSlice';
import { createTransferSlice, type Notice, type TransferSlice } from './transferSlice';
import { createWelcomeActions, initialWelcome, selectSendNeedsSetup, selectWelcomeShown, type WelcomeSlice } from './welcomeSlice';

/** Codes the banner knows how to word: the provider's, IPC's, and the shell's own. */
export type BannerCode = ProviderErrorCode | IpcErrorCode | 'link_refused' | 'copy_failed' | 'request_limit';

/** What went wrong in one session; the text the user wrote is kept for retry. */
export interface BannerError {
  code: BannerCode;
  /** Main's raw message, shown as detail. */
  message: string;
  unsentText: string;
  /** What the retry button does, or null when there is nothing to retry. */
  retry: RunRequest['kind'] | null;
  /** The stored message a retried regenerate or edit names. */
  messageId?: string;
}

export const EMPTY_QUEUE: QueueState = { steering: [], followUp: [] };

/** Everything the UI renders from. */
export interface AppData extends SearchData, ShortcutsData, ToolsData {
  /** Sidebar summaries, newest activity first. */
  sessions: SessionSummary[];
  /** Main is rebuilding its missing index: more sessions will be listed (the sidebar says so instead of "no chats"). */
  findingSessions: boolean;
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
  /** A short confirmation for the status line (e.g. "answer copied", "chat exported"). */
  notice: Notice | null;
}

/** What components may ask for. */
export interface AppActions extends SearchActions, ShortcutsActions {
  /** Loads settings and the session list and subscribes to session events; also resets the store. */
  init(): Promise<void>;
  /** Shows the draft new chat; nothing is created until the first send. */
  newChat(): void;
  /** Opens a chat at its newest messages; `aroundMessageId` also loads the page around that message (already open too).
   *  A chat picked closes the narrow drawer; one reopened at start (`restoring`) leaves the drawer as the person set it. */
  openSession(id: string, options?: { aroundMessageId?: string; restoring?: boolean }): Promise<void>;
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
  /** Answers again the question behind `messageId` (an answer shown; default the last one). */
  regenerate(messageId?: string): Promise<void>;
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

export type AppState = AppData &
  AppActions &
  AppStatusSlice &
  ConversationSettingsSlice &
  BranchActions &
  PagingActions &
  AttachmentsSlice &
  ToolsSlice &
  TransferSlice &
  WelcomeSlice &
  UiStateActions;

function initialData(): AppData & ReturnType<typeof initialConversationSettings> & ReturnType<typeof initialWelcome> {
  return {
    ...initialConversationSettings(),
    ...initialWelcome(),
    ...initialToolsData(),
    sessions: [],
    findingSessions: false,
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

export const useAppState = create<AppState>()((set, get, store) => {
  let unsubscribe: (() => void) | null = null;
  let unsubscribeMenu: (() => void) | null = null;
  /** While a session is fetched, its events wait here and are replayed after the snapshot. */
  let loading: { id: string; buffer: SessionEventEnvelope[] } | null = null;
  /** Runs started by regenerate or edit, so a failure offers the same again even after switching sessions. */
  const runRequests = new Map<string, Pick<LiveRun, 'kind' | 'target'>>();
  /** Chat settings each new chat was created with, until its first run ends: a discarded one gives them back. */
  const createdFromDraft = new Map<string, ChatSettingsPatch>();

  const api = () => window.api;

  // A storage failure may mean the disk filled up or turned read-only: the app-wide banner asks main again.
  const recheckStorage = (code: BannerCode) => {
    if (code === 'storage') void get().loadAppStatus();
  };

  const showError = (key: string, error: BannerError) => {
    set((s) => ({ errors: { ...s.errors, [key]: error } }));
    recheckStorage(error.code);
  };

  const ipcError = (key: string, error: { code: IpcErrorCode; message: string }, unsentText = '', retry: BannerError['retry'] = null) =>
    showError(key, { code: error.code, message: error.message, unsentText, retry });

  /** Sidebar effects of an event, for any session. */
  const sidebarEffect = (sessions: SessionSummary[], { event }: SessionEventEnvelope): SessionSummary[] => {
    // Main's summary says how the session looks now: streaming or not, and named from its first message.
    if (event.type === 'run_start' || event.type === 'saved' || event.type === 'run_end' || event.type === 'titled')
      return upsertSummary(sessions, event.summary);
    if (event.type === 'sessions_listed') return mergeListed(sessions, event.summaries, event.removed);
    return sessions;
  };

  /** Effects of an event on the open session's view, queue, composer and banner. Caller checks the seq. */
  const openEffect = (s: AppState, { sessionId, runId, seq, event }: SessionEventEnvelope): Partial<AppData> => {
    const open = s.currentSession;
    const patch: Partial<AppData> = { currentSession: applyEvent(open, runId, seq, event) };
    if (event.type === 'run_start') patch.isTyping = true;
    if (event.type === 'queue') patch.queue = event.queue;
    if (event.type === 'error') Object.assign(patch, failedRun(s, sessionId, runId, event, open.run ?? undefined));
    if (event.type === 'run_end') {
      patch.isTyping = false;
      patch.queue = EMPTY_QUEUE;
      // A run that ends uncommitted without an error event still must not lose the user's text.
      if (!event.committed && open.run && open.run.kind !== 'regenerate')
        patch.drafts = restoreDraft(s.drafts, sessionId, open.run.userText);
    }
    return patch;
  };

  /** Banner and composer of a run that committed nothing: the user's text goes back into that session's composer. */
  const failedRun = (
    s: AppState,
    key: string,
    runId: string,
    event: { code: BannerCode; message: string; unsentText: string; unsentAttachments?: AttachmentPart[] },
    run?: Pick<LiveRun, 'kind' | 'target'>,
  ): Partial<AppData> => {
    const started = run ?? runRequests.get(runId);
    const kind = started?.kind ?? 'send';
    const error: BannerError = {
      code: event.code,
      message: event.message,
      unsentText: event.unsentText,
      retry: kind === 'regenerate' || event.unsentText.trim() ? kind : null,
      ...(started?.target !== undefined && { messageId: started.target }),
    };
    return {
      errors: { ...s.errors, [key]: error },
      // For a regenerate this is only input queued during it: still the person's words, so it goes back too.
      drafts: restoreDraft(s.drafts, key, event.unsentText),
      ...restoreAttachments(s, key, event.unsentAttachments),
    };
  };

  const handleEnvelope = (envelope: SessionEventEnvelope): void => {
    const s = get();
    const { sessionId, runId, seq, event } = envelope;
    const patch: Partial<AppData> = {};
    const sessions = sidebarEffect(s.sessions, envelope);
    if (sessions !== s.sessions) patch.sessions = sessions;
    if (event.type === 'sessions_listed') patch.findingSessions = event.finding;
    Object.assign(patch, toolsEffect(s, envelope));
    // A session being fetched replays these after its snapshot; its failures are kept now, like any background one.
    if (loading?.id === sessionId) loading.buffer.push(envelope);
    if (s.currentSession.id === sessionId) {
      if (seq > s.currentSession.lastSeq) Object.assign(patch, openEffect(s, envelope));
    } else if (event.type === 'error') {
      Object.assign(patch, failedRun(s, sessionId, runId, event));
    }
    // A stopped run hands back what was still queued; open or in the background, it returns to that composer.
    if (event.type === 'saved' && event.unsentText) patch.drafts = restoreDraft(patch.drafts ?? s.drafts, sessionId, event.unsentText);
    if (event.type === 'run_end') runRequests.delete(runId);
    if (event.type === 'error') recheckStorage(event.code);
    // The run goes on to be saved; the banner says why it ended early.
    if (event.type === 'notice')
      patch.errors = {
        ...(patch.errors ?? s.errors),
        [sessionId]: { code: event.code, message: event.message, unsentText: '', retry: null },
      };
    if (event.type === 'run_end') {
      if (event.discarded) Object.assign(patch, discardedChatEffect({ ...s, ...patch }, sessionId, createdFromDraft.get(sessionId) ?? {}));
      createdFromDraft.delete(sessionId);
    }
    // Most background events change nothing shown; skip notifying every subscriber for them.
    if (Object.keys(patch).length) set(patch);
  };

  /** Starts a run in the open (stored) session and asks main to run it; undoes the optimistic view on failure. */
  const startRun = async (request: RunRequest): Promise<void> => {
    const sessionId = get().currentSession.id;
    if (sessionId === null) return;
    const { kind } = request;
    set((s) => ({
      currentSession: startLocalRun(s.currentSession, request),
      isTyping: true,
      sessions: setStreaming(s.sessions, sessionId, true),
    }));
    const attachments = kind === 'send' ? [...(request.attachments ?? [])] : [];
    const hashes = attachments.map((part) => part.sha256);
    const result =
      kind === 'send'
        ? await api().send({ sessionId, text: request.text, ...(hashes.length && { attachments: hashes }) })
        : kind === 'edit'
          ? await api().editMessage({ sessionId, messageId: request.messageId, text: request.text })
          : await api().regenerate({ sessionId, ...(request.messageId !== undefined && { messageId: request.messageId }) });
    const text = kind === 'regenerate' ? '' : request.text;
    const target = kind === 'send' || request.messageId === undefined ? {} : { messageId: request.messageId };
    const open = get().currentSession;
    if (result.ok) {
      // Events may have arrived before this answer; the run's kind must outlive a switch to another session.
      if (kind !== 'send' && (open.id !== sessionId || open.run)) runRequests.set(result.value.runId, { kind, target: target.messageId });
      if (open.id === sessionId && open.run && open.run.runId === null) {
        set({ currentSession: { ...open, run: { ...open.run, runId: result.value.runId } } });
      }
      return;
    }
    set((s) => ({
      ...(s.currentSession.id === sessionId ? { currentSession: dropRun(s.currentSession), isTyping: false } : {}),
      sessions: setStreaming(s.sessions, sessionId, false),
      drafts: restoreDraft(s.drafts, sessionId, text),
      ...restoreAttachments(s, sessionId, attachments),
      errors: { ...s.errors, [sessionId]: { ...result.error, unsentText: text, retry: kind, ...target } },
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

  const applySettings = (settings: SettingsView) => set({ settings, locale: resolveLocale(settings.language), theme: settings.theme });

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
    ...createAppStatusSlice(set, get, store),
    ...createAttachmentsSlice(set, get, store),
    ...initialData(),
    ...createSearchActions(set, get),
    ...createShortcutsActions(set),
    ...createConversationSettingsSlice(set, get),
    ...createToolsActions(set, (sessionId, error) => ipcError(sessionId, error)),
    ...createTransferSlice(set, get),
    ...createWelcomeActions(set, get),
    ...createUiStateSlice(set, get, store),

    async init() {
      unsubscribe?.();
      get().stopWindowSync();
      loading = null;
      runRequests.clear();
      set({ ...initialData(), ...initialAttachmentsData() });
      unsubscribe = api().onSessionEvent(handleEnvelope);
      unsubscribeMenu?.();
      unsubscribeMenu = api().onMenuCommand((command) => set(menuCommandEffect(command)));
      const [, first] = await Promise.all([loadSettings(), api().listFirstSessions({ limit: FIRST_LIST_ROWS }), get().loadAppStatus()]);
      // A rebuild starts only once the window has painted (after this answer), so its last batch always comes later.
      if (first.ok) set((s) => ({ sessions: withListed(s.sessions, first.value.sessions), findingSessions: first.value.finding }));
      else ipcError(DRAFT_KEY, first.error);
      if (!first.ok || first.value.total > first.value.sessions.length) {
        await afterNextPaint();
        const last = first.ok ? first.value.sessions.at(-1) : undefined;
        const failed = await takeRestOfList(api().listFirstSessions, last, (page) =>
          set((s) => ({ sessions: withListed(s.sessions, page) })),
        );
        if (failed) ipcError(DRAFT_KEY, failed);
      }
      await get().restoreWindow();
      await afterNextPaint();
      void api().windowPainted();
    },

    newChat() {
      const { isSessionLoading, currentSession } = get();
      if (isSessionLoading) return;
      if (currentSession.id === null) {
        set({ drawerOpen: false });
        return;
      }
      set({ currentSession: draftSession(), isTyping: false, queue: EMPTY_QUEUE, drawerOpen: false, draftChat: {} });
    },

    async openSession(id, options = {}) {
      const { isSessionLoading, currentSession } = get();
      const picked = options.restoring !== true;
      if (isSessionLoading) return;
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
      await locked(async () => {
        const pending: { id: string; buffer: SessionEventEnvelope[] } = { id, buffer: [] };
        loading = pending;
        const result = await api().getSession({ sessionId: id, ...(around !== undefined && { around }) });
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
          ...toolsFromDetail(s, detail),
          sessions: setStreaming(s.sessions, id, open.run !== null),
          ...(picked && { drawerOpen: false }),
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
          sessions: upsertSummary(s.sessions, {
            ...result.value,
            isStreaming: s.sessions.find((x) => x.id === id)?.isStreaming ?? result.value.isStreaming,
          }),
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
        sessions: upsertSummary(s.sessions, {
          ...result.value,
          isStreaming: s.sessions.find((x) => x.id === id)?.isStreaming ?? result.value.isStreaming,
        }),
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
      const key = sessionKey(currentSession);
      const { parts, patch } = takeAttachments(get(), key);
      if ((!text && !parts.length) || isSessionLoading || isTyping) return;
      // No provider can answer this chat: the welcome panel instead of a request bound to fail; text and files stay.
      if (selectSendNeedsSetup(get())) return get().openWelcome();
      set((s) => ({ ...patch, drafts: takeDraft(s.drafts, key, text), errors: without(s.errors, key) }));
      if (currentSession.id === null) {
        const chat = get().draftChat;
        const created = await locked(() => api().createSession(chat));
        if (!created.ok) {
          set((s) => ({ drafts: restoreDraft(s.drafts, DRAFT_KEY, text), ...restoreAttachments(s, DRAFT_KEY, parts) }));
          ipcError(DRAFT_KEY, created.error, text, 'send');
          return;
        }
        const detail = created.value;
        createdFromDraft.set(detail.id, chat);
        set((s) => ({
          sessions: upsertSummary(s.sessions, { ...detail, isStreaming: false }),
          currentSession: sessionFromDetail(detail),
          draftChat: {},
          // Whatever else was typed in the new chat stays with the session it became.
          drafts: DRAFT_KEY in s.drafts ? { ...without(s.drafts, DRAFT_KEY), [detail.id]: s.drafts[DRAFT_KEY] ?? '' } : s.drafts,
        }));
      }
      await startRun({ kind: 'send', text, attachments: parts });
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

    async regenerate(messageId) {
      const { currentSession, isTyping, isSessionLoading } = get();
      if (isTyping || isSessionLoading || currentSession.id === null || lastUserIndex(currentSession.committed) < 0) return;
      set((s) => ({ errors: without(s.errors, sessionKey(currentSession)) }));
      await startRun(messageId === undefined ? { kind: 'regenerate' } : { kind: 'regenerate', messageId });
    },

    async retry() {
      const key = sessionKey(get().currentSession);
      const error = get().errors[key];
      if (!error?.retry) return;
      if (error.retry === 'regenerate') return get().regenerate(error.messageId);
      if (error.retry === 'edit' && error.messageId !== undefined) return get().editMessage(error.messageId, error.unsentText);
      return get().send(error.unsentText);
    },

    dismissError() {
      // A failed run's text kept on screen goes with its error.
      set((s) => ({
        errors: without(s.errors, sessionKey(s.currentSession)),
        currentSession: s.currentSession.run?.failed ? dropRun(s.currentSession) : s.currentSession,
      }));
    },

    ...createBranchActions(set, get, { startRun, locked, ipcError, takeDraft, without }),
    ...createPagingActions(set, get),

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
      const answer = [...messages].reverse().find((m) => m?.role === 'assistant' && messageText(m).trim());
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
