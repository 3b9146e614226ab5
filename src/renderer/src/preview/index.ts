// Live previews of html and svg code blocks from answers, run in a sealed frame in a side panel.
export { addPreviewButtons, previewKind } from './codeButtons';
export { PreviewPanel } from './PreviewPanel';
export { previewDocument } from './previewDocument';
export { usePreview, openPreview, closePreview, type PreviewKind, type PreviewRequest } from './previewStore';
