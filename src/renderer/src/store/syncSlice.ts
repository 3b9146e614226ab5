// Sync between computers as the window sees it: main's view, asked at start and after each change, and every pass's
// status as main reports it (`sync_status` events, which carry progress while a pass runs).
import type { StateCreator } from 'zustand';
import type { SessionEventEnvelope } from '../../../shared/events';
import type { IpcResult } from '../../../shared/errors';
import type { SyncView } from '../../../shared/sync';
import type { AppState, SyncSlice } from './state';

/** A `sync_status` event replaces the status shown; before the first answer there is nothing to update. */
export function syncStatusEffect(s: AppState, { event }: SessionEventEnvelope): Partial<AppState> {
  if (event.type !== 'sync_status' || !s.sync) return {};
  return { sync: { ...s.sync, status: event.status } };
}

/** Nothing known until main answers (a restarted store asks again). */
export const syncInitial = (): Pick<SyncSlice, 'sync' | 'syncBusy' | 'syncNowAsked' | 'syncError'> => ({
  sync: null,
  syncBusy: false,
  syncNowAsked: false,
  syncError: null,
});

export const createSyncSlice: StateCreator<AppState, [], [], SyncSlice> = (set, get) => {
  /** One ask: its answer replaces the view; a refusal keeps the view and shows main's words. */
  const ask = async (work: () => Promise<IpcResult<SyncView>>): Promise<boolean> => {
    set({ syncBusy: true, syncError: null });
    const result = await work();
    if (result.ok) set({ sync: result.value, syncBusy: false });
    else set({ syncBusy: false, syncError: result.error.message });
    return result.ok;
  };
  return {
    ...syncInitial(),
    async loadSync() {
      const result = await window.api.getSync();
      if (result.ok) set({ sync: result.value });
    },
    updateSync: (patch) => ask(() => window.api.updateSyncSettings(patch)),
    async chooseSyncFolder() {
      await ask(() => window.api.chooseSyncFolder());
    },
    async syncNow() {
      if (get().syncNowAsked) return;
      set({ syncNowAsked: true, syncError: null });
      const result = await window.api.syncNow();
      if (result.ok) set({ sync: result.value, syncNowAsked: false });
      else set({ syncNowAsked: false, syncError: result.error.message });
    },
  };
};
