// Turns any failure of a provider request into a ProviderErrorCode and a detail (a kind plus what it names) whose
// English sentence is the message: what is stored, logged and exported. The UI heads it by code and shows the
// detail in the person's language (src/shared/error-detail.ts reads the sentence back). Never a stack trace,
// never the API key: every message leaves through `scrubSecrets`.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import {
  errorDetailText,
  type ErrorDetail,
  type TransportReason,
  type ErrorDetailKind,
  type ErrorDetailParams,
} from '../../shared/error-detail.js';
import type { ProviderErrorCode } from '../../shared/messages.js';
import { RedirectRefusedError } from './client.js';
import { readErrorBody, saysOutOfQuota, type ErrorBodyInfo } from './error-body.js';
import { SseEventTooLargeError } from './sse.js';

/** A classified provider failure. */
export interface ProviderError {
  code: ProviderErrorCode;
  /** The English sentence of `detail` (scrubbed). */
  message: string;
  /** Absent only on errors rebuilt from a message alone (`ProviderRequestError`). */
  detail?: ErrorDetail;
}

/** A classified failure whose message is the English sentence of its detail. */
export function providerError(code: ProviderErrorCode, kind: ErrorDetailKind, params: ErrorDetailParams = {}): ProviderError {
  const detail: ErrorDetail = { kind, params };
  return { code, message: errorDetailText('en', detail), detail };
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

/** Failures that name nothing. */
export const FAILURES = {
  aborted: providerError('aborted', 'aborted'),
  interrupted: providerError('interrupted', 'interrupted'),
  malformed: providerError('bad_response', 'malformed'),
  noAnswer: providerError('bad_response', 'no_answer'),
} as const;

const DETAIL_LIMIT = 200;

/** Classifies any thrown value. Never throws. */
export function classifyError(error: unknown, ctx: ErrorContext): ProviderError {
  const raw = classify(error, ctx);
  return { ...raw, message: scrubSecrets(raw.message, ctx.apiKey) };
}

function classify(error: unknown, ctx: ErrorContext): ProviderError {
  if (error instanceof ProviderRequestError) return { code: error.code, message: error.message };
  if (error instanceof APIUserAbortError) return FAILURES.aborted;
  const redirect = findCause(error, RedirectRefusedError);
  if (redirect) return providerError('bad_response', 'redirect', { host: trim(redirect.host) });
  if (error instanceof SseEventTooLargeError)
    return providerError('bad_response', 'too_large', { megabytes: String(error.limit / (1024 * 1024)) });
  if (error instanceof APIConnectionTimeoutError) return timeoutError(ctx.timeoutMs);
  if (error instanceof APIConnectionError) return ctx.responded ? FAILURES.interrupted : unreachable(error, ctx.baseUrl);
  if (error instanceof APIError) {
    // A status means the server refused the request; no status but headers means an `{"error": …}` SSE frame.
    // `instanceof` narrows to the SDK's APIError<any, any, any>; both helpers read only typed fields.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-argument
    if (typeof error.status === 'number') return fromStatus(error.status, error, ctx);
    return errorFrameError({ error: error.error as unknown }, ctx.apiKey);
  }
  if (error instanceof SyntaxError) return FAILURES.malformed;
  if (hasCode(error, 'ERR_INVALID_URL')) return providerError('unreachable', 'invalid_url', { url: trim(ctx.baseUrl) });
  // The body stream failing after the response arrived (undici's "terminated") is a dropped connection.
  if (ctx.responded) return FAILURES.interrupted;
  if (transportReason(error) !== undefined) return unreachable(error, ctx.baseUrl);
  const text = error instanceof Error ? error.message : String(error);
  return providerError('unknown', 'unexpected', { words: trim(text) });
}

/** `No response within N s`, the message for a request or first-token timeout. */
export function timeoutError(timeoutMs: number): ProviderError {
  return providerError('timeout', 'timeout', { seconds: seconds(timeoutMs) });
}

/** The message for a stream that went silent after it had started answering. */
export function stalledError(timeoutMs: number): ProviderError {
  return providerError('timeout', 'stalled', { seconds: seconds(timeoutMs) });
}

/**
 * An `{"error": …}` frame inside a stream, or a JSON error body sent with status 200: the provider reporting an
 * error in its own words — not a reply that could not be read. Out of quota and rate limits keep their own codes.
 */
export function errorFrameError(frame: unknown, apiKey?: string): ProviderError {
  const info = readErrorBody(frame);
  const words = info.message ? scrubSecrets(trim(info.message), apiKey) : undefined;
  const params = words ? { words } : {};
  if (saysOutOfQuota(info)) return providerError('out_of_quota', 'out_of_quota', params);
  const code = info.codes.some((c) => RATE_LIMIT_CODE.test(c)) ? 'rate_limited' : 'server_error';
  return words ? providerError(code, 'provider_reported', params) : providerError(code, 'provider_reported_mid_stream');
}

/** `error.code` / `error.type` values that mean a rate limit (OpenAI `rate_limit_exceeded`, Gemini `RESOURCE_EXHAUSTED`). */
const RATE_LIMIT_CODE = /rate.?limit|too_many_requests|resource_exhausted/;

function fromStatus(status: number, error: APIError, ctx: ErrorContext): ProviderError {
  const info = bodyInfo(error, ctx);
  const words = info.message ? scrubSecrets(trim(info.message), ctx.apiKey) : undefined;
  const said = words ? { words } : {};
  if (status === 401) return providerError('auth', 'auth');
  if (status === 402 || saysOutOfQuota(info)) return providerError('out_of_quota', 'out_of_quota', { status: String(status), ...said });
  // A valid key that may not do this: a permission, region or moderation refusal, in the provider's words.
  if (status === 403) return providerError('forbidden', 'forbidden', said);
  if (status === 404) {
    if (words && !GENERIC_NOT_FOUND.test(words)) return providerError('model_not_found', 'not_found_words', said);
    return ctx.modelId
      ? providerError('model_not_found', 'unknown_model', { model: trim(ctx.modelId) })
      : providerError('model_not_found', 'no_endpoint');
  }
  if (status === 429) {
    const wait = retryAfterSeconds(error.headers);
    return providerError('rate_limited', 'rate_limited', { ...(wait === undefined ? {} : { wait: String(wait) }), ...said });
  }
  if (status >= 500) return providerError('server_error', 'server_error', { status: String(status), ...said });
  return providerError('unknown', 'rejected', { status: String(status), ...said });
}

/** 404 texts that say no more than "unknown model or wrong endpoint" does. */
const GENERIC_NOT_FOUND =
  /\b(does not exist|not found|no such (model|file|route)|unknown (model|url|path)|model_not_found)\b|^\d{3}\b|^not found$/i;

function unreachable(error: unknown, baseUrl: string): ProviderError {
  const reason = transportReason(error);
  return providerError('unreachable', 'unreachable', { host: hostOf(baseUrl), ...(reason ? { reason } : {}) });
}

/** Walks the `cause` chain (SDK error → fetch TypeError → socket error) for a system error code. */
function transportReason(error: unknown): TransportReason | '' | undefined {
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
