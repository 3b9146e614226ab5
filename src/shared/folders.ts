// Chat folders (one level). A folder's list lives in `<dataDir>/folders.json`; which folder a chat is in is a `meta`
// line of the chat's own file (`"folder":{"id","name"}` or `null`), like a pin, so older versions still read it and
// an exported chat carries its folder along.
import { LIMITS } from './limits.js';

/** One folder as the sidebar shows it. `collapsed`: its chats are hidden (kept across restarts). */
export interface ChatFolder {
  id: string;
  name: string;
  createdAt: number;
  collapsed: boolean;
}

/** What a chat's meta line records of its folder: the id, and the name so an import elsewhere can recreate it. */
export interface FolderRef {
  id: string;
  name: string;
}

/** Longest folder name, in characters (a chat name's limit). */
export const MAX_FOLDER_NAME = LIMITS.maxNameChars;
/** Most folders the list may hold. */
export const MAX_FOLDERS = 500;
