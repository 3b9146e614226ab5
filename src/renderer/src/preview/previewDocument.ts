// The document a preview runs: built in shared code, so the file "Open in browser" writes is the same document.
export { previewDocument } from '../../../shared/preview-document';
