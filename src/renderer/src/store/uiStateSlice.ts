// The window's state across restarts, renderer side: at start the unsent text of every composer comes back and the
// chat that was open opens again; afterwards main is told what changed — composer text ~300 ms after typing stops (at
// once when one is cleared or another chat opens), scroll anchors as the list reports them, the open chat when it
// changes — and everything still pending goes before the window unloads. Main writes it to disk (src/main/ui-state/),
// where the composers' unsent text is the file's `drafts`.
import type { StateCreator } from 'zustand';
import { UI_STATE_LIMITS, type ScrollAnchor, type UiStatePatch } from '../../../shared/ui-state';
import type { AppState, UiStateSlice } from './state';

/** Typing pauses this long before the composer's text is sent to main (the name follows ui-state's `drafts`). */
export const DRAFT_SAVE_DELAY_MS = 300;

const sameAnchor = (a: ScrollAnchor | undefined, b: ScrollAnchor): boolean =>
  a !== undefined && ('atBottom' in a ? 'atBottom' in b : !('atBottom' in b) && a.messageId === b.messageId && a.offset === b.offset);

/** The composer texts that differ between two snapshots: changed text, or '' for one that is gone. */
function changedTexts(
  before: Record<string, string>,
  after: Record<string, string>,
): { changes: Record<string, string>; cleared: boolean } {
  const changes: Record<string, string> = {};
  let cleared = false;
  for (const [key, text] of Object.entries(after)) if (before[key] !== text) changes[key] = text.slice(0, UI_STATE_LIMITS.maxDraftChars);
  for (const key of Object.keys(before)) {
    if (key in after) continue;
    changes[key] = '';
    cleared = true;
  }
  return { changes, cleared };
}

/** Splits a patch so no request carries more entries than main accepts. */
function* chunks(patch: UiStatePatch): Generator<UiStatePatch> {
  const entries = [
    ...Object.entries(patch.drafts ?? {}).map(([key, value]) => ['drafts', key, value] as const),
    ...Object.entries(patch.anchors ?? {}).map(([key, value]) => ['anchors', key, value] as const),
  ];
  let part: UiStatePatch = patch.lastSessionId === undefined ? {} : { lastSessionId: patch.lastSessionId };
  let count = 0;
  for (const [field, key, value] of entries) {
    if (count === UI_STATE_LIMITS.maxPatchEntries) {
      yield part;
      part = {};
      count = 0;
    }
    if (field === 'drafts') part.drafts = { ...part.drafts, [key]: value };
    else part.anchors = { ...part.anchors, [key]: value as ScrollAnchor };
    count++;
  }
  if (Object.keys(part).length) yield part;
}

export const createUiStateSlice: StateCreator<AppState, [], [], UiStateSlice> = (set, get, store) => {
  const flush = () => {
    const sync = get().windowSync;
    clearTimeout(sync.timer);
    sync.timer = undefined;
    const patch = sync.pending;
    sync.pending = {};
    // Best effort: a failure (a full disk) is already shown by the app status; the text stays in the composer.
    for (const part of chunks(patch)) void window.api.updateUiState(part);
  };

  const schedule = (delay: number) => {
    if (delay === 0) return flush();
    const sync = get().windowSync;
    if (sync.timer === undefined) sync.timer = setTimeout(flush, delay);
  };

  const startSync = () => {
    get().windowSync.sentTexts = get().composerText;
    const unsubscribe = store.subscribe((s, prev) => {
      const sync = s.windowSync;
      const switched = s.currentSession.id !== prev.currentSession.id;
      if (s.composerText !== sync.sentTexts) {
        const { changes, cleared } = changedTexts(sync.sentTexts, s.composerText);
        sync.sentTexts = s.composerText;
        sync.pending.drafts = { ...sync.pending.drafts, ...changes };
        // A sent message must not come back as unsent text after a crash: clearing is told at once.
        if (!switched) schedule(cleared ? 0 : DRAFT_SAVE_DELAY_MS);
      }
      if (switched) {
        sync.pending.lastSessionId = s.currentSession.id;
        schedule(0);
      }
    });
    const beforeUnload = () => flush();
    window.addEventListener('beforeunload', beforeUnload);
    get().windowSync.stop = () => {
      unsubscribe();
      window.removeEventListener('beforeunload', beforeUnload);
      const sync = get().windowSync;
      clearTimeout(sync.timer);
      sync.timer = undefined;
      sync.pending = {};
    };
  };

  return {
    windowSync: { anchors: new Map(), pending: {}, timer: undefined, sentTexts: {}, stop: () => {} },

    stopWindowSync: () => get().windowSync.stop(),

    async restoreWindow() {
      get().windowSync.stop();
      const { anchors } = get().windowSync;
      anchors.clear();
      const result = await window.api.getUiState();
      if (result.ok) {
        const saved = result.value;
        for (const [id, anchor] of Object.entries(saved.anchors)) anchors.set(id, anchor);
        // Anything typed while this loaded wins over what was saved.
        set({ composerText: { ...saved.drafts, ...get().composerText } });
        const last = saved.lastSessionId;
        if (last !== null && get().currentSession.id === null && get().sessions.some((s) => s.id === last))
          await get().openSession(last, { restoring: true });
      }
      startSync();
    },

    reportScrollAnchor(sessionId, anchor) {
      const sync = get().windowSync;
      if (sameAnchor(sync.anchors.get(sessionId), anchor)) return;
      sync.anchors.set(sessionId, anchor);
      sync.pending.anchors = { ...sync.pending.anchors, [sessionId]: anchor };
      schedule(DRAFT_SAVE_DELAY_MS);
    },

    scrollAnchorOf: (sessionId) => get().windowSync.anchors.get(sessionId),
  };
};
