// Event intake: every event main sends, for any session, lands here and becomes one store update — the sidebar
// row, the open session's view (through openSession.ts's pure reducer), its queue and typing state, the composer a
// failed run's text goes back to, the banners, the tool calls. The bookkeeping that outlives one event (a session
// being fetched, the kind of runs started here, the settings a new chat was created with) is store state too.
import { compareEffect, isCompareEvent, reloadAfterCompare } from './compareSlice';
import type { StateCreator } from 'zustand';
import type { AttachmentPart } from '../../../shared/attachments';
import type { SessionEventEnvelope } from '../../../shared/events';
import type { SessionSummary } from '../../../shared/sessions';
import { restoreAttachments } from './attachmentsSlice';
import { recheckStorage } from './bannersSlice';
import { restoreComposerText } from './composerSlice';
import { discardedChatEffect } from './discardedChat';
import { applyEvent } from './openSession';
import { without } from './records';
import { documentProgressEffect } from './attachmentsSlice';
import { EMPTY_QUEUE } from './runsSlice';
import { mergeListed, upsertSummary } from './sessionList';
import { menuCommandEffect } from './shortcutsSlice';
import type { AppState, BannerCode, BannerError, RunOrigin, SessionEventsSlice } from './state';
import { toolsEffect } from './toolsSlice';
import { syncStatusEffect } from './syncSlice';
import { importProgressEffect } from './transferSlice';
import { chooseNewChatKnowledge } from '../knowledge/newChatKnowledge';

export function sessionEventsInitial(): Pick<SessionEventsSlice, 'sessionFetch' | 'runOrigins' | 'newChatOrigins' | 'stopListening'> {
  return { sessionFetch: null, runOrigins: {}, newChatOrigins: {}, stopListening: null };
}

/** Sidebar effects of an event, for any session. */
function sidebarEffect(sessions: SessionSummary[], { event }: SessionEventEnvelope): SessionSummary[] {
  // Main's summary says how the session looks now: streaming or not, and named from its first message.
  if (event.type === 'run_start' || event.type === 'saved' || event.type === 'run_end' || event.type === 'titled')
    return upsertSummary(sessions, event.summary);
  if (event.type === 'sessions_listed') return mergeListed(sessions, event.summaries, event.removed);
  return sessions;
}

/** Effects of an event on the open session's view, queue, composer and banner. Caller checks the seq. */
export function openSessionEffect(s: AppState, { sessionId, runId, seq, event }: SessionEventEnvelope): Partial<AppState> {
  const open = s.currentSession;
  const patch: Partial<AppState> = { currentSession: applyEvent(open, runId, seq, event) };
  if (event.type === 'run_start') patch.isTyping = true;
  if (event.type === 'queue') patch.queue = event.queue;
  if (event.type === 'error') Object.assign(patch, failedRun(s, sessionId, runId, event, open.run ?? undefined));
  if (event.type === 'run_end') {
    patch.isTyping = false;
    patch.queue = EMPTY_QUEUE;
    // A run that ends uncommitted without an error event still must not lose the user's text (one kept on screen
    // broken off offers it there).
    if (!event.committed && open.run && !open.run.failed && open.run.kind !== 'regenerate')
      patch.composerText = restoreComposerText(s.composerText, sessionId, open.run.userText);
  }
  return patch;
}

/** Banner and composer of a run that committed nothing: the user's text goes back into that session's composer. */
function failedRun(
  s: AppState,
  key: string,
  runId: string,
  event: { code: BannerCode; message: string; unsentText: string; unsentAttachments?: AttachmentPart[]; kept?: true },
  run?: RunOrigin,
): Partial<AppState> {
  const started = run ?? s.runOrigins[runId];
  const kind = started?.kind ?? 'send';
  const error: BannerError = {
    code: event.code,
    message: event.message,
    unsentText: event.unsentText,
    retry: kind === 'regenerate' || event.unsentText.trim() ? kind : null,
    ...(started?.target !== undefined && { messageId: started.target }),
    ...(started?.once && { once: started.once }),
  };
  // Broken off after showing text: the chat shows it with Retry, and the text and files wait there, not in the composer.
  if (event.kept)
    return {
      errors: { ...s.errors, [key]: { ...error, inline: true, ...(event.unsentAttachments && { attachments: event.unsentAttachments }) } },
    };
  return {
    errors: { ...s.errors, [key]: error },
    // For a regenerate this is only input queued during it: still the person's words, so it goes back too.
    composerText: restoreComposerText(s.composerText, key, event.unsentText),
    ...restoreAttachments(s, key, event.unsentAttachments),
  };
}

export const createSessionEventsSlice: StateCreator<AppState, [], [], SessionEventsSlice> = (set, get, store) => ({
  ...sessionEventsInitial(),

  listen() {
    get().stopListening?.();
    const stopEvents = window.api.onSessionEvent((envelope) => get().receiveEvent(envelope));
    const stopMenu = window.api.onMenuCommand((command) => set(menuCommandEffect(command)));
    set({
      stopListening: () => {
        stopEvents();
        stopMenu();
      },
    });
  },

  receiveEvent(envelope) {
    const s = get();
    const { sessionId, runId, seq, event } = envelope;
    // A compare's events and its columns' feed the compare view (compareSlice.ts), never the open session's run.
    if (isCompareEvent(s, envelope)) {
      set(compareEffect(s, envelope));
      reloadAfterCompare(store, envelope);
      return;
    }
    const patch: Partial<AppState> = {};
    const sessions = sidebarEffect(s.sessions, envelope);
    if (sessions !== s.sessions) patch.sessions = sessions;
    if (event.type === 'sessions_listed') patch.findingSessions = event.finding;
    Object.assign(patch, toolsEffect(s, envelope));
    Object.assign(patch, importProgressEffect(s, envelope));
    Object.assign(patch, syncStatusEffect(s, envelope));
    Object.assign(patch, documentProgressEffect(s, envelope));
    // A session being fetched replays these after its snapshot; its failures are kept now, like any background one.
    if (s.sessionFetch?.id === sessionId) patch.sessionFetch = { ...s.sessionFetch, buffer: [...s.sessionFetch.buffer, envelope] };
    if (s.currentSession.id === sessionId) {
      if (seq > s.currentSession.lastSeq) Object.assign(patch, openSessionEffect(s, envelope));
    } else if (event.type === 'error') {
      Object.assign(patch, failedRun(s, sessionId, runId, event));
    }
    // A stopped run hands back what was still queued; open or in the background, it returns to that composer.
    if (event.type === 'saved' && event.unsentText)
      patch.composerText = restoreComposerText(patch.composerText ?? s.composerText, sessionId, event.unsentText);
    if (event.type === 'run_end' && runId in s.runOrigins) patch.runOrigins = without(s.runOrigins, runId);
    if (event.type === 'error') recheckStorage(store, event.code);
    // The run goes on to be saved; the banner says why it ended early.
    if (event.type === 'notice')
      patch.errors = {
        ...(patch.errors ?? s.errors),
        [sessionId]: { code: event.code, message: event.message, unsentText: '', retry: null },
      };
    if (event.type === 'run_end') {
      if (event.discarded) {
        // The new chat comes back as it was chosen, its knowledge bases in the picker's own store.
        const { knowledgeBases, ...origin } = s.newChatOrigins[sessionId] ?? {};
        Object.assign(patch, discardedChatEffect({ ...s, ...patch }, sessionId, origin));
        if (knowledgeBases?.length && s.currentSession.id === sessionId) chooseNewChatKnowledge(knowledgeBases);
      }
      if (sessionId in s.newChatOrigins) patch.newChatOrigins = without(s.newChatOrigins, sessionId);
    }
    // Most background events change nothing shown; skip notifying every subscriber for them.
    if (Object.keys(patch).length) set(patch);
    // A pass that took folder changes from another computer: the folder list is main's again.
    if (event.type === 'sync_status' && event.status.state !== 'syncing' && event.status.lastPass?.receivedFolders && s.folders !== null)
      void get().loadFolders();
  },
});
