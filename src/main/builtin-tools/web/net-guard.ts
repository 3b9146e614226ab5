// Fetching a URL a tool was told to read, safely: http/https only; every hop's host resolved first and refused when
// any address is loopback, private, link-local or otherwise not public (unless the person allowed that host); the
// connection goes to the very address that was checked (no DNS rebinding); bounded bytes, time and redirects.
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** How a host name becomes addresses; tests inject one that answers loopback for a public-looking name. */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;

/** Why a guarded fetch failed; each has words in both languages in ./strings.ts. */
export type FetchErrorCode =
  'scheme' | 'bad-url' | 'blocked-address' | 'too-large' | 'timeout' | 'too-many-redirects' | 'http-status' | 'network' | 'aborted';

export class GuardedFetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

export interface GuardedFetchOptions {
  resolver?: Resolver;
  /** Host names the person allowed to be private (e.g. `localhost` for their own SearXNG or a local wiki). */
  allowedHosts?: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface GuardedResponse {
  /** The URL the body came from, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export const FETCH_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 20_000, maxRedirects: 5 } as const;

const notPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
  ['100::', 64],
] as const)
  notPublic.addSubnet(net, prefix, 'ipv6');

/** True when an address is one a tool may connect to without the person's leave. IPv4-mapped IPv6 is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    if (/^::ffff:/i.test(address)) return false;
    return !notPublic.check(address, 'ipv6');
  }
  return !notPublic.check(address, 'ipv4');
}

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** The address to connect to for `hostname`, after checking every address it resolves to. */
export async function checkedAddress(
  hostname: string,
  resolver: Resolver,
  allowedHosts: readonly string[],
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  const addresses = literal ? [{ address: bare, family: literal as 4 | 6 }] : await resolver(bare);
  if (addresses.length === 0) throw new GuardedFetchError('network', hostname);
  const allowed = allowedHosts.some((h) => h.toLowerCase() === bare.toLowerCase());
  if (!allowed) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new GuardedFetchError('blocked-address', `${hostname} → ${bad.address}`);
  }
  return addresses[0]!;
}

/** GET `url` within the limits; follows at most `maxRedirects` redirects, checking each hop like the first. */
export async function guardedFetch(url: string, options: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  const resolver = options.resolver ?? systemResolver;
  const allowedHosts = options.allowedHosts ?? [];
  const maxBytes = options.maxBytes ?? FETCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FETCH_LIMITS.maxRedirects;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? FETCH_LIMITS.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const failure = (): GuardedFetchError =>
    timeout.aborted ? new GuardedFetchError('timeout', url) : new GuardedFetchError('aborted', url);
  let current = url;
  for (let hop = 0; ; hop++) {
    let parsed: URL;
    try {
      parsed = new URL(current);
    } catch {
      throw new GuardedFetchError('bad-url', current);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new GuardedFetchError('scheme', parsed.protocol);
    if (signal.aborted) throw failure();
    const target = await checkedAddress(parsed.hostname, resolver, allowedHosts);
    if (signal.aborted) throw failure();
    const response = await requestOnce(parsed, target, maxBytes, signal, failure);
    if (response.status >= 300 && response.status < 400 && response.location) {
      if (hop >= maxRedirects) throw new GuardedFetchError('too-many-redirects', String(maxRedirects));
      current = new URL(response.location, parsed).toString();
      continue;
    }
    if (response.status >= 400) throw new GuardedFetchError('http-status', String(response.status));
    return { url: parsed.toString(), status: response.status, contentType: response.contentType, body: response.body };
  }
}

function requestOnce(
  url: URL,
  target: { address: string; family: 4 | 6 },
  maxBytes: number,
  signal: AbortSignal,
  failure: () => GuardedFetchError,
): Promise<{ status: number; contentType: string; location?: string; body: Buffer }> {
  // The socket connects to the checked address whatever the name resolves to now; TLS still checks the name.
  const lookup: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        lookup,
        signal,
        headers: { 'user-agent': 'TinyAgent/0.1 (+fetch_page)', accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '');
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.destroy();
          resolve({ status, contentType, location, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > maxBytes) {
          response.destroy();
          reject(new GuardedFetchError('too-large', String(maxBytes)));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new GuardedFetchError('too-large', String(maxBytes)));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(signal.aborted ? failure() : new GuardedFetchError('network', error.message)));
      },
    );
    request.on('error', (error) =>
      reject(signal.aborted ? failure() : error instanceof GuardedFetchError ? error : new GuardedFetchError('network', error.message)),
    );
    request.end();
  });
}
