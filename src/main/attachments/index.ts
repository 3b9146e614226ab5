// Attachments: files people add to messages, stored once by content hash, checked by their bytes, collected when no session references them.
export { AttachmentStore, judge, type AttachmentStoreOptions } from './attachment-store.js';
export { fencedFile, resolveAttachments, type DocumentText, type ReadAttachment } from './resolve.js';
export { DocumentReadings, documentForRequest, DOCUMENT_BUDGET_TOKENS, documentBudgetTokens, noteSentParts } from './documents.js';
export { sniff, sniffImage, isUtf8Text, type Sniffed } from './sniff.js';
export { readingProgressReporter, type ReadingProgress } from './reading-progress.js';
export { OPENED_FOLDER_NAME, writeOpenCopy, type OpenCopyOptions } from './open-copy.js';
