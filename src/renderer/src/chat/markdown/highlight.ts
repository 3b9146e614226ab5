// Fenced code in segments, and syntax highlighting: highlight.js core with a fixed set of common languages (keeps the
// bundle modest).
//
// Code is cut into segments: a segment ends at the first line start at least SEGMENT characters (then twice, four
// times … that) after its own start where the grammar is back at its top level (any line start for a language
// without a grammar), so no token spans two segments and each segment's HTML is complete on its own. Each segment is
// its own block element (`md-code-seg`), so the browser lays out and paints a segment on its own: text added at the
// end of a streaming block touches its last segment, not every line above it. Where segments end depends only on
// the code before the cut, so the segments of a code block still being streamed are the first segments of the
// finished block: they are made as their lines arrive (`codeSegments`) and remembered, and finishing the block makes
// only its last segment. A one-shot render cuts the same segments, so streamed and one-shot output are the same.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { escapeHtml } from './escape';
import { markdownStats } from './stats';

const languages = { bash, c, cpp, css, diff, go, java, javascript, json, markdown, python, rust, shell, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

/** True when `lang` (a fence's info word) names a registered grammar or alias. */
export function isKnownLanguage(lang: string): boolean {
  return lang !== '' && hljs.getLanguage(lang) !== undefined;
}

/** Characters a segment has at least before it may end (at a line start where the grammar is at its top level). */
const SEGMENT = 1024;
/** The element around each segment's HTML (a block: see markdown.css). */
const SEGMENT_OPEN = '<span class="md-code-seg">';
const SEGMENT_CLOSE = '</span>';
/** Remembered segments: at most this many characters of code in all. */
const REMEMBERED_CHARS = 2_000_000;

interface Segment {
  html: string;
  /** Whether the grammar is back at its top level where the segment ends. */
  atTop: boolean;
}

// Highlighted segments by language and text, oldest first (a hit moves to the end).
const remembered = new Map<string, Segment>();
let rememberedChars = 0;

/** A segment of code in `lang` (highlighted when `lang` has a grammar, escaped text otherwise). */
function segmentOf(code: string, lang: string): Segment {
  if (!isKnownLanguage(lang)) return { html: escapeHtml(code), atTop: true };
  const key = `${lang}\u0000${code}`;
  let segment = remembered.get(key);
  if (segment) {
    remembered.delete(key);
    remembered.set(key, segment);
    return segment;
  }
  markdownStats.highlightedChars += code.length;
  const result = hljs.highlight(code, { language: lang, ignoreIllegals: true });
  // A grammar's top-level mode is the only compiled mode without a parent.
  const top = result._top as { parent?: unknown } | undefined;
  segment = { html: result.value, atTop: !result.illegal && top !== undefined && top.parent === undefined };
  remembered.set(key, segment);
  rememberedChars += key.length;
  for (const [oldKey] of remembered) {
    if (rememberedChars <= REMEMBERED_CHARS) break;
    remembered.delete(oldKey);
    rememberedChars -= oldKey.length;
  }
  return segment;
}

/** How far a code block has been cut into segments: [0, end) gave `html`, each segment in its own element. */
export interface CodeSegments {
  readonly end: number;
  readonly html: string;
}

export const NO_SEGMENTS: CodeSegments = { end: 0, html: '' };

/**
 * The segments of `code` from `from` on. With `complete` the code is the whole block and the last segment is
 * whatever remains; otherwise `code` is the block's complete lines so far, and only segments that end before its
 * end are made (the rest may still grow into them).
 */
export function codeSegments(code: string, lang: string, complete: boolean, from: CodeSegments = NO_SEGMENTS): CodeSegments {
  let { end, html } = from;
  for (let size = SEGMENT; ;) {
    const newline = code.indexOf('\n', end + size - 1);
    if (newline === -1 || newline + 1 >= code.length) {
      if (!complete || end >= code.length) return { end, html };
      return { end: code.length, html: html + SEGMENT_OPEN + segmentOf(code.slice(end), lang).html + SEGMENT_CLOSE };
    }
    const segment = segmentOf(code.slice(end, newline + 1), lang);
    if (segment.atTop) {
      html += SEGMENT_OPEN + segment.html + SEGMENT_CLOSE;
      end = newline + 1;
      size = SEGMENT;
    } else {
      size *= 2;
    }
  }
}

/** The HTML of a code block's body: its segments, highlighted (hljs spans around escaped text) or escaped text. */
export function codeHtml(code: string, lang: string): string {
  return codeSegments(code, lang, true).html;
}
