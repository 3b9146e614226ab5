// The folders slice's contract: the chat folders main keeps, and what the sidebar may ask of them.
import type { ChatFolder } from '../../../../shared/folders';

export interface FoldersSlice {
  /** Folders in the person's order (main's list; null until first loaded). */
  folders: ChatFolder[] | null;
  loadFolders(): Promise<void>;
  /** Creates a folder; its id, or null when refused (the notice says why). */
  createFolder(name: string): Promise<string | null>;
  renameFolder(folderId: string, name: string): Promise<void>;
  /** Removes the folder; its chats go back to the list. */
  deleteFolder(folderId: string): Promise<void>;
  toggleFolder(folderId: string): Promise<void>;
  /** Puts a chat in a folder, or back in the list with null. */
  moveToFolder(sessionId: string, folderId: string | null): Promise<void>;
  exportFolder(folderId: string): Promise<void>;
  /** The folder choice open for one chat, placed under its button (viewport pixels); null when closed. */
  /** The new folder's name field is shown (`folder-new` was pressed). */
  folderDraft: boolean;
  setFolderDraft(open: boolean): void;
  moveMenu: { sessionId: string; top: number; left: number } | null;
  openMoveMenu(sessionId: string, anchor: { bottom: number; right: number }): void;
  closeMoveMenu(): void;
}
