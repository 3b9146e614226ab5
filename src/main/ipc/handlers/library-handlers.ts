// The IPC handlers of the person's library as a whole: folders, search, export and import, backups and sync.
import type { BackupService } from '../../backup/backup-service.js';
import type { SearchService } from '../../search/index.js';
import type { FolderService } from '../../sessions/folders/index.js';
import type { SyncService } from '../../sync/sync-service.js';
import type { TransferService } from '../../transfer/index.js';
import type { InvokeHandlers } from '../router.js';

export interface LibraryServices {
  folders: FolderService;
  search: SearchService;
  transfer: TransferService;
  backups: BackupService;
  sync: SyncService;
}

export function libraryHandlers({ folders, search, transfer, backups, sync }: LibraryServices) {
  return {
    listFolders: () => folders.list(),
    createFolder: ({ name }) => folders.create(name),
    renameFolder: ({ folderId, name }) => folders.rename(folderId, name),
    deleteFolder: ({ folderId }) => folders.delete(folderId),
    setFolderCollapsed: ({ folderId, collapsed }) => folders.setCollapsed(folderId, collapsed),
    moveSessionToFolder: ({ sessionId, folderId }) => folders.move(sessionId, folderId),
    searchMessages: async (request) => {
      if (request.folderId === undefined) return search.search(request);
      // An unknown folder is refused (not_found), not answered as an empty one.
      const folder = await folders.find(request.folderId);
      return search.search(request, folders.members(folder.id));
    },
    exportSession: ({ sessionId, format }) => transfer.exportSession(sessionId, format),
    exportAllSessions: () => transfer.exportAll(),
    exportFolder: async ({ folderId }) => {
      const folder = await folders.find(folderId);
      return transfer.exportAll({ ids: folders.members(folderId), name: folder.name });
    },
    importSessions: () => transfer.importFile(),
    cancelImport: ({ importId }) => transfer.cancelImport(importId),
    getBackups: () => backups.view(),
    updateBackupSettings: (patch) => backups.update(patch),
    chooseBackupFolder: () => backups.chooseFolder(),
    backupNow: () => backups.backUp('manual'),
    restoreBackup: ({ name }) => backups.restore(name),
    getSync: () => sync.view(),
    updateSyncSettings: (patch) => sync.update(patch),
    chooseSyncFolder: () => sync.chooseFolder(),
    syncNow: () => sync.syncNow(),
  } satisfies Partial<InvokeHandlers>;
}
