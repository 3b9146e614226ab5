// Previews outside the window: a preview written to a temporary file for the system browser, only on request.
export { PREVIEW_FOLDER_NAME, writePreviewFile, type PreviewFileOptions } from './preview-file.js';
