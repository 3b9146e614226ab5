// Compare and fork in the window: the compare bar's choice of models, the columns of a running compare fed by their
// runs' events (compareEffect, called by the event slice before the open session sees them), the pick (a version
// switch), one column's Stop and regenerate, a merge, and "New chat from here".
import type { StateCreator, StoreApi } from 'zustand';
import type { SessionEventEnvelope } from '../../../shared/events';
import type { SessionDetail } from '../../../shared/sessions';
import { emptyAssistantMessage, type AssistantMessage } from '../../../shared/messages';
import type { ModelRef } from '../../../shared/settings';
import { refKey } from '../components/chat-settings/modelGroups';
import { showIpcError } from './bannersSlice';
import { restoreComposerText, takeComposerText } from './composerSlice';
import { NEW_CHAT_KEY, sessionFromDetail, sessionKey } from './openSession';
import { upsertSummary } from './sessionList';
import type { AppState, CompareSlice } from './state';
import type { CompareColumnView } from './state/compare';

type Store = Pick<StoreApi<AppState>, 'setState' | 'getState'>;

/** True when the envelope is the compare's own or one of its columns' (those never reach the open session's view). */
export function isCompareEvent(s: AppState, { runId, event }: SessionEventEnvelope): boolean {
  if (event.type === 'compare_start' || event.type === 'compare_column' || event.type === 'compare_end') return true;
  return s.compare?.columns.some((column) => column.runId === runId) ?? false;
}

/** One compare event (or column event) applied to the compare view. */
export function compareEffect(s: AppState, { sessionId, runId, event }: SessionEventEnvelope): Partial<AppState> {
  if (event.type === 'compare_start') {
    const columns = event.columns.map((c) => column(c.runId, c.model));
    return { compare: { sessionId, compareId: event.compareId, userText: event.userText, columns, ended: false, tab: 0 } };
  }
  const view = s.compare;
  if (!view || view.sessionId !== sessionId) return {};
  if (event.type === 'compare_column') {
    const columns = view.columns.map((c, i) => (i === event.column ? column(event.runId, c.model) : c));
    return { compare: { ...view, columns, ended: false } };
  }
  if (event.type === 'compare_end') {
    const columns = view.columns.map((c) => {
      const end = event.columns.find((e) => e.runId === c.runId);
      return end ? { ...c, end } : c;
    });
    return { compare: { ...view, columns, ended: true }, sessions: upsertSummary(s.sessions, event.summary) };
  }
  const at = view.columns.findIndex((c) => c.runId === runId);
  const current = view.columns[at];
  if (!current) return {};
  const next = columnEvent(current, event);
  if (next === current) return {};
  return { compare: { ...view, columns: view.columns.map((c, i) => (i === at ? next : c)) } };
}

/**
 * A chat opened with a compare that ended without a pick (main keeps it across a restart): its columns come back to
 * pick from — the stored answers only — unless a compare of another chat is still streaming in the view.
 */
export function compareFromDetail(s: AppState, detail: SessionDetail): Partial<AppState> {
  const pending = detail.pendingCompare;
  if (!pending || s.compare?.sessionId === detail.id || (s.compare && !s.compare.ended)) return {};
  const columns = pending.columns.flatMap(({ message, ...end }): CompareColumnView[] =>
    message && end.messageId ? [{ runId: end.runId, model: end.model, message, state: 'saved', end }] : [],
  );
  if (columns.length === 0) return {};
  return {
    compare: {
      sessionId: detail.id,
      compareId: `pending:${detail.id}`,
      userText: pending.userText,
      columns,
      ended: true,
      tab: 0,
      restored: true,
    },
  };
}

function column(runId: string, model: ModelRef): CompareColumnView {
  const message: AssistantMessage = { ...emptyAssistantMessage(model.model), providerId: model.providerId };
  return { runId, model, message, state: 'streaming' };
}

function columnEvent(c: CompareColumnView, event: SessionEventEnvelope['event']): CompareColumnView {
  const message = c.message;
  switch (event.type) {
    case 'delta': {
      const content = [...message.content];
      if (event.thinking) {
        const last = content.at(-1);
        if (last?.type === 'thinking') content[content.length - 1] = { ...last, thinking: last.thinking + event.thinking };
        else content.push({ type: 'thinking', thinking: event.thinking });
      }
      if (event.text) {
        const last = content.at(-1);
        if (last?.type === 'text') content[content.length - 1] = { ...last, text: last.text + event.text };
        else content.push({ type: 'text', text: event.text });
      }
      return { ...c, message: { ...message, content } };
    }
    case 'assistant_end':
      return {
        ...c,
        message: {
          ...message,
          stopReason: event.stopReason,
          usage: event.usage,
          ...(event.timing && { timing: event.timing }),
        },
      };
    case 'saved':
      return { ...c, state: 'saved' };
    case 'error':
      return { ...c, state: 'failed', error: event.message };
    default:
      return c;
  }
}

/** Reads the open chat again from main (after a compare stored its answers, or a pick). */
async function reload(store: Store, sessionId: string): Promise<void> {
  const result = await window.api.getSession({ sessionId });
  if (!result.ok) return;
  store.setState((s) =>
    s.currentSession.id === sessionId ? { currentSession: { ...sessionFromDetail(result.value), lastSeq: s.currentSession.lastSeq } } : {},
  );
}

export const createCompareSlice: StateCreator<AppState, [], [], CompareSlice> = (set, get, store) => ({
  compareOpen: false,
  compareModels: [],
  compare: null,

  toggleCompare() {
    const open = !get().compareOpen;
    // Opening the bar starts from the chat's kept compare set, if it has one.
    const kept = get().currentSession.chat?.compareModels;
    set({ compareOpen: open, ...(open && kept && get().compareModels.length === 0 && { compareModels: kept }) });
  },

  toggleCompareModel(model) {
    const key = refKey(model);
    const chosen = get().compareModels;
    const has = chosen.some((m) => refKey(m) === key);
    if (!has && chosen.length >= 4) return;
    set({ compareModels: has ? chosen.filter((m) => refKey(m) !== key) : [...chosen, model] });
  },

  async startCompare(raw) {
    const text = raw.trim();
    const models = get().compareModels;
    if (!text || models.length < 2) return;
    let sessionId = get().currentSession.id;
    const key = sessionKey(get().currentSession);
    set((s) => ({ composerText: takeComposerText(s.composerText, key, text) }));
    if (sessionId === null) {
      const created = await window.api.createSession(get().newChatSettings);
      if (!created.ok) {
        set((s) => ({ composerText: restoreComposerText(s.composerText, NEW_CHAT_KEY, text) }));
        showIpcError(store, NEW_CHAT_KEY, created.error, text, 'send');
        return;
      }
      const detail = created.value;
      sessionId = detail.id;
      set((s) => ({
        sessions: upsertSummary(s.sessions, { ...detail, isStreaming: false }),
        currentSession: sessionFromDetail(detail),
        newChatSettings: {},
      }));
    }
    const result = await window.api.compare({ sessionId, text, models });
    if (!result.ok) {
      set((s) => ({ composerText: restoreComposerText(s.composerText, sessionId, text) }));
      showIpcError(store, sessionId, result.error, text, 'send');
    }
  },

  async stopCompare(runId) {
    const view = get().compare;
    if (!view || view.ended) return;
    await window.api.stopCompare({ sessionId: view.sessionId, ...(runId !== undefined && { runId }) });
  },

  async regenerateColumn(runId) {
    const view = get().compare;
    if (!view) return;
    const result = await window.api.regenerateWith({ sessionId: view.sessionId, runId });
    if (!result.ok) showIpcError(store, view.sessionId, result.error);
  },

  async pickColumn(index) {
    const view = get().compare;
    const end = view?.columns[index]?.end;
    if (!view || !view.ended || !end?.messageId || end.version === undefined) return;
    const result = await window.api.switchBranch({ sessionId: view.sessionId, messageId: end.messageId, version: end.version });
    if (!result.ok) {
      showIpcError(store, view.sessionId, result.error);
      return;
    }
    set({ compare: null, compareOpen: false });
    await reload(store, view.sessionId);
  },

  setCompareTab(index) {
    const view = get().compare;
    if (view) set({ compare: { ...view, tab: index } });
  },

  closeCompare() {
    const view = get().compare;
    if (view && !view.ended) return;
    set({ compare: null });
    // Closed without a pick: the answer shown is kept, and the pick is not offered again after a restart.
    if (view)
      void window.api.dismissCompare({ sessionId: view.sessionId }).then((result) => {
        if (!result.ok) showIpcError(store, view.sessionId, result.error);
      });
  },

  async keepCompareSet(keep) {
    const sessionId = get().currentSession.id;
    const models = get().compareModels;
    if (sessionId === null || (keep && models.length < 2)) return;
    const result = await window.api.updateChat({ sessionId, compareModels: keep ? models : null });
    if (!result.ok) {
      showIpcError(store, sessionId, result.error);
      return;
    }
    set((s) => (s.currentSession.id === sessionId ? { currentSession: { ...s.currentSession, chat: result.value.chat } } : {}));
  },

  async mergeAnswers(messageId) {
    const sessionId = get().currentSession.id;
    if (sessionId === null) return;
    const result = await window.api.mergeAnswers({ sessionId, messageId });
    if (!result.ok) showIpcError(store, sessionId, result.error);
    else await reload(store, sessionId);
  },

  async forkFrom(messageId) {
    const sessionId = get().currentSession.id;
    if (sessionId === null) return;
    const result = await window.api.forkSession({ sessionId, messageId });
    if (!result.ok) {
      showIpcError(store, sessionId, result.error);
      return;
    }
    set((s) => ({ sessions: upsertSummary(s.sessions, result.value) }));
    await get().openSession(result.value.id);
  },
});

/** After a compare ended, the chat shows what main stored (the last answer to finish, until a pick). */
export function reloadAfterCompare(store: Store, envelope: SessionEventEnvelope): void {
  if (envelope.event.type === 'compare_end' && store.getState().currentSession.id === envelope.sessionId)
    void reload(store, envelope.sessionId);
}
