export { FolderService, type FolderSessions } from './folder-service.js';
export { FOLDER_STRINGS, type FolderStrings } from './folder-strings.js';
