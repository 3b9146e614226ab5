// Reads a provider's error body, whatever its shape, into the sentence that names the cause. Shapes seen in recorded
// traffic: OpenAI `{error:{message,type,code}}`; Gemini's array-wrapped `[{error:{code,message,status}}]`;
// OpenRouter's `{error:{message:"Provider returned error", metadata:{provider_name, raw}}}` where `raw` (often JSON
// text) holds the upstream's real reason; bare `{message}` / `{detail}` / `{error:"…"}`; plain text.

/** What an error body says. Every field may be missing. */
export interface ErrorBodyInfo {
  /** The most specific human sentence found (OpenRouter's upstream reason when present). */
  message?: string;
  /** `error.code` / `error.type` / Gemini `status`, lower-cased, for classification. */
  codes: string[];
}

/** Messages that carry no information beyond the status code; the upstream reason (if any) replaces them. */
const WRAPPER_MESSAGES = /^(provider returned error|upstream error|internal server error|bad gateway|error)\.?$/i;

/** Parses a body given as text or as already-parsed JSON. Pure; never throws. */
export function readErrorBody(body: unknown): ErrorBodyInfo {
  const value = typeof body === 'string' ? parseJson(body) : body;
  if (value === undefined) {
    const text = typeof body === 'string' ? body.trim() : '';
    // HTML error pages say nothing a person can use here.
    return text && !text.startsWith('<') ? { message: text, codes: [] } : { codes: [] };
  }
  return describe(value, 0);
}

function describe(value: unknown, depth: number): ErrorBodyInfo {
  if (depth > 4) return { codes: [] };
  if (typeof value === 'string') {
    const nested = parseJson(value);
    return nested !== undefined && typeof nested === 'object' ? describe(nested, depth + 1) : { message: value, codes: [] };
  }
  if (Array.isArray(value)) return value.length > 0 ? describe(value[0], depth + 1) : { codes: [] };
  if (!value || typeof value !== 'object') return { codes: [] };
  const record = value as Record<string, unknown>;
  const inner = record.error;
  if (inner && typeof inner === 'object' && !Array.isArray(inner)) return describeError(inner as Record<string, unknown>, depth);
  if (typeof inner === 'string') return { message: inner, codes: codesOf(record) };
  const message = firstString(record.message, record.detail, record.msg, record.error_msg);
  return { ...(message ? { message } : {}), codes: codesOf(record) };
}

function describeError(error: Record<string, unknown>, depth: number): ErrorBodyInfo {
  const codes = codesOf(error);
  let message = firstString(error.message, error.detail);
  const metadata = error.metadata as Record<string, unknown> | undefined;
  const raw = metadata && typeof metadata === 'object' ? metadata.raw : undefined;
  if (raw !== undefined && raw !== null && (!message || WRAPPER_MESSAGES.test(message.trim()))) {
    const upstream = describe(raw, depth + 1);
    codes.push(...upstream.codes);
    const provider = typeof metadata?.provider_name === 'string' ? metadata.provider_name : undefined;
    if (upstream.message) message = provider ? `${provider}: ${upstream.message}` : upstream.message;
  }
  return { ...(message ? { message } : {}), codes };
}

function codesOf(record: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of ['code', 'type', 'status']) {
    const v = record[key];
    if (typeof v === 'string' && v !== '') out.push(v.toLowerCase());
  }
  return out;
}

function firstString(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === 'string' && v.trim() !== '') return v;
  return undefined;
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/** True when the body says the account has no quota, credit or balance left: waiting will not help. */
export function saysOutOfQuota(info: ErrorBodyInfo): boolean {
  if (
    info.codes.some((c) => /insufficient_(quota|balance|credits?|funds)|billing_hard_limit|quota_exceeded_billing|payment_required/.test(c))
  ) {
    return true;
  }
  return /insufficient (account )?(balance|quota|credits?|funds)|exceeded your current quota|out of credits|requires more credits|credit balance is too low|余额不足|欠费/i.test(
    info.message ?? '',
  );
}
