// What went wrong with a model request, as a kind plus parameters, and its sentence in each language.
//
// Main's classifier (src/main/llm/errors.ts) builds a detail and stores its English sentence as the message's
// `errorMessage` — the text logs, exports and older builds show. Where a person reads it, the text is read back into
// its detail (`readErrorDetail`) and written in their language (`errorDetailText`): main's session messages for the
// banner, the renderer for the note under a broken answer. Text that is no known sentence (older files, other
// producers) is shown as it is. The provider's own words (`words`) stay as the provider wrote them.
import type { Locale } from './settings.js';

/** The reasons a connection can fail, named in `unreachable`. */
export type TransportReason =
  'connection refused' | 'host not found' | 'connection reset' | 'connection timed out' | 'network unreachable' | 'TLS certificate problem';

/** Parameters a sentence names. `words` is the provider's own text; numbers are kept as written ("1.5"). */
export interface ErrorDetailParams {
  status?: string;
  words?: string;
  host?: string;
  seconds?: string;
  megabytes?: string;
  model?: string;
  url?: string;
  reason?: string;
  wait?: string;
}

/**
 * A template: `{name}` is a parameter, `[…]` a part present only when every parameter inside it is. English is also
 * the stored form, so it must stay readable back: change an English sentence only by keeping the old one in `legacy`.
 */
interface Template {
  en: string;
  'zh-CN': string;
  /** Older English wordings of the same detail, read back but never written. */
  legacy?: readonly string[];
}

const TEMPLATES = {
  aborted: { en: 'Stopped by user', 'zh-CN': '已被你停止' },
  interrupted: { en: 'The connection closed before the answer finished', 'zh-CN': '回答完成之前连接已断开' },
  malformed: { en: 'The provider sent a malformed stream chunk', 'zh-CN': '服务商发来的数据块格式有误' },
  no_answer: { en: 'The stream ended without an answer or a finish reason', 'zh-CN': '数据流结束了，但既没有回答也没有结束原因' },
  too_large: { en: 'The provider sent a stream event larger than {megabytes} MB', 'zh-CN': '服务商发来的单条数据超过 {megabytes} MB' },
  redirect: {
    en: 'The provider redirected the request to another host ({host}); it was not sent there',
    'zh-CN': '服务商把请求重定向到另一个主机（{host}），请求没有发往那里',
  },
  timeout: { en: 'No response within {seconds} s', 'zh-CN': '{seconds} 秒内没有响应' },
  stalled: { en: 'The stream stalled: no data for {seconds} s', 'zh-CN': '回答中途停滞：{seconds} 秒没有收到数据' },
  invalid_url: { en: 'Invalid base URL "{url}"', 'zh-CN': '接口地址“{url}”无效' },
  unreachable: { en: 'Cannot reach {host}[ ({reason})]', 'zh-CN': '无法连接 {host}[（{reason}）]' },
  // One sentence: the banner's headline and the settings test already say the key was rejected.
  auth: { en: 'HTTP 401', 'zh-CN': 'HTTP 401', legacy: ['Invalid or missing API key (HTTP 401)'] },
  out_of_quota: {
    en: 'The account is out of quota or balance[ (HTTP {status})][: {words}]',
    'zh-CN': '账户额度或余额已用完[（HTTP {status}）][：{words}]',
  },
  forbidden: { en: 'The provider refused the request (HTTP 403)[: {words}]', 'zh-CN': '服务商拒绝了请求（HTTP 403）[：{words}]' },
  unknown_model: {
    en: 'Unknown model "{model}" or wrong endpoint (HTTP 404)',
    'zh-CN': '模型“{model}”不存在，或接口地址有误（HTTP 404）',
  },
  no_endpoint: { en: 'Endpoint not found, check the base URL (HTTP 404)', 'zh-CN': '接口不存在，请检查接口地址（HTTP 404）' },
  rate_limited: {
    en: 'Rate limited by the provider (HTTP 429)[, retry after {wait} s][: {words}]',
    'zh-CN': '服务商限制了请求频率（HTTP 429）[，{wait} 秒后可重试][：{words}]',
  },
  server_error: { en: 'Provider server error (HTTP {status})[: {words}]', 'zh-CN': '服务商的服务器出错（HTTP {status}）[：{words}]' },
  rejected: { en: 'Request rejected (HTTP {status})[: {words}]', 'zh-CN': '请求被拒绝（HTTP {status}）[：{words}]' },
  provider_reported: { en: 'Provider error: {words}', 'zh-CN': '服务商报告了错误：{words}' },
  provider_reported_mid_stream: { en: 'The provider reported an error mid-stream', 'zh-CN': '服务商在回答过程中报告了错误' },
  finish_reason: { en: 'Provider finish_reason: {reason}', 'zh-CN': '服务商给出了未知的结束原因：{reason}' },
  not_openai_list: { en: 'The model list is not in the OpenAI format', 'zh-CN': '模型列表不是 OpenAI 格式' },
  unexpected: { en: 'Unexpected error[: {words}]', 'zh-CN': '意外错误[：{words}]' },
  request_failed: { en: 'Model request failed', 'zh-CN': '模型请求失败' },
  // Last: it reads any sentence that ends in "(HTTP 404)".
  not_found_words: { en: '{words} (HTTP 404)', 'zh-CN': '{words}（HTTP 404）' },
} as const satisfies Record<string, Template>;

export type ErrorDetailKind = keyof typeof TEMPLATES;

/** A failure's detail: which sentence, and what it names. */
export interface ErrorDetail {
  kind: ErrorDetailKind;
  params: ErrorDetailParams;
}

const REASONS_ZH: Record<TransportReason, string> = {
  'connection refused': '连接被拒绝',
  'host not found': '找不到主机',
  'connection reset': '连接被重置',
  'connection timed out': '连接超时',
  'network unreachable': '网络不可达',
  'TLS certificate problem': 'TLS 证书有问题',
};

/** The detail's sentence in `locale`. */
export function errorDetailText(locale: Locale, detail: ErrorDetail): string {
  const params: ErrorDetailParams =
    locale === 'zh-CN' && detail.params.reason !== undefined && detail.kind === 'unreachable'
      ? { ...detail.params, reason: REASONS_ZH[detail.params.reason as TransportReason] ?? detail.params.reason }
      : detail.params;
  return fill(TEMPLATES[detail.kind][locale], params);
}

/** The detail an English sentence (as stored) says, or undefined when it is no known sentence. */
export function readErrorDetail(text: string): ErrorDetail | undefined {
  for (const [kind, pattern] of PATTERNS) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const params: ErrorDetailParams = {};
    pattern.names.forEach((name, i) => {
      const value = match[i + 1];
      if (value !== undefined) params[name] = value;
    });
    return { kind, params };
  }
  return undefined;
}

/** A stored English sentence in `locale`: read back and rewritten when it is a known one, else as it is. */
export function localizeErrorText(locale: Locale, text: string): string {
  if (locale === 'en') return text;
  const detail = readErrorDetail(text);
  return detail ? errorDetailText(locale, detail) : text;
}

function fill(template: string, params: ErrorDetailParams): string {
  const present = (name: string): boolean => params[name as keyof ErrorDetailParams] !== undefined;
  return template
    .replace(/\[([^\]]*)\]/g, (_, part: string) => ([...part.matchAll(/\{(\w+)\}/g)].every((m) => present(m[1]!)) ? part : ''))
    .replace(/\{(\w+)\}/g, (_, name: string) => params[name as keyof ErrorDetailParams] ?? '');
}

/** How each parameter is read back: numbers as numbers, the provider's words as anything (they come last). */
const PARAM_PATTERN: Record<keyof ErrorDetailParams, string> = {
  status: '(\\d{3})',
  seconds: '(\\d+(?:\\.\\d+)?)',
  megabytes: '(\\d+(?:\\.\\d+)?)',
  wait: '(\\d+)',
  words: '(.+)',
  host: '(.+?)',
  model: '(.+?)',
  url: '(.*?)',
  reason: '(.+?)',
};

interface Pattern {
  regex: RegExp;
  names: Array<keyof ErrorDetailParams>;
}

function compile(template: string): Pattern {
  const names: Array<keyof ErrorDetailParams> = [];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = (text: string) =>
    text
      .split(/(\{\w+\})/)
      .map((piece) => {
        const name = /^\{(\w+)\}$/.exec(piece)?.[1] as keyof ErrorDetailParams | undefined;
        if (!name) return escape(piece);
        names.push(name);
        return PARAM_PATTERN[name];
      })
      .join('');
  const source = template
    .split(/(\[[^\]]*\])/)
    .map((piece) => (piece.startsWith('[') && piece.endsWith(']') ? `(?:${body(piece.slice(1, -1))})?` : body(piece)))
    .join('');
  return { regex: new RegExp(`^${source}$`, 's'), names };
}

const PATTERNS: Array<[ErrorDetailKind, Pattern]> = Object.entries(TEMPLATES as Record<ErrorDetailKind, Template>).flatMap(
  ([kind, template]) =>
    [template.en, ...(template.legacy ?? [])].map((en) => [kind as ErrorDetailKind, compile(en)] as [ErrorDetailKind, Pattern]),
);
