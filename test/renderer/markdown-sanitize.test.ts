// Hostile model output through the whole markdown pipeline, and raw HTML straight through the sanitizer: nothing
// that can run script, carry an event handler, point at a dangerous URL, restyle the app or load a remote resource
// may survive. The corpus is the end-to-end suite's (test/fixtures/xss-payloads.ts) plus cases of our own.
import { afterEach, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/renderer/src/chat/markdown/pipeline';
import { sanitizeHtml } from '../../src/renderer/src/chat/markdown/sanitize';
import { XSS_PAYLOADS } from '../fixtures/xss-payloads';
import { conformDomForPurify } from './markdown-dom';

conformDomForPurify(window);
// DOMPurify parses payloads in an inert document; happy-dom would log each <script src>/<link> it declines to load.
(
  window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;

const CANARY = 'window.__xss=1';

const OWN_PAYLOADS: ReadonlyArray<{ label: string; payload: string }> = [
  { label: 'entity-colon', payload: `<a href="javascript&colon;${CANARY}">colon entity</a>` },
  { label: 'entity-newline', payload: `<a href="java&NewLine;script:${CANARY}">named newline</a>` },
  { label: 'md-entity-link', payload: `[x](&#x6A;avascript:${CANARY})` },
  { label: 'md-data-link', payload: `[x](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)` },
  { label: 'md-vbscript-upper', payload: '[x](VBScript:msgbox(1))' },
  { label: 'md-autolink-data', payload: '<data:text/html,<script>window.__xss=1</script>>' },
  { label: 'md-image-data', payload: '![x](data:image/svg+xml,<svg onload=alert(1)>)' },
  { label: 'md-ref-image-js', payload: `![x][y]\n\n[y]: javascript:${CANARY}` },
  { label: 'md-link-title-break', payload: `[x](https://example.com 'a" onclick="${CANARY}')` },
  { label: 'md-html-in-table', payload: `| a |\n|---|\n| <svg><script>${CANARY}</script></svg> |` },
  { label: 'md-fence-lang-break', payload: '```"><img src=x onerror=window.__xss=1>\ncode\n```' },
  { label: 'md-code-lang-class', payload: '```x" onmouseover="window.__xss=1\ncode\n```' },
  { label: 'style-attr-md', payload: '<p style="color:red">x</p>' },
  { label: 'srcdoc-object', payload: `<object data="data:text/html,<script>${CANARY}</script>"></object>` },
  { label: 'meta-refresh-md', payload: `Intro\n\n<meta http-equiv="refresh" content="0;url=javascript:${CANARY}">` },
  { label: 'dom-clobber', payload: '<form id="x"><input name="attributes"></form><img name="body">' },
];

const CORPUS = [...XSS_PAYLOADS, ...OWN_PAYLOADS];

const FORBIDDEN_TAGS = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'form',
  'input',
  'textarea',
  'select',
  'svg',
  'math',
  'img',
  'link',
  'meta',
  'base',
  'video',
  'audio',
  'source',
  'frame',
  'template',
  'noscript',
];
const URL_ATTRS = ['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset', 'poster', 'background', 'data'];

// What KaTeX may produce inside a formula: MathML and SVG elements, and styles that only size, place and color.
const KATEX_TAGS = /^(math|svg)$/;
const KATEX_STYLE = /^(?:[a-z-]+:(?:-?[\d.]+(?:em|ex|px|%)?|#[0-9a-f]{3,6}|[a-z]+|calc\([-+\d.em ]+\));?)+$/;

/** Everything wrong with the DOM `html` produces, as short descriptions (empty when safe). */
function findings(html: string): string[] {
  const root = document.createElement('div');
  root.innerHTML = html;
  const bad: string[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    // KaTeX's output (inside a formula) is MathML, SVG and spans sized by inline styles of its own.
    const inFormula = el.closest('[data-testid="math"] .katex') !== null;
    if (FORBIDDEN_TAGS.includes(tag) && !(inFormula && KATEX_TAGS.test(tag))) bad.push(`<${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // Control characters and spaces are ignored by URL parsers, so they are dropped before the scheme check.
      const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (name.startsWith('on')) bad.push(`<${tag} ${name}>`);
      if (name === 'style' && !(inFormula && KATEX_STYLE.test(value))) bad.push(`<${tag} style=${value.slice(0, 30)}>`);
      if (inFormula && ['id', 'href', 'src', 'xlink:href'].includes(name)) bad.push(`<${tag} ${name}> in a formula`);
      if (URL_ATTRS.includes(name) && !/^(https?:|mailto:|#)/.test(value)) bad.push(`<${tag} ${name}=${value.slice(0, 30)}>`);
    }
  }
  // Handlers that slipped through would run now.
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const type of ['error', 'load', 'click', 'mouseover', 'focus', 'toggle', 'pointerenter', 'auxclick'])
      el.dispatchEvent(new Event(type, { bubbles: true }));
  }
  return bad;
}

const html = (markdown: string): string => {
  const { done, open } = renderMarkdown(markdown);
  return [...done, ...open].map((block) => block.html).join('');
};

afterEach(() => {
  delete (window as { __xss?: unknown }).__xss;
});

describe('sanitization', () => {
  it(`has a corpus of at least 40 payloads (${CORPUS.length})`, () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CORPUS)('markdown pipeline: $label', ({ payload }) => {
    expect(findings(html(payload))).toEqual([]);
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it.each(CORPUS)('sanitizer on raw HTML: $label', ({ payload }) => {
    expect(findings(sanitizeHtml(payload))).toEqual([]);
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('keeps safe links, adds rel and a title showing the destination', () => {
    const root = document.createElement('div');
    root.innerHTML = sanitizeHtml('<a href="https://example.com/a?b=1">x</a><a href="mailto:me@example.com">m</a><a href="#part">p</a>');
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a?b=1', 'mailto:me@example.com', '#part']);
    expect(links.map((a) => a.getAttribute('rel'))).toEqual(['noopener noreferrer', 'noopener noreferrer', 'noopener noreferrer']);
    expect(links[0]?.getAttribute('title')).toBe('https://example.com/a?b=1');
  });

  it('removes javascript:, data:, vbscript: and relative hrefs but keeps the link text', () => {
    const root = document.createElement('div');
    root.innerHTML = sanitizeHtml(
      '<a href="javascript:alert(1)">a</a><a href="data:text/html,x">b</a><a href="vbscript:x">c</a><a href="page.html">d</a>',
    );
    expect(Array.from(root.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['a', null],
      ['b', null],
      ['c', null],
      ['d', null],
    ]);
  });

  it('drops target, id, name and unknown data attributes', () => {
    const root = document.createElement('div');
    root.innerHTML = sanitizeHtml('<a href="https://e.com" target="_top" id="x" name="y" data-x="1">x</a>');
    const a = root.querySelector('a');
    expect(a?.getAttributeNames().sort()).toEqual(['href', 'rel', 'title']);
  });

  it('shows raw HTML in markdown as text', () => {
    const root = document.createElement('div');
    root.innerHTML = html('Use <div onclick="x()">this</div> and <img src=x>.');
    expect(root.textContent?.trim()).toBe('Use <div onclick="x()">this</div> and <img src=x>.');
    expect(root.querySelector('div, img')).toBeNull();
  });
});
