// The answer of a WebDAV PROPFIND (RFC 4918 §14.16, a `multistatus` body) read into plain entries. Servers differ in
// namespace prefixes (`D:`, `d:`, `lp1:`, a default xmlns) and in how they write hrefs (absolute URLs or paths, encoded
// or not), so names are matched without their prefix and hrefs are decoded segment by segment.
import { XMLParser } from 'fast-xml-parser';

/** One resource of a multistatus answer: its decoded path segments (from the server's root), folder or file, size. */
export interface MultistatusEntry {
  segments: string[];
  collection: boolean;
  size: number;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'response' || name === 'propstat',
});

/**
 * The entries of a multistatus body; `requestUrl` resolves relative hrefs. Entries whose href cannot be decoded or
 * that have no successful propstat are left out. Throws on a body that is not a multistatus document (or declares a
 * DTD, which no WebDAV answer needs and entity expansion could abuse).
 */
export function readMultistatus(body: string, requestUrl: URL): MultistatusEntry[] {
  if (/<!DOCTYPE/i.test(body)) throw new Error('the PROPFIND answer declares a DTD');
  const doc = parser.parse(body) as unknown;
  const multistatus = field(doc, 'multistatus');
  if (multistatus === undefined) throw new Error('the PROPFIND answer is not a multistatus document');
  const responses = field(multistatus, 'response');
  const entries: MultistatusEntry[] = [];
  for (const response of Array.isArray(responses) ? (responses as unknown[]) : []) {
    const href = field(response, 'href');
    if (typeof href !== 'string') continue;
    const segments = hrefSegments(href.trim(), requestUrl);
    if (!segments) continue;
    const prop = successfulProp(field(response, 'propstat'));
    if (!prop) continue;
    const resourceType = field(prop, 'resourcetype');
    const collection =
      (typeof resourceType === 'object' && resourceType !== null && 'collection' in resourceType) || href.trim().endsWith('/');
    const length = Number(field(prop, 'getcontentlength'));
    entries.push({ segments, collection, size: Number.isSafeInteger(length) && length >= 0 ? length : 0 });
  }
  return entries;
}

/** The decoded, non-empty path segments of a URL path ("/a%20b/c/" → ["a b", "c"]); an undecodable one stays raw. */
export function pathSegments(pathname: string): string[] {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    try {
      segments.push(decodeURIComponent(raw));
    } catch {
      segments.push(raw);
    }
  }
  return segments;
}

/**
 * The path of an href taken literally: hrefs carry no query or fragment, and some servers leave '#' or '?' in a name
 * unencoded, which a URL parser would cut off.
 */
function hrefSegments(href: string, requestUrl: URL): string[] | null {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(href);
  if (origin) return pathSegments(href.slice(origin[0].length));
  if (href.startsWith('/')) return pathSegments(href);
  try {
    return pathSegments(new URL(href, requestUrl).pathname);
  } catch {
    return null;
  }
}

/** The `prop` of the first propstat whose status is 2xx (servers list the properties they lack under a 404 one). */
function successfulProp(propstats: unknown): unknown {
  for (const propstat of Array.isArray(propstats) ? (propstats as unknown[]) : []) {
    const status = field(propstat, 'status');
    if (typeof status === 'string' && !/\s2\d\d(\s|$)/.test(status)) continue;
    const prop = field(propstat, 'prop');
    if (prop !== undefined) return prop;
  }
  return undefined;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}
