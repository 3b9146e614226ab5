// Export and import of chats: Markdown, JSON and HTML for one chat, a ZIP archive of all, imports of our own files and of ChatGPT's data export.
export { TransferService, type TransferServiceOptions } from './transfer-service.js';
export { noDialogs, type DialogFilter, type FileDialogs } from './dialogs.js';
export { TRANSFER_STRINGS, type TransferStrings } from './strings.js';
