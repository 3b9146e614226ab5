// One configured `openai` client per request. Retries are off so failures surface at once (the session layer
// decides about retrying); logging is off so nothing the SDK prints can carry request details or the key;
// organization/project are pinned to null so stray OPENAI_* environment variables add no headers.
// Requests go through our own fetch wrapper: it keeps the raw text of an error body (the SDK loses bodies that are
// not `{error:{…}}`, e.g. Gemini's array-wrapped ones), and, for chat requests, follows redirects only within the
// endpoint's own origin — a 307/308 would otherwise re-post the system prompt and history to another host.
import OpenAI from 'openai';

/** Where to send requests. `apiKey` never leaves the main process. */
export interface ProviderEndpoint {
  baseUrl: string;
  apiKey?: string;
}

/** Filled by the fetch wrapper while a request runs: the raw body of an HTTP error answer (capped). */
export interface HttpTap {
  errorBody?: string;
}

export interface ClientOptions {
  /** Refuse redirects to another origin (chat requests: the body is the conversation). */
  sameOriginOnly?: boolean;
  tap?: HttpTap;
}

/** A redirect the client refused to follow; `host` is where it pointed. */
export class RedirectRefusedError extends Error {
  constructor(readonly host: string) {
    super(`Refused a redirect to ${host}`);
    this.name = 'RedirectRefusedError';
  }
}

const MAX_REDIRECTS = 5;
const MAX_ERROR_BODY_BYTES = 64 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Builds a client for `endpoint`; `timeoutMs` is the SDK's own limit (ours are enforced separately). Never throws. */
export function createClient(endpoint: ProviderEndpoint, timeoutMs: number, options: ClientOptions = {}): OpenAI {
  const keyless = !endpoint.apiKey;
  return new OpenAI({
    baseURL: endpoint.baseUrl,
    // Local servers (Ollama, LM Studio) need no key; the SDK insists on one, so send none at all instead.
    apiKey: keyless ? 'no-key' : endpoint.apiKey,
    ...(keyless ? { defaultHeaders: { Authorization: null } } : {}),
    adminAPIKey: null,
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: Math.max(1, Math.ceil(timeoutMs)),
    logLevel: 'off',
    fetch: (url, init) => guardedFetch(String(url instanceof Request ? url.url : url), init ?? {}, options),
  });
}

async function guardedFetch(url: string, init: RequestInit, options: ClientOptions): Promise<Response> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, { ...init, redirect: options.sameOriginOnly ? 'manual' : 'follow' });
    const location = response.headers.get('location');
    if (options.sameOriginOnly && REDIRECT_STATUSES.has(response.status) && location) {
      const next = new URL(location, current);
      await response.body?.cancel().catch(() => undefined);
      if (next.origin !== new URL(current).origin) throw new RedirectRefusedError(next.host);
      if (hop >= MAX_REDIRECTS) throw new RedirectRefusedError(next.host);
      // Same origin (a trailing-slash or version-prefix redirect): the same request again, body included.
      current = next.href;
      continue;
    }
    if (response.ok || !options.tap) return response;
    return keepErrorBody(response, options.tap);
  }
}

/** Reads an error answer's text once, remembers it, and hands the SDK an identical response. */
async function keepErrorBody(response: Response, tap: HttpTap): Promise<Response> {
  const text = await readCapped(response, MAX_ERROR_BODY_BYTES);
  tap.errorBody = text;
  return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The body's text up to `limit` bytes (the rest is not read); '' when it fails to arrive. */
async function readCapped(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (bytes < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      const slice = value.subarray(0, limit - bytes);
      bytes += slice.byteLength;
      text += decoder.decode(slice, { stream: true });
    }
    await reader.cancel().catch(() => undefined);
  } catch {
    // A body that fails to arrive leaves what came, or only the status, to classify.
  }
  return text + decoder.decode();
}
