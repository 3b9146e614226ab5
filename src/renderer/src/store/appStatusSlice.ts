// App-wide problems main reports (data folder locked, read-only, disk full): loaded at start and again after a
// storage error, shown by AppStatusBanner until main says they are gone.
import type { StateCreator } from 'zustand';
import type { AppState, AppStatusSlice } from './state';

export const createAppStatusSlice: StateCreator<AppState, [], [], AppStatusSlice> = (set) => ({
  appProblems: [],
  async loadAppStatus() {
    const result = await window.api.getAppStatus();
    if (result.ok) set({ appProblems: result.value.problems });
  },
});
