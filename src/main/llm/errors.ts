// Turns any failure of a provider request into a ProviderErrorCode and a short English sentence naming the
// cause. The UI localizes by code; the message is the fallback and what logs show. Never a stack trace,
// never the API key: every message leaves through `scrubSecrets`.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ProviderErrorCode } from '../../shared/messages.js';
import { RedirectRefusedError } from './client.js';
import { readErrorBody, saysOutOfQuota, type ErrorBodyInfo } from './error-body.js';
import { SseEventTooLargeError } from './sse.js';

/** A classified provider failure. */
export interface ProviderError {
  code: ProviderErrorCode;
  message: string;
}

/** Thrown by `listModels`; `code` and `message` are the classified failure. */
export class ProviderRequestError extends Error implements ProviderError {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderRequestError';
  }
}

/** What the classifier needs to name the cause. */
export interface ErrorContext {
  baseUrl: string;
  apiKey?: string;
  /** Named in the 404 message when the request was about a model. */
  modelId?: string;
  /** True once the HTTP response (status and headers) has arrived: later transport failures are interruptions. */
  responded: boolean;
  /** The limit named in a timeout message. */
  timeoutMs: number;
  /** The raw text of an HTTP error body, when the fetch wrapper kept it (the SDK's parse loses some shapes). */
  rawBody?: string;
}

/** Fixed messages for causes that carry no detail. */
export const MESSAGES = {
  aborted: 'Stopped by user',
  interrupted: 'The connection closed before the answer finished',
  malformed: 'The provider sent a malformed stream chunk',
  noAnswer: 'The stream ended without an answer or a finish reason',
} as const;

const DETAIL_LIMIT = 200;

/** Classifies any thrown value. Never throws. */
export function classifyError(error: unknown, ctx: ErrorContext): ProviderError {
  const raw = classify(error, ctx);
  return { code: raw.code, message: scrubSecrets(raw.message, ctx.apiKey) };
}

function classify(error: unknown, ctx: ErrorContext): ProviderError {
  if (error instanceof ProviderRequestError) return { code: error.code, message: error.message };
  if (error instanceof APIUserAbortError) return { code: 'aborted', message: MESSAGES.aborted };
  const redirect = findCause(error, RedirectRefusedError);
  if (redirect) return { code: 'bad_response', message: redirectMessage(redirect.host) };
  if (error instanceof SseEventTooLargeError)
    return { code: 'bad_response', message: `The provider sent a stream event larger than ${error.limit / (1024 * 1024)} MB` };
  if (error instanceof APIConnectionTimeoutError) return timeoutError(ctx.timeoutMs);
  if (error instanceof APIConnectionError) {
    return ctx.responded ? { code: 'interrupted', message: MESSAGES.interrupted } : unreachable(error, ctx.baseUrl);
  }
  if (error instanceof APIError) {
    // A status means the server refused the request; no status but headers means an `{"error": …}` SSE frame.
    // `instanceof` narrows to the SDK's APIError<any, any, any>; both helpers read only typed fields.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-argument
    if (typeof error.status === 'number') return fromStatus(error.status, error, ctx);
    return errorFrameError({ error: error.error as unknown }, ctx.apiKey);
  }
  if (error instanceof SyntaxError) return { code: 'bad_response', message: MESSAGES.malformed };
  if (hasCode(error, 'ERR_INVALID_URL')) return { code: 'unreachable', message: `Invalid base URL "${trim(ctx.baseUrl)}"` };
  // The body stream failing after the response arrived (undici's "terminated") is a dropped connection.
  if (ctx.responded) return { code: 'interrupted', message: MESSAGES.interrupted };
  if (transportReason(error) !== undefined) return unreachable(error, ctx.baseUrl);
  const text = error instanceof Error ? error.message : String(error);
  return { code: 'unknown', message: `Unexpected error: ${trim(text)}` };
}

/** `No response within N s`, the message for a request or first-token timeout. */
export function timeoutError(timeoutMs: number): ProviderError {
  return { code: 'timeout', message: `No response within ${seconds(timeoutMs)} s` };
}

/** The message for a stream that went silent after it had started answering. */
export function stalledError(timeoutMs: number): ProviderError {
  return { code: 'timeout', message: `The stream stalled: no data for ${seconds(timeoutMs)} s` };
}

/** The message for a redirect we did not follow: it names where the request would have gone. */
export function redirectMessage(host: string): string {
  return `The provider redirected the request to another host (${trim(host)}); it was not sent there`;
}

/** An `{"error": …}` frame inside a stream, or a JSON error body sent with status 200: the provider's reason. */
export function errorFrameError(frame: unknown, apiKey?: string): ProviderError {
  const info = readErrorBody(frame);
  const detail = info.message ? scrubSecrets(trim(info.message), apiKey) : '';
  if (saysOutOfQuota(info))
    return { code: 'out_of_quota', message: `The account is out of quota or balance${detail ? `: ${detail}` : ''}` };
  return { code: 'bad_response', message: detail ? `Provider error: ${detail}` : 'The provider reported an error mid-stream' };
}

function fromStatus(status: number, error: APIError, ctx: ErrorContext): ProviderError {
  const info = bodyInfo(error, ctx);
  const detail = info.message ? scrubSecrets(trim(info.message), ctx.apiKey) : '';
  const suffix = detail ? `: ${detail}` : '';
  if (status === 401) return { code: 'auth', message: `Invalid or missing API key (HTTP 401)` };
  if (status === 402 || saysOutOfQuota(info)) {
    return { code: 'out_of_quota', message: `The account is out of quota or balance (HTTP ${status})${suffix}` };
  }
  // A valid key that may not do this: a permission, region or moderation refusal, in the provider's words.
  if (status === 403) return { code: 'forbidden', message: `The provider refused the request (HTTP 403)${suffix}` };
  if (status === 404) {
    if (detail && !GENERIC_NOT_FOUND.test(detail)) return { code: 'model_not_found', message: `${detail} (HTTP 404)` };
    const message = ctx.modelId
      ? `Unknown model "${trim(ctx.modelId)}" or wrong endpoint (HTTP 404)`
      : 'Endpoint not found, check the base URL (HTTP 404)';
    return { code: 'model_not_found', message };
  }
  if (status === 429) {
    const wait = retryAfterSeconds(error.headers);
    const retry = wait === undefined ? '' : `, retry after ${wait} s`;
    return { code: 'rate_limited', message: `Rate limited by the provider (HTTP 429)${retry}${suffix}` };
  }
  if (status >= 500) return { code: 'server_error', message: `Provider server error (HTTP ${status})${suffix}` };
  return { code: 'unknown', message: `Request rejected (HTTP ${status})${suffix}` };
}

/** 404 texts that say no more than "unknown model or wrong endpoint" does. */
const GENERIC_NOT_FOUND =
  /\b(does not exist|not found|no such (model|file|route)|unknown (model|url|path)|model_not_found)\b|^\d{3}\b|^not found$/i;

function unreachable(error: unknown, baseUrl: string): ProviderError {
  const reason = transportReason(error);
  return { code: 'unreachable', message: `Cannot reach ${hostOf(baseUrl)}${reason ? ` (${reason})` : ''}` };
}

/** Walks the `cause` chain (SDK error → fetch TypeError → socket error) for a system error code. */
function transportReason(error: unknown): string | undefined {
  const codes = new Set<string>();
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.add(code);
    const nested = (current as { errors?: unknown }).errors; // AggregateError from happy-eyeballs connects
    if (Array.isArray(nested)) for (const e of nested as { code?: unknown }[]) if (typeof e?.code === 'string') codes.add(e.code);
    current = (current as { cause?: unknown }).cause;
  }
  const has = (...names: string[]): boolean => names.some((n) => codes.has(n));
  if (has('ECONNREFUSED')) return 'connection refused';
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA')) return 'host not found';
  if (has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET')) return 'connection reset';
  if (has('ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT')) return 'connection timed out';
  if (has('EHOSTUNREACH', 'ENETUNREACH')) return 'network unreachable';
  if ([...codes].some((c) => c.startsWith('ERR_TLS') || c.includes('CERT'))) return 'TLS certificate problem';
  if (error instanceof APIConnectionError || (error instanceof TypeError && error.message === 'fetch failed')) return '';
  return undefined;
}

/** What the error body says: the kept raw text first, else what the SDK parsed, else the SDK's message text. */
function bodyInfo(error: APIError, ctx: ErrorContext): ErrorBodyInfo {
  if (ctx.rawBody !== undefined && ctx.rawBody.trim() !== '') return readErrorBody(ctx.rawBody);
  if (error.error !== undefined) return readErrorBody({ error: error.error });
  if (typeof error.status !== 'number') return { codes: [] };
  // Not JSON: the SDK put "<status> <raw text>" in the message.
  const rawText = error.message.replace(new RegExp(`^${error.status}\\s*`), '');
  return /status code \(no body\)/.test(rawText) ? { codes: [] } : readErrorBody(rawText);
}

/** The first error of `type` along the `cause` chain. */
function findCause<T>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    if (current instanceof type) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return Math.ceil(ms / 1000);
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const secs = Number(value);
  if (Number.isFinite(secs) && secs >= 0) return Math.ceil(secs);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Removes the API key and anything shaped like a secret key or bearer token from text meant for people. */
export function scrubSecrets(text: string, apiKey?: string): string {
  let out = text;
  if (apiKey && apiKey.length >= 4) out = out.split(apiKey).join('***');
  return out.replace(/\bsk-[A-Za-z0-9._*-]{3,}/g, 'sk-***').replace(/\bBearer\s+[^\s"',;]+/gi, 'Bearer ***');
}

/** "0.3", "60", "1.5": seconds without trailing zeros. */
function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || trim(baseUrl);
  } catch {
    return trim(baseUrl);
  }
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

function trim(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > DETAIL_LIMIT ? `${flat.slice(0, DETAIL_LIMIT - 1)}…` : flat;
}
