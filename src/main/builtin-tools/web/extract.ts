// A fetched page as clean Markdown: the body decoded by its charset, then for HTML Mozilla's Readability over a
// linkedom DOM (no scripts run: linkedom has no script engine) and turndown; plain text passes through; anything else
// is reported as not text. Pure and synchronous: it runs in the page worker (page-worker.ts), never on main.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

/** What reading a page gave: Markdown of its article, or `notText` with the type it was. */
export type ExtractedPage =
  { kind: 'text'; title: string; markdown: string; byline?: string; published?: string } | { kind: 'notText'; contentType: string };

/** Characters of Markdown a page gives the model at most; the rest is cut with a note of how much there was. */
export const MAX_PAGE_CHARS = 60_000;

function charsetOf(contentType: string): string {
  const match = /charset\s*=\s*"?([\w-]+)/i.exec(contentType);
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

function decode(body: Uint8Array, contentType: string): string {
  try {
    return new TextDecoder(charsetOf(contentType)).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html|<head|<body|<meta|<title|<div|<p[\s>])/i.test(text.slice(0, 2000));
}

function markdownOf(html: string): string {
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  // Text that looks like markup stays text: `<` and `>` are escaped too, so no renderer reads raw HTML out of it.
  const escapeMarkdown = turndown.escape.bind(turndown);
  turndown.escape = (text: string) => escapeText(escapeMarkdown(text));
  // Nothing active survives into the Markdown: these elements (and their text) are dropped whole.
  turndown.remove(['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'form', 'button', 'select', 'textarea', 'template'] as Array<
    keyof HTMLElementTagNameMap
  >);
  // Links and images keep only http(s)/mailto targets; `javascript:` and `data:` become plain text.
  turndown.addRule('safeLink', {
    filter: (node) => node.nodeName === 'A',
    replacement: (content, node) => {
      const href = (node as { getAttribute(name: string): string | null }).getAttribute('href') ?? '';
      return /^(https?:|mailto:)/i.test(href.trim()) ? `[${content}](${href.trim().replace(/[()\s]/g, encodeURIComponent)})` : content;
    },
  });
  turndown.addRule('safeImage', {
    filter: (node) => node.nodeName === 'IMG',
    replacement: (_content, node) => {
      const element = node as { getAttribute(name: string): string | null };
      const src = (element.getAttribute('src') ?? '').trim();
      const alt = (element.getAttribute('alt') ?? '').replace(/[[\]]/g, '');
      return /^https?:/i.test(src) ? `![${alt}](${src.replace(/[()\s]/g, encodeURIComponent)})` : alt;
    },
  });
  return turndown.turndown(html).trim();
}

/** `<` and `>` as Markdown backslash escapes: shown as themselves, never parsed as HTML. */
function escapeText(text: string): string {
  return text.replace(/[<>]/g, (c) => `\\${c}`);
}

function cut(markdown: string): string {
  if (markdown.length <= MAX_PAGE_CHARS) return markdown;
  return `${markdown.slice(0, MAX_PAGE_CHARS)}\n\n[… ${markdown.length - MAX_PAGE_CHARS} more characters not shown]`;
}

export function extractPage(body: Uint8Array, contentType: string, url: string): ExtractedPage {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const textual =
    type === '' ||
    type.startsWith('text/') ||
    type === 'application/xhtml+xml' ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type.endsWith('+xml') ||
    type === 'application/xml';
  if (!textual) return { kind: 'notText', contentType: type };
  const text = decode(body, contentType);
  if (text.includes('\u0000')) return { kind: 'notText', contentType: type || 'application/octet-stream' };
  const html = type === 'text/html' || type === 'application/xhtml+xml' || (type === '' && looksLikeHtml(text));
  if (!html) return { kind: 'text', title: url, markdown: cut(text.trim()) };
  const { document } = parseHTML(text);
  const title = escapeText((document.querySelector('title')?.textContent ?? '').trim() || url);
  let article: ReturnType<Readability['parse']> = null;
  try {
    article = new Readability(document as unknown as Document, { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  if (article?.content) {
    return {
      kind: 'text',
      title: article.title?.trim() ? escapeText(article.title.trim()) : title,
      markdown: cut(markdownOf(article.content)),
      ...(article.byline ? { byline: article.byline } : {}),
      ...(article.publishedTime ? { published: article.publishedTime } : {}),
    };
  }
  const { document: again } = parseHTML(text);
  return { kind: 'text', title, markdown: cut(markdownOf(again.body?.innerHTML ?? '')) };
}
