// Export and import from the window: main shows the save/open dialogs and does the work; this slice asks, keeps the
// buttons quiet while a dialog is open, follows an import's progress and can cancel it, says what happened in the
// status notice (an import's report in the sidebar), and opens the first imported chat.
import type { StateCreator } from 'zustand';
import type { IpcResult } from '../../../shared/errors';
import type { SessionEventEnvelope } from '../../../shared/events';
import type { ImportResult } from '../../../shared/transfer';
import { translate, type StringKey, type Vars } from '../i18n';
import { importReport } from '../transfer/importReport';
import { sortSummaries } from './sessionList';
import type { AppState, TransferSlice } from './state';

/** An import's progress event becomes the progress shown, while that import runs (a late event changes nothing). */
export function importProgressEffect(s: AppState, { event }: SessionEventEnvelope): Partial<AppState> {
  if (event.type !== 'import_progress' || !s.importRunning) return {};
  return { importProgress: event.progress };
}

export const createTransferSlice: StateCreator<AppState, [], [], TransferSlice> = (set, get) => {
  const t = (key: StringKey, vars?: Vars) => translate(get().locale, key, vars);
  const say = (tone: 'info' | 'error', key: StringKey, vars?: Vars) => set({ notice: { text: t(key, vars), tone } });
  /** Runs one transfer at a time; a second click while a dialog is open does nothing. */
  const busy = async <T>(work: () => Promise<IpcResult<T>>, done: (value: T) => Promise<void> | void, failed: StringKey) => {
    if (get().transferBusy) return;
    set({ transferBusy: true });
    try {
      const result = await work();
      if (result.ok) await done(result.value);
      else say('error', failed, { message: result.error.message });
    } finally {
      set({ transferBusy: false });
    }
  };

  return {
    transferBusy: false,
    importRunning: false,
    importProgress: null,
    importCancelling: false,

    async exportChat(format) {
      const sessionId = get().currentSession.id;
      if (!sessionId) return;
      await busy(
        () => window.api.exportSession({ sessionId, format }),
        (value) => {
          if (value.saved) say('info', 'transfer.exported', { file: value.fileName ?? '' });
        },
        'transfer.exportFailed',
      );
    },

    async exportAllChats() {
      await busy(
        () => window.api.exportAllSessions(),
        (value) => {
          if (value.saved)
            say('info', value.count === 1 ? 'transfer.exportedAllOne' : 'transfer.exportedAll', {
              file: value.fileName ?? '',
              count: value.count,
            });
        },
        'transfer.exportFailed',
      );
    },

    async importChats() {
      if (get().transferBusy) return;
      set({ transferBusy: true, importRunning: true, importProgress: null, importCancelling: false });
      let result: IpcResult<ImportResult>;
      try {
        result = await window.api.importSessions();
      } finally {
        set({ transferBusy: false, importRunning: false, importProgress: null, importCancelling: false });
      }
      if (!result.ok) {
        set({ notice: { text: t('transfer.importFailed', { message: result.error.message }), tone: 'error', origin: 'import' } });
        return;
      }
      const value = result.value;
      if (value.cancelled) return;
      const report = importReport(value, t);
      set({ notice: { ...report, origin: 'import' } });
      if (value.imported.length === 0) return;
      const list = await window.api.listSessions();
      if (list.ok) set({ sessions: sortSummaries(list.value) });
      // Cancelled: the chats imported are in the list; the chat on screen stays (the person asked to stop).
      if (value.stopped === 'cancelled') return;
      // A report to read stays beside the list in a narrow window: opening the chat does not close the drawer then.
      const drawerOpen = get().drawerOpen;
      await get().openSession(value.imported[0]!.id);
      if (report.tone === 'error') set({ drawerOpen });
    },

    async cancelImport() {
      const progress = get().importProgress;
      if (!progress || get().importCancelling) return;
      set({ importCancelling: true });
      const result = await window.api.cancelImport({ importId: progress.importId });
      // Not running any more (it just ended): its report follows as usual.
      if (!result.ok || !result.value.cancelled) set({ importCancelling: false });
    },
  };
};
