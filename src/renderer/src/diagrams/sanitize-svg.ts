// DOMPurify for the SVG mermaid draws: shapes, text, markers and mermaid's own scoped <style>, nothing that runs,
// loads, embeds or links. Mermaid runs with securityLevel 'strict' and plain-text labels; this holds even if it did
// not (labels carrying markup, a hostile diagram source). The stylesheet never goes through the HTML parser: it is
// taken out first, kept only if it loads nothing and holds no markup, and put back as the svg's first child.
import DOMPurify, { type Config, type WindowLike } from 'dompurify';
import type { Sanitize } from '../chat/markdown/sanitize';

const CONFIG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // HTML labels (foreignObject) are switched off in mermaid; links, scripts, images, embeds and animation are refused.
  FORBID_TAGS: [
    'style',
    'script',
    'foreignObject',
    'foreignobject',
    'a',
    'image',
    'use',
    'animate',
    'animateMotion',
    'set',
    'iframe',
    'img',
  ],
  // Every attribute that can hold a URL is refused outright, so DOMPurify's own URI rule (which also screens the
  // values of plain attributes such as `d` or `transform`) is kept as it is.
  FORBID_ATTR: ['href', 'xlink:href', 'src', 'srcset', 'action', 'formaction', 'data', 'background'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: true,
};

/** `url(...)` that is not a reference inside the diagram (`url(#marker)`), `@import`, or old IE expressions. */
const LOADS_SOMETHING = /url\s*\(\s*(?!['"]?#)|@import|expression\s*\(|\\/i;

/** A sanitizer for mermaid's SVG, bound to `win`. */
export function createSvgSanitizer(win: WindowLike): Sanitize {
  const purify = DOMPurify(win);
  if (!purify.isSupported) throw new Error('DOMPurify cannot run in this environment');
  purify.addHook('uponSanitizeAttribute', (_node, event) => {
    const name = event.attrName.toLowerCase();
    if (name.startsWith('on')) event.keepAttr = false;
    else if (LOADS_SOMETHING.test(event.attrValue)) event.keepAttr = false;
  });
  purify.setConfig(CONFIG);
  return (svg) => {
    const sheets: string[] = [];
    const shapes = svg.replace(STYLE_ELEMENT, (_, css: string) => {
      sheets.push(css);
      return '';
    });
    const clean = purify.sanitize(shapes);
    // Mermaid's stylesheet is scoped to the diagram's id; one that would load anything, or holds markup, goes.
    const css = sheets.filter((sheet) => !LOADS_SOMETHING.test(sheet) && !sheet.includes('<')).join('\n');
    const open = clean.indexOf('>');
    if (css === '' || !clean.startsWith('<svg') || open === -1) return clean;
    return `${clean.slice(0, open + 1)}<style>${css}</style>${clean.slice(open + 1)}`;
  };
}

const STYLE_ELEMENT = /<style[^>]*>([\s\S]*?)<\/style\s*>/gi;

let pageSanitizer: Sanitize | null = null;

/** Sanitizes mermaid's SVG with the page's own window. */
export function sanitizeDiagramSvg(svg: string): string {
  pageSanitizer ??= createSvgSanitizer(window);
  return pageSanitizer(svg);
}
