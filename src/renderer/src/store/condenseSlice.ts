// Condensed history from the window: main writes and keeps the summary; this slice mirrors the open chat's, so the
// message list can place the marker, and asks for condense now / undo / off. Failures go to the status notice.
import type { StateCreator } from 'zustand';
import type { CondenseView } from '../../../shared/condense';
import type { IpcResult } from '../../../shared/errors';
import type { AppState } from './state';
import type { CondenseSlice } from './state/condense';

export const createCondenseSlice: StateCreator<AppState, [], [], CondenseSlice> = (set, get) => {
  const take = (sessionId: string, result: IpcResult<CondenseView>) => {
    if (!result.ok) {
      set((s) => ({ notice: { text: result.error.message, tone: 'error' }, condense: s.condense && { ...s.condense, working: false } }));
      return;
    }
    const was = get().condense;
    const open = was?.sessionId === sessionId && was.open && result.value.summary?.through === was.view.summary?.through;
    set({ condense: { sessionId, view: result.value, open, working: false } });
  };
  const working = (sessionId: string) =>
    set((s) => ({
      condense: { sessionId, view: s.condense?.sessionId === sessionId ? s.condense.view : { off: false }, open: false, working: true },
    }));
  return {
    condense: null,
    async loadCondense(sessionId) {
      take(sessionId, await window.api.getCondense({ sessionId }));
    },
    async condenseNow(sessionId) {
      working(sessionId);
      take(sessionId, await window.api.condenseNow({ sessionId }));
    },
    async undoCondense(sessionId) {
      take(sessionId, await window.api.undoCondense({ sessionId }));
    },
    async setCondenseOff(sessionId, off) {
      take(sessionId, await window.api.setCondenseOff({ sessionId, off }));
    },
    toggleSummary() {
      set((s) => ({ condense: s.condense && { ...s.condense, open: !s.condense.open } }));
    },
  };
};
