// Run actions on the open session: send (creating the new chat in main first), stop, steer and follow up while it
// runs, regenerate, and retry what failed. Each run is shown at once (optimistically) and undone if main refuses it;
// the text the person wrote goes back into the composer whenever nothing was committed.
import type { StateCreator, StoreApi } from 'zustand';
import { askedOnce } from '../../../shared/builtin-tools';
import type { QueueState } from '../../../shared/sessions';
import { restoreAttachments, takeAttachments } from './attachmentsSlice';
import { showBanner, showIpcError } from './bannersSlice';
import { selectChatProvider } from './chatProvider';
import { translate } from '../i18n';
import { restoreComposerText, takeComposerText } from './composerSlice';
import { NEW_CHAT_KEY, dropRun, lastUserIndex, sessionFromDetail, sessionKey, startLocalRun, type RunRequest } from './openSession';
import { without } from './records';
import { setStreaming, upsertSummary } from './sessionList';
import { locked } from './sessionLock';
import type { AppState, BannerError, RunsSlice } from './state';
import { selectSendNeedsSetup } from './welcomeSlice';
import { chooseNewChatKnowledge, takeNewChatKnowledge } from '../knowledge/newChatKnowledge';

export const EMPTY_QUEUE: QueueState = { steering: [], followUp: [] };

/** The banner a send shows instead of running when the open chat's provider is gone or switched off. */
function providerRefusal(s: AppState): BannerError | undefined {
  const chat = selectChatProvider(s);
  if (chat?.state !== 'gone' && chat?.state !== 'off') return undefined;
  const message =
    chat.state === 'gone'
      ? translate(s.locale, 'picker.gone.detail', { model: chat.model.model })
      : translate(s.locale, 'picker.off.detail', { provider: chat.provider.name });
  return { code: 'provider_unavailable', message, unsentText: '', retry: null };
}

export function runsInitial(): Pick<RunsSlice, 'isTyping' | 'queue' | 'sends'> {
  return { isTyping: false, queue: EMPTY_QUEUE, sends: 0 };
}

type Store = Pick<StoreApi<AppState>, 'setState' | 'getState'>;

/** Starts a run in the open (stored) session and asks main to run it; undoes the optimistic view on failure. */
export async function startRun(store: Store, request: RunRequest): Promise<void> {
  const { setState: set, getState: get } = store;
  const sessionId = get().currentSession.id;
  if (sessionId === null) return;
  const { kind } = request;
  set((s) => ({
    currentSession: startLocalRun(s.currentSession, request),
    // In the same render as the new question, so the view goes to it at once.
    sends: s.sends + 1,
    isTyping: true,
    sessions: setStreaming(s.sessions, sessionId, true),
  }));
  const attachments = kind === 'send' ? [...(request.attachments ?? [])] : [];
  const once = kind === 'send' ? askedOnce(request.once) : undefined;
  const hashes = attachments.map((part) => part.sha256);
  const result =
    kind === 'send'
      ? await window.api.send({
          sessionId,
          text: request.text,
          ...(hashes.length && { attachments: hashes }),
          ...once,
        })
      : kind === 'edit'
        ? await window.api.editMessage({ sessionId, messageId: request.messageId, text: request.text })
        : await window.api.regenerate({ sessionId, ...(request.messageId !== undefined && { messageId: request.messageId }) });
  const text = kind === 'regenerate' ? '' : request.text;
  const target = kind === 'send' || request.messageId === undefined ? {} : { messageId: request.messageId };
  const open = get().currentSession;
  if (result.ok) {
    // Events may have arrived before this answer; the run's kind must outlive a switch to another session.
    if ((kind !== 'send' || once) && (open.id !== sessionId || open.run))
      set((s) => ({ runOrigins: { ...s.runOrigins, [result.value.runId]: { kind, target: target.messageId, ...(once && { once }) } } }));
    if (open.id === sessionId && open.run && open.run.runId === null) {
      set({ currentSession: { ...open, run: { ...open.run, runId: result.value.runId } } });
    }
    return;
  }
  set((s) => ({
    ...(s.currentSession.id === sessionId ? { currentSession: dropRun(s.currentSession), isTyping: false } : {}),
    sessions: setStreaming(s.sessions, sessionId, false),
    composerText: restoreComposerText(s.composerText, sessionId, text),
    ...restoreAttachments(s, sessionId, attachments),
    errors: {
      ...s.errors,
      [sessionId]: {
        ...result.error,
        unsentText: text,
        retry: kind,
        ...target,
        ...(once && { once }),
      },
    },
  }));
}

export const createRunsSlice: StateCreator<AppState, [], [], RunsSlice> = (set, get, store) => {
  /** Steering and follow-up share everything but the channel. */
  const enqueue = async (which: 'steer' | 'followUp', raw: string): Promise<void> => {
    const text = raw.trim();
    const { currentSession, isTyping } = get();
    const sessionId = currentSession.id;
    if (!text || !isTyping || sessionId === null) return;
    // The person is sent to the answer they are steering, where the queued text will appear.
    set((s) => ({ composerText: takeComposerText(s.composerText, sessionId, text), sends: s.sends + 1 }));
    const result = await window.api[which]({ sessionId, text });
    if (result.ok) {
      if (get().currentSession.id === sessionId) set({ queue: result.value });
      return;
    }
    set((s) => ({ composerText: restoreComposerText(s.composerText, sessionId, text) }));
    showIpcError(store, sessionId, result.error, text);
  };

  return {
    ...runsInitial(),

    async send(raw, once) {
      const text = raw.trim();
      const { isSessionLoading, isTyping, currentSession } = get();
      const key = sessionKey(currentSession);
      const { parts, patch } = takeAttachments(get(), key);
      if ((!text && !parts.length) || isSessionLoading || isTyping) return;
      // No provider can answer this chat: the welcome panel instead of a request bound to fail; text and files stay.
      if (selectSendNeedsSetup(get())) return get().openWelcome();
      // The chat's own provider is gone or off: never another in its place. Nothing is taken from the composer.
      const refusal = providerRefusal(get());
      if (refusal) return showBanner(store, key, refusal);
      set((s) => ({ ...patch, composerText: takeComposerText(s.composerText, key, text), errors: without(s.errors, key) }));
      if (currentSession.id === null) {
        // The knowledge bases chosen before the chat existed are its own from its first question.
        const knowledgeBases = takeNewChatKnowledge();
        const chat = { ...get().newChatSettings, ...(knowledgeBases.length && { knowledgeBases }) };
        const created = await locked(store, () => window.api.createSession(chat));
        if (!created.ok) {
          chooseNewChatKnowledge(knowledgeBases);
          set((s) => ({
            composerText: restoreComposerText(s.composerText, NEW_CHAT_KEY, text),
            ...restoreAttachments(s, NEW_CHAT_KEY, parts),
          }));
          showIpcError(store, NEW_CHAT_KEY, created.error, text, 'send');
          return;
        }
        const detail = created.value;
        set((s) => ({
          newChatOrigins: { ...s.newChatOrigins, [detail.id]: chat },
          sessions: upsertSummary(s.sessions, { ...detail, isStreaming: false }),
          currentSession: sessionFromDetail(detail),
          newChatSettings: {},
          // Whatever else was typed in the new chat stays with the session it became.
          composerText:
            NEW_CHAT_KEY in s.composerText
              ? { ...without(s.composerText, NEW_CHAT_KEY), [detail.id]: s.composerText[NEW_CHAT_KEY] ?? '' }
              : s.composerText,
        }));
      }
      await startRun(store, { kind: 'send', text, attachments: parts, ...(once && { once }) });
    },

    async stop() {
      const { currentSession, isTyping } = get();
      const sessionId = currentSession.id;
      if (!isTyping || sessionId === null) return;
      const result = await window.api.abort({ sessionId });
      if (!result.ok) showIpcError(store, sessionId, result.error);
    },

    steer: (text) => enqueue('steer', text),
    followUp: (text) => enqueue('followUp', text),

    async clearQueue() {
      const sessionId = get().currentSession.id;
      if (sessionId === null) return;
      const result = await window.api.clearQueue({ sessionId, which: 'all' });
      if (!result.ok) showIpcError(store, sessionId, result.error);
      else if (get().currentSession.id === sessionId) set({ queue: result.value });
    },

    async removeQueued(which, index, edit = false) {
      const sessionId = get().currentSession.id;
      const text = get().queue[which][index];
      if (sessionId === null || text === undefined) return;
      const result = await window.api.removeQueued({ sessionId, which, index, text });
      if (!result.ok) return showIpcError(store, sessionId, result.error);
      set((s) => ({
        ...(s.currentSession.id === sessionId && { queue: result.value.queue }),
        ...(edit && result.value.removed && { composerText: restoreComposerText(s.composerText, sessionId, text) }),
      }));
    },

    async regenerate(messageId) {
      const { currentSession, isTyping, isSessionLoading } = get();
      if (isTyping || isSessionLoading || currentSession.id === null || lastUserIndex(currentSession.committed) < 0) return;
      set((s) => ({ errors: without(s.errors, sessionKey(currentSession)) }));
      await startRun(store, messageId === undefined ? { kind: 'regenerate' } : { kind: 'regenerate', messageId });
    },

    async retry() {
      const key = sessionKey(get().currentSession);
      const error = get().errors[key];
      if (!error?.retry || get().isTyping) return;
      if (error.retry === 'regenerate') return get().regenerate(error.messageId);
      if (error.retry === 'edit' && error.messageId !== undefined) return get().editMessage(error.messageId, error.unsentText);
      // The files of a question broken off on screen wait with it, not in the composer: they go with the retry.
      if (error.attachments?.length) set((s) => restoreAttachments(s, key, error.attachments));
      return get().send(error.unsentText, error.once);
    },
  };
};
