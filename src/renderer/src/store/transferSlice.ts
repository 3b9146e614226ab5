// Export and import from the window: main shows the save/open dialogs and does the work; this slice asks, keeps the
// buttons quiet while a dialog is open, says what happened in the status notice, and opens the first imported chat.
import type { StateCreator } from 'zustand';
import type { IpcResult } from '../../../shared/errors';
import type { ImportResult } from '../../../shared/transfer';
import { translate, type StringKey, type Vars } from '../i18n';
import { importReport } from '../transfer/importReport';
import { sortSummaries } from './sessionList';
import type { AppState, TransferSlice } from './state';

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
      await busy(
        () => window.api.importSessions(),
        async (value: ImportResult) => {
          if (value.cancelled) return;
          const { imported } = value;
          set({ notice: importReport(value, t) });
          if (imported.length === 0) return;
          const list = await window.api.listSessions();
          if (list.ok) set({ sessions: sortSummaries(list.value) });
          await get().openSession(imported[0]!.id);
        },
        'transfer.importFailed',
      );
    },
  };
};
