// App-wide problems main reports (data folder locked, read-only, disk full): loaded at start and again after a
// storage error, shown by AppStatusBanner until main says they are gone. The files main set aside at start come with
// them; once dismissed they stay dismissed for this run (main reports the same ones at every ask).
import type { StateCreator } from 'zustand';
import type { AppState, AppStatusSlice } from './state';

export const createAppStatusSlice: StateCreator<AppState, [], [], AppStatusSlice> = (set) => ({
  appProblems: [],
  appNotices: [],
  noticesDismissed: false,
  async loadAppStatus() {
    const result = await window.api.getAppStatus();
    if (result.ok) set((s) => ({ appProblems: result.value.problems, appNotices: s.noticesDismissed ? [] : result.value.notices }));
  },
  dismissNotices: () => set({ appNotices: [], noticesDismissed: true }),
});
