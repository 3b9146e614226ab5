// The DOM of a code block that streams: appended to in place while it is open, and finished by adding only what
// closing it added (its last segment). Each segment is a block element of its own and the lines not yet in one sit
// after them, so the browser styles, lays out and paints the new part, not the whole block again. The HTML inserted
// here is the sanitized wrapper and segments of escaped text (highlight.js output or the text alone).
import { NO_SEGMENTS } from './highlight';
import type { OpenCode } from './incremental';

/** What an open code block's DOM shows, so the next update can add to it. */
export interface ShownCode {
  wrapper: OpenCode['wrapper'];
  /** The `<code>` element. */
  element: HTMLElement;
  lines: string;
  /** HTML of the segments in `element`, and how much of `lines` they cover. */
  segments: OpenCode['segments'];
  /** Text nodes of the lines after the segments, then the node of the unfinished last line. */
  plain: Text[];
  tail: Text;
}

/** Inserts trusted HTML (code segments we made from escaped text) before `before`. */
function insertHtml(parent: HTMLElement, html: string, before: Node): void {
  const template = document.createElement('template');
  template.innerHTML = html;
  parent.insertBefore(template.content, before);
}

/** Shows an open code block in `host`, adding to what `shown` says is there when the block only grew. */
export function showOpenCode(host: HTMLElement, code: OpenCode, shown: ShownCode | null): ShownCode {
  let now = shown;
  if (!now || now.wrapper !== code.wrapper || !code.lines.startsWith(now.lines) || code.segments.end < now.segments.end) {
    host.innerHTML = code.wrapper[0] + code.wrapper[1];
    const element = host.querySelector('code') ?? host;
    const tail = document.createTextNode('');
    element.append(tail);
    now = { wrapper: code.wrapper, element, lines: '', segments: NO_SEGMENTS, plain: [], tail };
  }
  const { element, tail } = now;
  if (code.segments.end > now.segments.end) {
    // New segments replace the plain text they cover; what is left of it stays plain.
    insertHtml(element, code.segments.html.slice(now.segments.html.length), now.plain[0] ?? tail);
    for (const node of now.plain) node.remove();
    now.plain = [];
    now.segments = code.segments;
    now.lines = code.lines.slice(0, code.segments.end);
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
  const before = shown.wrapper[0] + shown.segments.html;
  const after = shown.wrapper[1];
  if (html.length < before.length + after.length || !html.startsWith(before) || !html.endsWith(after)) return false;
  insertHtml(shown.element, html.slice(before.length, html.length - after.length), shown.plain[0] ?? shown.tail);
  for (const node of shown.plain) node.remove();
  shown.tail.remove();
  return true;
}
