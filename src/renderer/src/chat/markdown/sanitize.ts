// DOMPurify with a strict allow-list: every piece of model output passes through here before it becomes DOM.
import DOMPurify, { type Config, type WindowLike } from 'dompurify';

/** Links may point only to the web, to mail, or to a fragment; javascript:, data:, vbscript:, file: … are removed. */
export const SAFE_URL = /^(?:(?:https?|mailto):|#)/i;

/**
 * Tags neither sanitizer ever keeps, whatever its allow-list says: what runs, loads, embeds, submits or restyles
 * the page. Each config adds what is particular to it.
 */
const FORBIDDEN_TAGS = [
  'style',
  'script',
  'iframe',
  'object',
  'embed',
  'form',
  'input',
  'textarea',
  'select',
  'img',
  'link',
  'meta',
  'base',
  'template',
  'video',
  'audio',
  'source',
] as const;

const CONFIG: Config = {
  ALLOWED_TAGS: [
    'a',
    'b',
    'blockquote',
    'br',
    'button',
    'caption',
    'code',
    'dd',
    'del',
    'div',
    'dl',
    'dt',
    'em',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'ins',
    'kbd',
    'li',
    'mark',
    'ol',
    'p',
    'pre',
    's',
    'span',
    'strong',
    'sub',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'tr',
    'u',
    'ul',
  ],
  // `button`, `type`, `data-testid` and `data-lang` exist for our code-block header; `aria-hidden` for task glyphs.
  ALLOWED_ATTR: ['href', 'title', 'class', 'align', 'start', 'type', 'aria-hidden', 'data-testid', 'data-lang'],
  // Plain values, not URLs: without this DOMPurify would test them against ALLOWED_URI_REGEXP and drop them.
  ADD_URI_SAFE_ATTR: ['align', 'start', 'type', 'aria-hidden', 'data-testid', 'data-lang'],
  // Named explicitly as well, so a later change to the allow-list cannot let them back in.
  FORBID_TAGS: [...FORBIDDEN_TAGS, 'svg', 'math'],
  FORBID_ATTR: ['style', 'srcset', 'src', 'action', 'formaction', 'xlink:href'],
  ALLOWED_URI_REGEXP: SAFE_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** Turns (possibly hostile) HTML into HTML that is safe to assign to innerHTML. */
export type Sanitize = (html: string) => string;

/** A sanitizer bound to `win` (the page's window in the app; a happy-dom window in Node). */
export function createSanitizer(win: WindowLike): Sanitize {
  const purify = DOMPurify(win);
  // An unsupported environment makes DOMPurify hand back its input untouched; refuse instead of rendering that.
  if (!purify.isSupported) throw new Error('DOMPurify cannot run in this environment');
  purify.addHook('uponSanitizeAttribute', (_node, event) => {
    // Event handlers are never on the allow-list; this makes the rule independent of the list.
    if (event.attrName.toLowerCase().startsWith('on')) event.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (href === null) return;
    node.setAttribute('rel', 'noopener noreferrer');
    // The destination is shown on hover: the person sees where a link goes before the app opens it.
    if (!node.hasAttribute('title')) node.setAttribute('title', href);
  });
  // Parsed once: given a config on every call, DOMPurify would rebuild its sets from it each time.
  purify.setConfig(CONFIG);
  const sanitize: Sanitize = (html) => purify.sanitize(html);
  // A DOM that DOMPurify cannot walk correctly (happy-dom 21 without test/renderer/markdown-dom.ts) keeps forbidden
  // nodes and drops allowed ones without any error. Check once and refuse to run rather than render unsafe HTML.
  if (sanitize(SELF_TEST.input) !== SELF_TEST.output) throw new Error('DOMPurify does not sanitize correctly in this environment');
  return sanitize;
}

const SELF_TEST = {
  input: '<p title="t">a</p><script>x()</script><img src="x" onerror="x()"><b>b</b><svg><a href="javascript:x()">c</a></svg>',
  output: '<p title="t">a</p><b>b</b>',
};

// KaTeX's own markup (HTML spans with generated inline sizes, MathML for screen readers, SVG for stretchy
// symbols), and nothing that loads, links or runs: KaTeX runs without trust, and this list holds even if it did not.
const MATH_CONFIG: Config = {
  USE_PROFILES: { html: true, mathMl: true, svg: true },
  // The TeX source KaTeX keeps next to its MathML (read by screen readers and copied with the formula).
  ADD_TAGS: ['semantics', 'annotation'],
  // Links, controls and SVG's ways to reference, embed or animate something.
  FORBID_TAGS: [...FORBIDDEN_TAGS, 'a', 'button', 'image', 'use', 'foreignobject', 'animate', 'set'],
  FORBID_ATTR: ['href', 'xlink:href', 'src', 'srcset', 'action', 'formaction', 'id', 'name', 'data', 'background', 'poster'],
  ALLOWED_URI_REGEXP: /^$/,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};
// The inline styles KaTeX writes: sizes, offsets and colors, never a URL, an escape or an expression.
const MATH_STYLE = /^[\w\s#.:;%,()-]*$/;

/** A sanitizer for KaTeX's output only, bound to `win`. */
export function createMathSanitizer(win: WindowLike): Sanitize {
  const purify = DOMPurify(win);
  if (!purify.isSupported) throw new Error('DOMPurify cannot run in this environment');
  purify.addHook('uponSanitizeAttribute', (_node, event) => {
    const name = event.attrName.toLowerCase();
    if (name.startsWith('on')) event.keepAttr = false;
    if (name === 'style' && (!MATH_STYLE.test(event.attrValue) || /url|expression|image|import/i.test(event.attrValue)))
      event.keepAttr = false;
  });
  purify.setConfig(MATH_CONFIG);
  return (html) => purify.sanitize(html);
}

let pageSanitizer: Sanitize | null = null;
let pageMathSanitizer: Sanitize | null = null;

/** Sanitizes KaTeX's output with the page's own window. */
export function sanitizeMathHtml(html: string): string {
  pageMathSanitizer ??= createMathSanitizer(window);
  return pageMathSanitizer(html);
}

/** Sanitizes with the page's own window (created on first use, so importing this module needs no DOM). */
export function sanitizeHtml(html: string): string {
  pageSanitizer ??= createSanitizer(window);
  return pageSanitizer(html);
}
