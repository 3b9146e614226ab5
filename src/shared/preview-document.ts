// The document a preview runs, built the same way for the sealed frame and for the temporary file a browser opens:
// the code from the answer behind the preview's own CSP meta, so the rule holds wherever the document is loaded.
import { PREVIEW_CONTENT_SECURITY_POLICY } from './preview-policy.js';

/** The languages a preview runs. */
export type PreviewKind = 'html' | 'svg';

/** Characters of code a preview (and its file for the browser) may hold: a whole answer's worth and more. */
export const PREVIEW_MAX_SOURCE_CHARS = 2_000_000;

const HEAD = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CONTENT_SECURITY_POLICY}">`;
// An SVG alone is shown centred and scaled to the panel.
const SVG_STYLE =
  '<style>html,body{margin:0;height:100%}body{display:flex;align-items:center;justify-content:center}' +
  'body>svg{max-width:100%;max-height:100%}</style>';

/**
 * The HTML of a preview of `source`. The policy comes first, inside `<head>`, so it is in force before anything of
 * the source is parsed (a `<!doctype>`, `<html>` or `<head>` in the source merges into ours).
 */
export function previewDocument(kind: PreviewKind, source: string): string {
  return kind === 'svg' ? `${HEAD}${SVG_STYLE}</head><body>${source}</body></html>` : `${HEAD}${source}`;
}
