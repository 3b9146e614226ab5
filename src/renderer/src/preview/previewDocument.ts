// The document a preview runs: the code from the answer behind the preview's own CSP meta, so the rule holds inside
// the document even if it were loaded anywhere else. (The shell page that receives it carries the same policy.)
import { PREVIEW_CONTENT_SECURITY_POLICY } from '../../../shared/preview-policy';
import type { PreviewKind } from './previewStore';

const HEAD = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CONTENT_SECURITY_POLICY}">`;
// An SVG alone is shown centred and scaled to the panel.
const SVG_STYLE =
  '<style>html,body{margin:0;height:100%}body{display:flex;align-items:center;justify-content:center}' +
  'body>svg{max-width:100%;max-height:100%}</style>';

/**
 * The HTML written into the preview frame for `source`. The policy comes first, inside `<head>`, so it is in force
 * before anything of the source is parsed (a `<!doctype>`, `<html>` or `<head>` in the source merges into ours).
 */
export function previewDocument(kind: PreviewKind, source: string): string {
  return kind === 'svg' ? `${HEAD}${SVG_STYLE}</head><body>${source}</body></html>` : `${HEAD}${source}`;
}
