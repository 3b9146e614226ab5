// The sealed preview of model-written HTML/SVG: the frame's sandbox, its Content-Security-Policy (no network: inline
// script and style and data: images only), and the messages between the app page and the preview shell.

/** Sandbox flags of the preview frame: scripts run, in an opaque origin (never `allow-same-origin`), no pop-ups,
 * no navigation of the app, no forms. */
export const PREVIEW_SANDBOX = 'allow-scripts';

/** The preview's CSP: the shell page carries it, and so does every document written into it. */
export const PREVIEW_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  'font-src data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The shell page the preview frame loads (from the app itself; public/preview.html). */
export const PREVIEW_SHELL_PATH = 'preview.html';

/** Shell → app: ready for its document. */
export const PREVIEW_READY = 'tiny-agent-preview-ready';
/** App → shell: `{ type: PREVIEW_DOCUMENT, html }`, the document to write (once). */
export const PREVIEW_DOCUMENT = 'tiny-agent-preview-document';
