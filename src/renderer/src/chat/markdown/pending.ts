// The text the streaming renderer has not formatted yet (incremental.ts shows it after the formatted part), as HTML
// that reads as the finished text will wherever that can be told without parsing it:
// - a table's unfinished rows are rows under the table's columns, not `| a | b | ev` as text;
// - character references (`&#42;`, `&amp;`) are the characters they stand for, as marked leaves them, except in code;
// - fence lines show nothing (in the finished text they are the code block's frame), and neither does an unfinished
//   last line of only fence characters (`pendingEnd`): it may still become one.
// Everything here is built from escaped text; nothing the model wrote becomes markup.
import type { Token, Tokens } from 'marked';
import { escapeHtml } from './escape';

/** What the formatted part ends in, as far as the pending text after it is concerned. */
export interface PendingContext {
  /** The columns of the table the formatted part ends with (its rows continue it), or null. */
  table: Tokens.Table['align'] | null;
  /** The unclosed fenced code block the formatted part ends inside (the pending text is its code), or null. */
  fence: Fence | null;
}

interface Fence {
  char: string;
  length: number;
  /** The pending text starts in the fence's opening line (its info string): that line shows nothing. */
  inInfo?: boolean;
}

/** The last unfinished line, when it is only fence characters (in a quote or list too): it may become a fence. */
const FENCE_PREFIX = /^[ \t>]*(?:`+|~+)[ \t]*$/;
/** Longest unfinished line tested against FENCE_PREFIX (a fence line is short; the test stays constant-time). */
const FENCE_PREFIX_MAX = 64;
const FENCE_LINE = /^[ \t>]*(`{3,}|~{3,})(.*)$/;
/** An escaped `&` that begins a character reference marked leaves for the browser (numeric, or a name and `;`). */
const ESCAPED_REFERENCE = /&amp;(#\d{1,7};|#[xX][\da-fA-F]{1,6};|[A-Za-z][A-Za-z\d]*;)/g;

/** Where the text may be shown to: its end, or the start of an unfinished last line that may become a fence. */
export function pendingEnd(text: string, complete: boolean): number {
  if (complete) return text.length;
  const lineStart = text.lastIndexOf('\n') + 1;
  const line = text.length - lineStart;
  return line > 0 && line <= FENCE_PREFIX_MAX && FENCE_PREFIX.test(text.slice(lineStart)) ? lineStart : text.length;
}

/** What the pending text after `token` (the last block token formatted) continues; `atLineStart`: it starts a line. */
export function pendingContext(token: Token | undefined, atLineStart: boolean): PendingContext {
  return { table: token?.type === 'table' ? (token as Tokens.Table).align : null, fence: openFenceOf(token, atLineStart) };
}

/** `html` (the formatted part) followed by `pending`, shown as the finished text will read. */
export function withPending(html: string, pending: string, context: PendingContext): string {
  if (pending === '') return html;
  let rest = pending;
  if (context.table) {
    const { rows, after } = pendingRows(pending, context.table);
    const joined = rows && appendRows(html, rows);
    if (joined !== null) {
      html = joined;
      rest = after;
    }
  }
  const text = pendingText(rest, context.fence);
  if (text === '') return html;
  const span = `<span class="md-pending">${text}</span>`;
  return html.endsWith('</p>\n') ? `${html.slice(0, -5)}${span}</p>\n` : `${html}<p class="md-pending">${text}</p>`;
}

/** Text escaped for HTML, its character references kept for the browser to read as the finished HTML does. */
function escapeKeepingReferences(text: string): string {
  return escapeHtml(text).replace(ESCAPED_REFERENCE, '&$1');
}

/**
 * Pending prose as escaped text: fence lines dropped, code (inside a fence, indented four spaces, or between
 * backticks) kept literally, character references elsewhere kept as references.
 */
function pendingText(pending: string, startFence: Fence | null): string {
  let fence = startFence;
  const lines = pending.split('\n');
  if (fence?.inInfo) lines.shift();
  const out: string[] = [];
  for (const line of lines) {
    const fenceLine = FENCE_LINE.exec(line);
    const marker = fenceLine?.[1] ?? '';
    if (fence) {
      if (marker[0] === fence.char && marker.length >= fence.length && fenceLine?.[2]?.trim() === '') fence = null;
      else out.push(escapeHtml(line));
      continue;
    }
    if (fenceLine && !(marker[0] === '`' && fenceLine[2]?.includes('`'))) {
      fence = { char: marker[0] ?? '`', length: marker.length };
      continue;
    }
    out.push(/^(?: {4}|\t)/.test(line) ? escapeHtml(line) : proseLine(line));
  }
  return out.join('\n');
}

/** One line of prose: code spans (and an unclosed one to the end of the line) literal, references kept elsewhere. */
function proseLine(line: string): string {
  let html = '';
  let at = 0;
  const runs = /`+/g;
  for (let run = runs.exec(line); run; run = runs.exec(line)) {
    const ticks = run[0];
    const close = closingRun(line, run.index + ticks.length, ticks.length);
    html += escapeKeepingReferences(line.slice(at, run.index));
    const end = close < 0 ? line.length : close + ticks.length;
    html += escapeHtml(line.slice(run.index, end));
    at = end;
    runs.lastIndex = end;
  }
  return html + escapeKeepingReferences(line.slice(at));
}

/** Offset of the next run of exactly `length` backticks from `from`, or -1. */
function closingRun(line: string, from: number, length: number): number {
  const runs = /`+/g;
  runs.lastIndex = from;
  for (let run = runs.exec(line); run; run = runs.exec(line)) if (run[0].length === length) return run.index;
  return -1;
}

/** The leading lines of `pending` that are rows of the table (a line with a `|`), as HTML rows; and the rest. */
function pendingRows(pending: string, align: Tokens.Table['align']): { rows: string; after: string } {
  let rows = '';
  let at = 0;
  while (at < pending.length) {
    const newline = pending.indexOf('\n', at);
    const end = newline < 0 ? pending.length : newline;
    const line = pending.slice(at, end);
    if (!line.includes('|') || line.trim() === '') break;
    rows += rowHtml(splitCells(line, align.length), align);
    at = newline < 0 ? pending.length : newline + 1;
  }
  return { rows, after: pending.slice(at) };
}

/** The cells of a row as marked splits them (an escaped `\|` is text), cut or padded to the table's columns. */
function splitCells(line: string, count: number): string[] {
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '\\' && line[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (ch === '|') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  if (cells.length > 1 && cells[0]?.trim() === '') cells.shift();
  if (cells.length > 1 && cells.at(-1)?.trim() === '') cells.pop();
  const trimmed = cells.slice(0, count).map((text) => text.trim());
  while (trimmed.length < count) trimmed.push('');
  return trimmed;
}

/** A row as marked renders one (`<td align=…>` per column); an unfinished row with no text yet shows nothing. */
function rowHtml(cells: string[], align: Tokens.Table['align']): string {
  if (cells.every((cell) => cell === '')) return '';
  const tds = cells.map((cell, i) => {
    const a = align[i];
    return `${a ? `<td align="${a}">` : '<td>'}${proseLine(cell)}</td>\n`;
  });
  return `<tr class="md-pending-row">\n${tds.join('')}</tr>\n`;
}

/** The formatted part with `rows` added to the table it ends with; null when it does not end with one's markup. */
function appendRows(html: string, rows: string): string | null {
  if (html === '') return `<div class="md-table md-table-continued"><table>\n<tbody>${rows}</tbody></table></div>\n`;
  const withBody = '</tbody></table></div>\n';
  if (html.endsWith(withBody)) return `${html.slice(0, -withBody.length)}${rows}${withBody}`;
  const headOnly = '</thead>\n</table></div>\n';
  if (html.endsWith(headOnly)) return `${html.slice(0, -'</table></div>\n'.length)}<tbody>${rows}</tbody></table></div>\n`;
  return null;
}

/** The fenced code block `token` ends inside, unclosed (in a quote or a list item too), or null. */
function openFenceOf(token: Token | undefined, atLineStart: boolean): Fence | null {
  let last: Token | undefined = token;
  while (last && (last.type === 'blockquote' || last.type === 'list')) {
    last = last.type === 'list' ? (last as Tokens.List).items.at(-1)?.tokens.at(-1) : (last as Tokens.Blockquote).tokens.at(-1);
  }
  if (last?.type !== 'code' || (last as Tokens.Code).codeBlockStyle === 'indented') return null;
  const lines = last.raw.trimEnd().split('\n');
  const open = FENCE_LINE.exec(lines[0] ?? '')?.[1];
  if (!open) return null;
  const [, marker = '', rest = ''] = (lines.length > 1 && FENCE_LINE.exec(lines.at(-1) ?? '')) || [];
  if (marker[0] === open[0] && marker.length >= open.length && rest.trim() === '') return null;
  return { char: open[0] ?? '`', length: open.length, ...(lines.length === 1 && !atLineStart && { inInfo: true }) };
}
