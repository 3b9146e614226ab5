// The markdown pipeline escapes with the one shared function (exported HTML uses it too).
export { escapeHtml } from '../../../../shared/escape-html';
