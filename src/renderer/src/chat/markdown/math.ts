// Math in model output: `$…$` and `\(…\)` inline, `$$…$$` and `\[…\]` displayed, typeset by KaTeX.
//
// The tokenizer is a marked inline extension, so math is never found inside code spans or code blocks, and an
// unclosed formula stays text while it streams. A `$` only opens math when a non-space follows, and only closes it
// when a non-space precedes and no digit follows, so prices (`$5 and $10`) stay text. KaTeX runs without trust
// (no \href, \url, \includegraphics, \htmlClass …) and with small expansion and size limits; what it produces is
// sanitized separately with an allow-list for KaTeX's own markup (see sanitize.ts), never with the model-HTML rules.
import katex from 'katex';
import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { escapeHtml } from './escape';

/** A formula as marked's token. */
export interface MathToken extends Tokens.Generic {
  type: 'math';
  raw: string;
  text: string;
  display: boolean;
}

const DISPLAY_DOLLARS = /^\$\$(?!\$)((?:\\[\s\S]|[^\\$])+?)\$\$/;
const DISPLAY_BRACKETS = /^\\\[([\s\S]+?)\\\]/;
const INLINE_PARENS = /^\\\(([\s\S]+?)\\\)/;
const INLINE_DOLLAR = /^\$(?![\s$])((?:\\[\s\S]|[^\\$])+?)(?<!\s)\$(?!\d)/;
const START = /\$|\\[[(]/;

/** The formula at the start of `src`, if one opens and closes there. */
export function matchMath(src: string): MathToken | undefined {
  const first = src.charCodeAt(0);
  if (first !== 36 /* $ */ && first !== 92 /* \ */) return undefined;
  for (const [pattern, display] of [
    [DISPLAY_DOLLARS, true],
    [DISPLAY_BRACKETS, true],
    [INLINE_PARENS, false],
    [INLINE_DOLLAR, false],
  ] as const) {
    const m = pattern.exec(src);
    if (!m) continue;
    const text = (m[1] ?? '').trim();
    // A backtick inside is a code span that started first; a blank line ends the paragraph the formula is in.
    if (text === '' || text.includes('`') || /\n[ \t]*\n/.test(text)) return undefined;
    return { type: 'math', raw: m[0], text, display };
  }
  return undefined;
}

/** The marked extension: tokenizer and renderer of formulas. `render` turns one formula into HTML. */
export function mathExtension(render: (token: MathToken) => string): TokenizerAndRendererExtension {
  return {
    name: 'math',
    level: 'inline',
    start: (src: string) => {
      const at = src.search(START);
      return at === -1 ? undefined : at;
    },
    tokenizer: (src: string) => matchMath(src),
    renderer: (token) => render(token as MathToken),
  };
}

const OPTIONS = { throwOnError: true, trust: false, strict: 'ignore', maxSize: 10, maxExpand: 200, output: 'htmlAndMathml' } as const;

// Formulas typeset so far (a streamed formula is rendered again on each lex of its piece; this makes it once).
const typeset = new Map<string, string | null>();
const TYPESET_LIMIT = 2000;

/** KaTeX's HTML for `text`, or null when KaTeX cannot parse it. Not sanitized yet. */
export function typesetMath(text: string, display: boolean): string | null {
  const key = `${display ? 'D' : 'I'}${text}`;
  let html = typeset.get(key);
  if (html === undefined) {
    try {
      html = katex.renderToString(text, { ...OPTIONS, displayMode: display });
    } catch {
      html = null;
    }
    if (typeset.size >= TYPESET_LIMIT) typeset.clear();
    typeset.set(key, html);
  }
  return html;
}

/** A formula KaTeX cannot parse: its source as the model wrote it, as text. */
export function mathSourceHtml(token: MathToken): string {
  return `<span class="md-math-source">${escapeHtml(token.raw)}</span>`;
}
