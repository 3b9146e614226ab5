// The one configured marked instance: markdown text → tokens (counted in markdownStats) → HTML that still needs
// sanitizing. Raw HTML from the model is shown as text, code blocks get a header with a language label and a copy
// button, task-list checkboxes become glyphs, and images become links (the app loads nothing remote).
import { Marked, type Token, type Tokens, type TokensList } from 'marked';
import { escapeHtml } from './escape';
import { highlightCode, isKnownLanguage } from './highlight';
import { isExternalLink } from '../../../../shared/url';
import { markdownStats } from './stats';

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

/**
 * The markup of a code block. The label and the copy button carry no text of their own (CSS shows `data-lang`
 * and the button's localized aria-label), so the text of a message is only what the model wrote.
 */
export function codeBlockHtml(code: string, lang: string, highlight: boolean): string {
  const known = isKnownLanguage(lang);
  const body = highlight ? highlightCode(code, lang) : escapeHtml(code);
  const codeClass = known ? `hljs language-${escapeHtml(lang)}` : 'hljs';
  return (
    `<div class="md-code"><div class="md-code-bar"><span class="md-code-lang" data-lang="${escapeHtml(lang)}"></span>` +
    `<button type="button" class="md-code-copy" data-testid="code-copy"></button></div>` +
    `<pre><code class="${codeClass}">${body}</code></pre></div>\n`
  );
}

const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    code({ text, lang }: Tokens.Code): string {
      return codeBlockHtml(text, fenceLanguage(lang), true);
    },
    html({ text, block }: Tokens.HTML | Tokens.Tag): string {
      return block ? `<p class="md-raw-html">${rawHtmlAsText(text)}</p>\n` : rawHtmlAsText(text);
    },
    checkbox({ checked }: Tokens.Checkbox): string {
      return `<span class="md-task" aria-hidden="true">${checked ? '☑' : '☐'}</span> `;
    },
    link({ href, tokens }: Tokens.Link): string | false {
      // `false` hands a safe link to marked's own renderer; any other becomes its text.
      return isSafeUrl(href) ? false : this.parser.parseInline(tokens);
    },
    image({ href, title, text }: Tokens.Image): string {
      const label = escapeHtml(text || href);
      if (!isSafeUrl(href)) return label;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a class="md-image" href="${escapeHtml(href)}"${titleAttr}>${label}</a>`;
    },
    table(token: Tokens.Table): string {
      let header = '';
      for (const cell of token.header) header += this.tablecell(cell);
      let body = '';
      for (const row of token.rows) {
        let cells = '';
        for (const cell of row) cells += this.tablecell(cell);
        body += this.tablerow({ text: cells });
      }
      const tbody = body ? `<tbody>${body}</tbody>` : '';
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

/** The whole text at once, unsanitized: the reference the block pipeline must reproduce. */
export function markdownToHtml(src: string): string {
  return renderTokens(lexMarkdown(src));
}
