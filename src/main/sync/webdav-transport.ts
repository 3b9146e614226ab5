// The sync location on a WebDAV server (Nextcloud, Nutstore, any RFC 4918 server), spoken over Node's own fetch with
// PROPFIND, GET, PUT, MOVE and MKCOL. A file lands whole or not at all: it is uploaded under a temporary name in its
// folder and then moved to its name with `Overwrite: F`, so a dropped upload leaves nothing at the real path. Every
// request has a time bound, reads have a size bound, and the password goes only to the configured origin.
import { randomBytes } from 'node:crypto';
import { pathSegments, readMultistatus } from './webdav-multistatus.js';
import { SyncTransportError, type SyncFileEntry, type SyncTransport } from './transport.js';

/** Where and as whom; `fetch` replaces the global one (tests, a proxy-aware one). */
export interface WebdavTransportOptions {
  url: string;
  username: string;
  password: string;
  fetch?: typeof fetch;
  /** Longest one request may take, answer body included (default `WEBDAV_LIMITS.requestTimeoutMs`). */
  requestTimeoutMs?: number;
  /** Largest file `read` accepts (default `WEBDAV_LIMITS.maxReadBytes`); a larger one is refused, never half-read. */
  maxReadBytes?: number;
}

/** Bounds of the WebDAV transport: time per request, bytes per read and per folder listing, redirects, parallel listings. */
export const WEBDAV_LIMITS = {
  requestTimeoutMs: 60_000,
  maxReadBytes: 256 * 1024 * 1024,
  maxListingBytes: 16 * 1024 * 1024,
  maxRedirects: 5,
  listConcurrency: 4,
  /** Removing an upload's leftover after a failure waits this long at most: the failure is what gets reported. */
  cleanupTimeoutMs: 5_000,
} as const;

/** Names of uploads not yet moved to their place; `list` never shows them. */
export const UPLOAD_PREFIX = '.tiny-upload-';

const PROPFIND_BODY =
  '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getcontentlength/></d:prop></d:propfind>';
const REDIRECTS = new Set([301, 302, 307, 308]);
const UNREACHABLE_CAUSES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const INTERRUPTED_CAUSES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_ABORTED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** A WebDAV folder as a `SyncTransport`; throws `SyncTransportError('refused')` at once for a URL it cannot use. */
export function createWebdavTransport(options: WebdavTransportOptions): SyncTransport {
  const base = baseUrl(options.url);
  const baseSegments = pathSegments(base.pathname);
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.requestTimeoutMs ?? WEBDAV_LIMITS.requestTimeoutMs;
  const maxReadBytes = options.maxReadBytes ?? WEBDAV_LIMITS.maxReadBytes;
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`, 'utf8').toString('base64')}`;
  const closing = new AbortController();
  /** Folders known to exist (made here or answered 405 "already there"), as paths relative to the base. */
  const folders = new Map<string, Promise<void>>();

  function urlOf(segments: string[], folder: boolean): URL {
    const relative = segments.map(encodeURIComponent).join('/');
    return new URL(relative + (folder && segments.length > 0 ? '/' : ''), base);
  }

  /** One request, following http(s) redirects by hand (a few at most): credentials go only to the configured origin. */
  async function send(
    method: string,
    target: URL,
    headers: Record<string, string>,
    body?: Uint8Array | string,
    timeout = timeoutMs,
  ): Promise<{ response: Response; signal: AbortSignal }> {
    if (closing.signal.aborted) throw new SyncTransportError('interrupted', 'the WebDAV transport is closed');
    const signal = AbortSignal.any([closing.signal, AbortSignal.timeout(timeout)]);
    let url = target;
    for (let hop = 0; ; hop++) {
      const sent = new Headers(headers);
      if (url.origin === base.origin) sent.set('authorization', authorization);
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method,
          headers: sent,
          body: body as BodyInit | undefined,
          redirect: 'manual',
          signal,
        });
      } catch (error) {
        throw transportError(error, signal, `${method} ${url.pathname}`, 'unreachable');
      }
      if (!REDIRECTS.has(response.status)) return { response, signal };
      await discard(response);
      const location = response.headers.get('location');
      const next = location ? safeUrl(location, url) : null;
      if (!next || hop >= WEBDAV_LIMITS.maxRedirects) {
        throw new SyncTransportError('refused', `${method} ${url.pathname}: a redirect that cannot be followed`);
      }
      url = next;
    }
  }

  async function ensureFolders(segments: string[]): Promise<void> {
    for (let depth = 1; depth <= segments.length; depth++) {
      const key = segments.slice(0, depth).join('/');
      let made = folders.get(key);
      if (!made) {
        made = makeFolder(segments.slice(0, depth));
        folders.set(key, made);
        made.catch(() => folders.delete(key));
      }
      await made;
    }
  }

  async function makeFolder(segments: string[]): Promise<void> {
    const { response } = await send('MKCOL', urlOf(segments, true), {});
    await discard(response);
    // 405: the folder is already there (RFC 4918 §9.3.1); 409: the one it goes in is not, which can only be the base.
    if (response.status === 201 || response.status === 405 || response.ok) return;
    if (response.status === 409) {
      throw new SyncTransportError('not-found', `MKCOL ${segments.join('/')}/: ${base.pathname} does not exist`);
    }
    throw statusError(response, `MKCOL ${segments.join('/')}/`);
  }

  async function readBody(response: Response, signal: AbortSignal, limit: number, what: string): Promise<Uint8Array> {
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limit) {
      await discard(response);
      throw new SyncTransportError('refused', `${what}: ${declared} bytes is over the limit of ${limit}`);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    try {
      const reader = response.body?.getReader();
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > limit) {
          await reader.cancel();
          throw new SyncTransportError('refused', `${what}: over the limit of ${limit} bytes`);
        }
        chunks.push(value);
      }
    } catch (error) {
      throw transportError(error, signal, what, 'interrupted');
    }
    return Buffer.concat(chunks, total);
  }

  async function put(target: URL, bytes: Uint8Array, what: string): Promise<Response> {
    const { response } = await send('PUT', target, { 'content-type': 'application/octet-stream' }, bytes);
    await discard(response);
    if (!response.ok && response.status !== 409) throw statusError(response, what);
    return response;
  }

  /** Removes an upload's leftover unless the failure was that the server could not be reached at all. */
  async function removeQuietly(target: URL, failure?: unknown): Promise<void> {
    if (failure instanceof SyncTransportError && failure.code === 'unreachable') return;
    try {
      const { response } = await send('DELETE', target, {}, undefined, WEBDAV_LIMITS.cleanupTimeoutMs);
      await discard(response);
    } catch {
      // The upload's leftover stays under its temporary name, which `list` never shows.
    }
  }

  async function readFile(segments: string[]): Promise<Uint8Array | null> {
    const what = `GET ${segments.join('/')}`;
    const { response, signal } = await send('GET', urlOf(segments, false), {});
    if (response.status === 404 || response.status === 410) {
      await discard(response);
      return null;
    }
    if (!response.ok) {
      await discard(response);
      throw statusError(response, what);
    }
    return readBody(response, signal, maxReadBytes, what);
  }

  async function listFolder(segments: string[]): Promise<{ files: SyncFileEntry[]; folders: string[][] }> {
    const target = urlOf(segments, true);
    const what = `PROPFIND ${segments.join('/')}/`;
    const { response, signal } = await send(
      'PROPFIND',
      target,
      { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
      PROPFIND_BODY,
    );
    if (response.status === 404 || response.status === 410) {
      await discard(response);
      if (segments.length === 0) throw new SyncTransportError('not-found', `${base.pathname} does not exist`);
      return { files: [], folders: [] };
    }
    if (response.status !== 207) {
      await discard(response);
      throw response.ok
        ? new SyncTransportError('refused', `${what}: HTTP ${response.status}, not a WebDAV answer`)
        : statusError(response, what);
    }
    const text = new TextDecoder().decode(await readBody(response, signal, WEBDAV_LIMITS.maxListingBytes, what));
    let entries;
    try {
      entries = readMultistatus(text, target);
    } catch (error) {
      throw new SyncTransportError('refused', `${what}: ${(error as Error).message}`);
    }
    const prefix = [...baseSegments, ...segments];
    const files: SyncFileEntry[] = [];
    const children: string[][] = [];
    for (const entry of entries) {
      if (entry.segments.length <= prefix.length) continue;
      if (!prefix.every((segment, i) => entry.segments[i] === segment)) continue;
      const relative = entry.segments.slice(baseSegments.length);
      if (relative.some((segment) => !validSegment(segment))) continue;
      if (entry.collection) children.push(relative);
      else if (!relative[relative.length - 1]!.startsWith(UPLOAD_PREFIX)) {
        files.push({ path: relative.join('/'), size: entry.size });
      }
    }
    return { files, folders: children };
  }

  return {
    async list(prefix) {
      const start = folderSegments(prefix);
      const seen = new Set<string>([start.join('/')]);
      const found = new Map<string, SyncFileEntry>();
      // Folder by folder with Depth: 1 (many servers refuse Depth: infinity), a few folders of a level at a time.
      let level: string[][] = [start];
      while (level.length > 0) {
        const next: string[][] = [];
        for (let i = 0; i < level.length; i += WEBDAV_LIMITS.listConcurrency) {
          const batch = level.slice(i, i + WEBDAV_LIMITS.listConcurrency);
          for (const answer of await Promise.all(batch.map(listFolder))) {
            for (const file of answer.files) found.set(file.path, file);
            for (const child of answer.folders) {
              const key = child.join('/');
              if (seen.has(key)) continue;
              seen.add(key);
              next.push(child);
            }
          }
        }
        level = next;
      }
      return [...found.values()];
    },

    async read(path) {
      return readFile(fileSegments(path));
    },

    async write(path, bytes) {
      const segments = fileSegments(path);
      const parent = segments.slice(0, -1);
      const what = `PUT ${path}`;
      await ensureFolders(parent);
      const upload = urlOf([...parent, `${UPLOAD_PREFIX}${randomBytes(8).toString('hex')}`], false);
      try {
        let response = await put(upload, bytes, what);
        if (response.status === 409) {
          // A folder known to exist was removed meanwhile: make the way again, once.
          for (let depth = 1; depth <= parent.length; depth++) folders.delete(parent.slice(0, depth).join('/'));
          await ensureFolders(parent);
          response = await put(upload, bytes, what);
          if (response.status === 409) {
            throw new SyncTransportError('not-found', `${what}: the folder ${base.pathname} does not exist`);
          }
        }
      } catch (error) {
        await removeQuietly(upload, error);
        throw error;
      }
      let moved: Response;
      try {
        moved = (await send('MOVE', upload, { destination: urlOf(segments, false).href, overwrite: 'F' })).response;
        await discard(moved);
      } catch (error) {
        await removeQuietly(upload, error);
        throw error;
      }
      if (moved.ok) return;
      await removeQuietly(upload);
      if (moved.status === 412) {
        // Something is already there: the same bytes (a retry after a lost answer) is success; other bytes are refused.
        const existing = await readFile(segments);
        if (existing && Buffer.from(existing).equals(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) {
          return;
        }
        throw new SyncTransportError('refused', `${path} already exists with other contents`);
      }
      throw statusError(moved, `MOVE ${path}`);
    },

    async close() {
      closing.abort();
    },
  };
}

function baseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SyncTransportError('refused', 'the WebDAV address is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SyncTransportError('refused', 'the WebDAV address must start with http:// or https://');
  }
  if (url.username || url.password) {
    throw new SyncTransportError('refused', 'the WebDAV address must not hold a user name or password');
  }
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

function safeUrl(location: string, from: URL): URL | null {
  try {
    const url = new URL(location, from);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function validSegment(segment: string): boolean {
  return segment !== '' && segment !== '.' && segment !== '..' && !/[\\/\u0000-\u001f]/.test(segment);
}

function fileSegments(path: string): string[] {
  const segments = path.split('/');
  if (!segments.every(validSegment)) throw new SyncTransportError('refused', `not a file path: "${path}"`);
  return segments;
}

function folderSegments(prefix: string): string[] {
  if (prefix === '') return [];
  if (!prefix.endsWith('/')) throw new SyncTransportError('refused', `not a folder path: "${prefix}"`);
  return fileSegments(prefix.slice(0, -1));
}

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to free.
  }
}

function statusError(response: Response, what: string): SyncTransportError {
  const detail = `${what}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  if (response.status === 401 || response.status === 403) return new SyncTransportError('unauthorized', detail);
  if (response.status === 404 || response.status === 410) return new SyncTransportError('not-found', detail);
  return new SyncTransportError('refused', detail);
}

/** A failed fetch or body read as a `SyncTransportError`; `otherwise` is the code of a cause not named here. */
function transportError(error: unknown, signal: AbortSignal, what: string, otherwise: 'unreachable' | 'interrupted'): SyncTransportError {
  if (error instanceof SyncTransportError) return error;
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    if (reason instanceof DOMException && reason.name === 'TimeoutError') {
      return new SyncTransportError(otherwise, `${what}: no answer in time`);
    }
    return new SyncTransportError('interrupted', `${what}: the WebDAV transport was closed`);
  }
  const codes = causeCodes(error);
  const detail = `${what}: ${codes.join(' ') || (error as Error).message}`;
  if (codes.some((code) => UNREACHABLE_CAUSES.has(code))) return new SyncTransportError('unreachable', detail);
  if (codes.some((code) => INTERRUPTED_CAUSES.has(code))) return new SyncTransportError('interrupted', detail);
  return new SyncTransportError(otherwise, detail);
}

function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}
