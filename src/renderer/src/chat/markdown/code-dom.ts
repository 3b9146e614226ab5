// The DOM of a code block that streams: appended to in place while it is open, and finished by adding only what
// closing it added (its last highlighted segment), so the browser styles, lays out and paints the new part, not the
// whole block again. The HTML inserted here is the sanitized wrapper and highlight.js output of escaped text.
import type { OpenCode } from './incremental';

/** What an open code block's DOM shows, so the next update can add to it. */
export interface ShownCode {
  wrapper: OpenCode['wrapper'];
  /** The `<code>` element. */
  element: HTMLElement;
  lines: string;
  /** HTML of the highlighted segments in `element`, and how much of `lines` they cover. */
  highlighted: OpenCode['highlighted'];
  /** Text nodes of the lines after the highlighted segments, then the node of the unfinished last line. */
  plain: Text[];
  tail: Text;
}

/** Inserts trusted HTML (highlighted code we made from escaped text) before `before`. */
function insertHtml(parent: HTMLElement, html: string, before: Node): void {
  const template = document.createElement('template');
  template.innerHTML = html;
  parent.insertBefore(template.content, before);
}

/** Shows an open code block in `host`, adding to what `shown` says is there when the block only grew. */
export function showOpenCode(host: HTMLElement, code: OpenCode, shown: ShownCode | null): ShownCode {
  let now = shown;
  if (!now || now.wrapper !== code.wrapper || !code.lines.startsWith(now.lines) || code.highlighted.end < now.highlighted.end) {
    host.innerHTML = code.wrapper[0] + code.wrapper[1];
    const element = host.querySelector('code') ?? host;
    const tail = document.createTextNode('');
    element.append(tail);
    now = { wrapper: code.wrapper, element, lines: '', highlighted: { end: 0, html: '' }, plain: [], tail };
  }
  const { element, tail } = now;
  if (code.highlighted.end > now.highlighted.end) {
    // New segments replace the plain text they cover; what is left of it stays plain.
    insertHtml(element, code.highlighted.html.slice(now.highlighted.html.length), now.plain[0] ?? tail);
    for (const node of now.plain) node.remove();
    now.plain = [];
    now.highlighted = code.highlighted;
    now.lines = code.lines.slice(0, code.highlighted.end);
  }
  if (code.lines.length > now.lines.length) {
    const node = document.createTextNode(code.lines.slice(now.lines.length));
    element.insertBefore(node, tail);
    now.plain.push(node);
    now.lines = code.lines;
  }
  if (tail.data !== code.tail) tail.data = code.tail;
  return now;
}

/**
 * Finishes a code block shown by `showOpenCode` in place when `html` (the finished block) is that code block with
 * the segments shown and some more: only those are added. False when `html` is anything else.
 */
export function finishCodeInPlace(html: string, shown: ShownCode): boolean {
  const before = shown.wrapper[0] + shown.highlighted.html;
  const after = shown.wrapper[1];
  if (html.length < before.length + after.length || !html.startsWith(before) || !html.endsWith(after)) return false;
  insertHtml(shown.element, html.slice(before.length, html.length - after.length), shown.plain[0] ?? shown.tail);
  for (const node of shown.plain) node.remove();
  shown.tail.remove();
  return true;
}
