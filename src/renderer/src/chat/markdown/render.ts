// The one configured marked instance: markdown text → tokens (counted in markdownStats) → HTML that still needs
// sanitizing. Raw HTML from the model is shown as text, code blocks get a header with a language label and a copy
// button, task-list checkboxes become glyphs, and images become links (the app loads nothing remote); an image inside
// a link shows its alt text inside that link.
//
// HTML we produce ourselves from escaped text (a code block's highlighted body) never needs the sanitizer: while
// rendering for `renderSafe` it is put aside and a slot marker stands in its place; the sanitizer sees only the
// markup around it, and the body goes back into the slot afterwards. The marker carries a per-run random nonce, so
// model text cannot forge one.
import { Marked, Renderer, Tokenizer, type Token, type Tokens, type TokensList } from 'marked';
import { escapeHtml } from './escape';
import { codeHtml, isKnownLanguage } from './highlight';
import { isExternalLink } from '../../../../shared/url';
import { mathExtension, mathSourceHtml, typesetMath, type MathToken } from './math';
import { markdownStats } from './stats';

const NONCE = Math.random().toString(36).slice(2, 10);
const SLOT = new RegExp(`\uE000${NONCE}:(\\d+)\uE001`, 'g');
/** A fragment put aside while rendering: our own HTML, or KaTeX's (sanitized by its own rules). */
interface Slot {
  html: string;
  math: boolean;
}
/** Fragments of the render in progress (null when not rendering for `renderSafe`). */
let slots: Slot[] | null = null;
/** How many links the renderer is inside (an image there must not become a link of its own). */
let linkDepth = 0;

/**
 * `html` as is, or a slot marker while rendering for `renderSafe`: HTML built by us from escaped text, or KaTeX's
 * output (`math`), which is sanitized with the KaTeX allow-list instead.
 */
export function trusted(html: string, math = false): string {
  if (slots === null) return html;
  slots.push({ html, math });
  return `\uE000${NONCE}:${slots.length - 1}\uE001`;
}

function renderMath(token: MathToken): string {
  const html = typesetMath(token.text, token.display);
  if (html === null) return mathSourceHtml(token);
  return `<span class="md-math${token.display ? ' md-math-display' : ''}" data-testid="math">${trusted(html, true)}</span>`;
}

// Attribute-less inline tags that read better rendered than shown; everything else in raw HTML is escaped.
const RAW_HTML_PART = /<\/?(?:br|sub|sup|kbd|b|i|u|s|em|strong|mark|del|ins)\s*\/?>|[&<>"']/gi;

function rawHtmlAsText(html: string): string {
  return html.replace(RAW_HTML_PART, (part) => (part.length > 1 ? part : escapeHtml(part)));
}

/** Whether a link destination may become an href: an in-page anchor or the shared external-link rule. */
function isSafeUrl(href: string): boolean {
  return /^#[^\s]*$/.test(href) || isExternalLink(href);
}

/** The first word of a fence's info string, which names the language. */
export function fenceLanguage(info: string | undefined): string {
  return (info ?? '').trim().split(/\s/, 1)[0] ?? '';
}

/** A fence's info string as marked reads it: backslash escapes of punctuation removed. */
export function fenceInfo(raw: string): string {
  return raw.trim().replace(/\\([\p{P}\p{S}])/gu, '$1');
}

/**
 * The markup of a code block. The label and the copy button carry no text of their own (CSS shows `data-lang`
 * and the button's localized aria-label), so the text of a message is only what the model wrote.
 */
export function codeBlockHtml(code: string, lang: string, segmented: boolean): string {
  const known = isKnownLanguage(lang);
  const body = segmented ? codeHtml(code, lang) : escapeHtml(code);
  const codeClass = known ? `hljs language-${escapeHtml(lang)}` : 'hljs';
  return (
    `<div class="md-code"><div class="md-code-bar"><span class="md-code-lang" data-lang="${escapeHtml(lang)}"></span>` +
    `<button type="button" class="md-code-copy" data-testid="code-copy"></button></div>` +
    `<pre><code class="${codeClass}">${trusted(body)}</code></pre></div>\n`
  );
}

const marked = new Marked({
  gfm: true,
  breaks: false,
  extensions: [mathExtension(renderMath)],
  tokenizer: {
    tag(src: string): Tokens.Tag | false {
      // Raw HTML is shown as text here, so an `<a>` or `<pre>` in it opens nothing: it must not switch off autolinks
      // or entity decoding for the rest of the text (marked keeps that state across blocks, so a block lexed on its
      // own would differ from the same block lexed with the whole text).
      const { inLink, inRawBlock } = this.lexer.state;
      const token = Tokenizer.prototype.tag.call(this, src);
      this.lexer.state.inLink = inLink;
      this.lexer.state.inRawBlock = inRawBlock;
      return token ?? false;
    },
  },
  renderer: {
    code(token: Tokens.Code): string {
      // An unclosed block while streaming (see incremental.ts): its wrapper, around plain text.
      return codeBlockHtml(token.text, fenceLanguage(token.lang), !(token as { streaming?: boolean }).streaming);
    },
    html({ text, block }: Tokens.HTML | Tokens.Tag): string {
      return block ? `<p class="md-raw-html">${rawHtmlAsText(text)}</p>\n` : rawHtmlAsText(text);
    },
    checkbox({ checked }: Tokens.Checkbox): string {
      return `<span class="md-task" aria-hidden="true">${checked ? '☑' : '☐'}</span> `;
    },
    link(token: Tokens.Link): string {
      // A safe link is rendered by marked's own renderer; any other becomes its text.
      if (!isSafeUrl(token.href)) return this.parser.parseInline(token.tokens);
      linkDepth++;
      try {
        return Renderer.prototype.link.call(this, token) as string;
      } finally {
        linkDepth--;
      }
    },
    image({ href, title, text }: Tokens.Image): string {
      const label = escapeHtml(text || href);
      // A linked image (a README badge) keeps the outer link: its label is shown there, never a link in a link.
      if (linkDepth > 0) return `<span class="md-image">${label}</span>`;
      if (!isSafeUrl(href)) return label;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a class="md-image" href="${escapeHtml(href)}"${titleAttr}>${label}</a>`;
    },
    table(token: Tokens.Table): string {
      let body = '';
      for (const row of token.rows) {
        let cells = '';
        for (const cell of row) cells += this.tablecell(cell);
        body += this.tablerow({ text: cells });
      }
      const tbody = body ? `<tbody>${body}</tbody>` : '';
      // The rows of a table streamed on after a seal (see incremental.ts), shown under the header already on screen.
      if ((token as { continued?: boolean }).continued)
        return tbody ? `<div class="md-table md-table-continued"><table>\n${tbody}</table></div>\n` : '';
      let header = '';
      for (const cell of token.header) header += this.tablecell(cell);
      return `<div class="md-table"><table>\n<thead>\n${this.tablerow({ text: header })}</thead>\n${tbody}</table></div>\n`;
    },
  },
});

/** Block tokens of `src`; every call adds `src.length` to markdownStats.parsedChars. */
export function lexMarkdown(src: string): TokensList {
  markdownStats.parsedChars += src.length;
  markdownStats.lexCalls += 1;
  return marked.lexer(src);
}

/** HTML of block tokens (not yet sanitized). */
export function renderTokens(tokens: Token[]): string {
  return marked.parser(tokens);
}

/**
 * Safe HTML of block tokens: the markup passes through `sanitize` (its length added to markdownStats.sanitizedChars)
 * with our own fragments and KaTeX's in slots, which are filled in afterwards (KaTeX's through `sanitizeMath`).
 */
export function renderSafe(tokens: Token[], sanitize: (html: string) => string, sanitizeMath: (html: string) => string): string {
  const outer = slots;
  const mine: Slot[] = [];
  slots = mine;
  let html: string;
  try {
    html = marked.parser(tokens);
  } finally {
    slots = outer;
  }
  markdownStats.sanitizedChars += html.length;
  const clean = sanitize(html);
  if (mine.length === 0) return clean;
  return clean.replace(SLOT, (_, index: string) => {
    const slot = mine[Number(index)];
    return slot === undefined ? '' : slot.math ? sanitizeMath(slot.html) : slot.html;
  });
}

/** The whole text at once, unsanitized: the reference the block pipeline must reproduce. */
export function markdownToHtml(src: string): string {
  return renderTokens(lexMarkdown(src));
}
