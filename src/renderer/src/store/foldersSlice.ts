// Chat folders from the window: main keeps the list and each chat's folder line; this slice mirrors the list, and
// updates a moved chat's summary from main's answer. Failures are said in the status notice.
import type { StateCreator } from 'zustand';
import type { IpcResult } from '../../../shared/errors';
import type { SessionSummary } from '../../../shared/sessions';
import { translate } from '../i18n';
import type { AppState } from './state';
import type { FoldersSlice } from './state/folders';

function replaceSummary(sessions: SessionSummary[], summary: SessionSummary): SessionSummary[] {
  return sessions.map((s) => (s.id === summary.id ? { ...summary, isStreaming: s.isStreaming } : s));
}

export const createFoldersSlice: StateCreator<AppState, [], [], FoldersSlice> = (set, get) => {
  const failed = <T>(result: IpcResult<T>): result is Extract<IpcResult<T>, { ok: false }> => {
    if (result.ok) return false;
    set({ notice: { text: result.error.message, tone: 'error' } });
    return true;
  };
  return {
    folders: null,
    moveMenu: null,
    folderDraft: false,
    setFolderDraft(open) {
      set({ folderDraft: open });
    },
    openMoveMenu(sessionId, anchor) {
      set({ moveMenu: { sessionId, top: anchor.bottom + 4, left: Math.max(8, anchor.right - 220) } });
    },
    closeMoveMenu() {
      set({ moveMenu: null });
    },
    async loadFolders() {
      const result = await window.api.listFolders();
      if (!failed(result)) set({ folders: result.value });
    },
    async createFolder(name) {
      const result = await window.api.createFolder({ name });
      if (failed(result)) return null;
      // A list loaded while this was on its way may already hold the new folder: keep it once.
      set((s) => ({ folders: [...(s.folders ?? []).filter((f) => f.id !== result.value.id), result.value] }));
      return result.value.id;
    },
    async renameFolder(folderId, name) {
      const result = await window.api.renameFolder({ folderId, name });
      if (failed(result)) return;
      set((s) => ({ folders: (s.folders ?? []).map((f) => (f.id === folderId ? result.value : f)) }));
    },
    async deleteFolder(folderId) {
      const result = await window.api.deleteFolder({ folderId });
      if (failed(result)) return;
      set((s) => ({
        folders: (s.folders ?? []).filter((f) => f.id !== folderId),
        sessions: s.sessions.map((summary) => {
          if (summary.folderId !== folderId) return summary;
          const { folderId: _gone, ...rest } = summary;
          return rest;
        }),
      }));
    },
    async toggleFolder(folderId) {
      const folder = get().folders?.find((f) => f.id === folderId);
      if (!folder) return;
      // Shown at once; main keeps it for the next start.
      set((s) => ({ folders: (s.folders ?? []).map((f) => (f.id === folderId ? { ...f, collapsed: !f.collapsed } : f)) }));
      const result = await window.api.setFolderCollapsed({ folderId, collapsed: !folder.collapsed });
      failed(result);
    },
    async moveToFolder(sessionId, folderId) {
      const result = await window.api.moveSessionToFolder({ sessionId, folderId });
      if (failed(result)) return;
      set((s) => ({ sessions: replaceSummary(s.sessions, result.value) }));
    },
    async exportFolder(folderId) {
      const result = await window.api.exportFolder({ folderId });
      if (failed(result) || !result.value.saved) return;
      const { count, fileName = '' } = result.value;
      const key = count === 1 ? 'transfer.exportedAllOne' : 'transfer.exportedAll';
      set({ notice: { text: translate(get().locale, key, { count, file: fileName }), tone: 'info' } });
    },
  };
};
