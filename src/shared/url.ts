// The one rule for links that leave the app, used by the renderer (which markdown destinations become links, which
// clicks are opened) and by main (what openExternal accepts): http(s) with an explicit `//host`, or mailto.
//
// It is stricter than URL parsers on purpose. WHATWG parsing turns `https:evil.example` into `https://evil.example/`
// and reads `http:javascript:alert(1)` as a host named "javascript"; a person reading either would not expect where
// it goes. So the text itself must already say `http://` or `https://`, and must contain no control characters or
// spaces (parsers silently drop tabs and newlines, which can hide a scheme from a check).

const HTTP_LINK = /^https?:\/\/[^/\\?#@\s]/i;
const MAILTO_LINK = /^mailto:[^\s/\\]/i;
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/;

/** The URL to open for `raw` (trimmed), or undefined when it is not an http(s) or mailto link we would open. */
export function externalLinkTarget(raw: string): string | undefined {
  const url = raw.trim();
  if (INVISIBLE.test(url)) return undefined;
  const mailto = MAILTO_LINK.test(url);
  if (!mailto && !HTTP_LINK.test(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (mailto) return parsed.protocol === 'mailto:' && parsed.pathname.length > 0 ? url : undefined;
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0 ? url : undefined;
}

/** True when `raw` is a link the app opens outside itself (see `externalLinkTarget`). */
export function isExternalLink(raw: string): boolean {
  return externalLinkTarget(raw) !== undefined;
}
