// Live previews of html and svg code blocks from answers (and of an answer that is one web page), run in a sealed
// frame in a side panel; "Open in browser" hands one to the system browser through a temporary file.
export { addPreviewButtons, previewKind } from './codeButtons';
export { AnswerPreviewButton } from './AnswerPreviewButton';
export { PreviewPanel } from './PreviewPanel';
export { previewDocument } from './previewDocument';
export { openPreviewInBrowser } from './openInBrowser';
export { wholeAnswerPage } from './wholeAnswer';
export { usePreview, openPreview, closePreview, type PreviewKind, type PreviewOrigin, type PreviewRequest } from './previewStore';
