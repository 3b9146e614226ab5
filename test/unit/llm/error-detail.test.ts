// The classifier's details and their sentences: what each failure is called in English (stored) and Chinese (shown),
// that every stored sentence reads back into the detail it came from, and that old wordings still read.
import { APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { errorDetailText, localizeErrorText, readErrorDetail, type ErrorDetail } from '../../../src/shared/error-detail.js';
import { classifyError, errorFrameError, FAILURES, stalledError, timeoutError, type ProviderError } from '../../../src/main/llm/errors.js';
import { mapFinishReason } from '../../../src/main/llm/finish-reason.js';
import { SESSION_MESSAGES } from '../../../src/main/sessions/session-messages.js';

const CTX = { baseUrl: 'https://api.example.com/v1', responded: false, timeoutMs: 60_000, modelId: 'gpt-x' };

function httpError(status: number, message?: string, headers: Record<string, string> = {}): APIError {
  const body = message === undefined ? undefined : { error: { message } };
  return APIError.generate(status, body, undefined, new Headers(headers));
}

function connectionRefused(): Error {
  return Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
}

/** Each failure: how it is classified, its English sentence (stored), and the Chinese one (shown). */
const TABLE: Array<[string, ProviderError, string, string, string]> = [
  ['401', classifyError(httpError(401, 'Incorrect API key provided: sk-abc123'), CTX), 'auth', 'HTTP 401', 'HTTP 401'],
  [
    '402',
    classifyError(httpError(402, 'Insufficient balance'), CTX),
    'out_of_quota',
    'The account is out of quota or balance (HTTP 402): Insufficient balance',
    '账户额度或余额已用完（HTTP 402）：Insufficient balance',
  ],
  [
    '403',
    classifyError(httpError(403, 'Region not supported'), CTX),
    'forbidden',
    'The provider refused the request (HTTP 403): Region not supported',
    '服务商拒绝了请求（HTTP 403）：Region not supported',
  ],
  [
    '404 generic',
    classifyError(httpError(404, 'Not found'), CTX),
    'model_not_found',
    'Unknown model "gpt-x" or wrong endpoint (HTTP 404)',
    '模型“gpt-x”不存在，或接口地址有误（HTTP 404）',
  ],
  [
    '404 without a model',
    classifyError(httpError(404), { ...CTX, modelId: undefined }),
    'model_not_found',
    'Endpoint not found, check the base URL (HTTP 404)',
    '接口不存在，请检查接口地址（HTTP 404）',
  ],
  [
    '404 in words',
    classifyError(httpError(404, 'The model `gpt-x` has been deprecated'), CTX),
    'model_not_found',
    'The model `gpt-x` has been deprecated (HTTP 404)',
    'The model `gpt-x` has been deprecated（HTTP 404）',
  ],
  [
    '429 with retry-after',
    classifyError(httpError(429, 'Slow down', { 'retry-after': '7' }), CTX),
    'rate_limited',
    'Rate limited by the provider (HTTP 429), retry after 7 s: Slow down',
    '服务商限制了请求频率（HTTP 429），7 秒后可重试：Slow down',
  ],
  [
    '429 bare',
    classifyError(httpError(429), CTX),
    'rate_limited',
    'Rate limited by the provider (HTTP 429)',
    '服务商限制了请求频率（HTTP 429）',
  ],
  [
    '502',
    classifyError(httpError(502, 'Overloaded'), CTX),
    'server_error',
    'Provider server error (HTTP 502): Overloaded',
    '服务商的服务器出错（HTTP 502）：Overloaded',
  ],
  [
    '400',
    classifyError(httpError(400, 'context too long'), CTX),
    'unknown',
    'Request rejected (HTTP 400): context too long',
    '请求被拒绝（HTTP 400）：context too long',
  ],
  [
    'error frame',
    errorFrameError({ error: { message: 'The server had an error', type: 'server_error' } }),
    'server_error',
    'Provider error: The server had an error',
    '服务商报告了错误：The server had an error',
  ],
  [
    'error frame, rate limit',
    errorFrameError({ error: { message: 'Too many tokens', code: 'rate_limit_exceeded' } }),
    'rate_limited',
    'Provider error: Too many tokens',
    '服务商报告了错误：Too many tokens',
  ],
  [
    'error frame, no words',
    errorFrameError({ error: {} }),
    'server_error',
    'The provider reported an error mid-stream',
    '服务商在回答过程中报告了错误',
  ],
  [
    'error frame, quota',
    errorFrameError({ error: { message: 'You exceeded your current quota', code: 'insufficient_quota' } }),
    'out_of_quota',
    'The account is out of quota or balance: You exceeded your current quota',
    '账户额度或余额已用完：You exceeded your current quota',
  ],
  [
    'connection refused',
    classifyError(connectionRefused(), CTX),
    'unreachable',
    'Cannot reach api.example.com (connection refused)',
    '无法连接 api.example.com（连接被拒绝）',
  ],
  [
    'invalid base URL',
    classifyError(Object.assign(new TypeError('bad'), { code: 'ERR_INVALID_URL' }), { ...CTX, baseUrl: 'nope' }),
    'unreachable',
    'Invalid base URL "nope"',
    '接口地址“nope”无效',
  ],
  [
    'dropped mid-answer',
    classifyError(new Error('terminated'), { ...CTX, responded: true }),
    'interrupted',
    'The connection closed before the answer finished',
    '回答完成之前连接已断开',
  ],
  ['first-token timeout', timeoutError(1500), 'timeout', 'No response within 1.5 s', '1.5 秒内没有响应'],
  ['stalled', stalledError(60_000), 'timeout', 'The stream stalled: no data for 60 s', '回答中途停滞：60 秒没有收到数据'],
  ['malformed chunk', FAILURES.malformed, 'bad_response', 'The provider sent a malformed stream chunk', '服务商发来的数据块格式有误'],
  [
    'no answer',
    FAILURES.noAnswer,
    'bad_response',
    'The stream ended without an answer or a finish reason',
    '数据流结束了，但既没有回答也没有结束原因',
  ],
  [
    'unknown finish reason',
    (mapFinishReason('content_filter') as { error: ProviderError }).error,
    'bad_response',
    'Provider finish_reason: content_filter',
    '服务商给出了未知的结束原因：content_filter',
  ],
  ['stopped', FAILURES.aborted, 'aborted', 'Stopped by user', '已被你停止'],
  ['anything else', classifyError(new RangeError('boom'), CTX), 'unknown', 'Unexpected error: boom', '意外错误：boom'],
];

describe('provider failures in words', () => {
  it.each(TABLE)('%s → %s, its English sentence stored, its Chinese one shown', (_name, error, code, en, zh) => {
    expect(error.code).toBe(code);
    expect(error.message).toBe(en);
    expect(errorDetailText('en', error.detail!)).toBe(en);
    expect(errorDetailText('zh-CN', error.detail!)).toBe(zh);
  });

  it.each(TABLE)('%s: the stored sentence reads back into the same detail, in both languages', (_name, error, _code, en, zh) => {
    expect(readErrorDetail(en)).toEqual(error.detail);
    expect(localizeErrorText('zh-CN', en)).toBe(zh);
    expect(localizeErrorText('en', en)).toBe(en);
  });

  it('keeps the API key out of the provider words it quotes', () => {
    const error = classifyError(httpError(500, 'bad key sk-live-1234567'), { ...CTX, apiKey: 'sk-live-1234567' });
    expect(error.message).toBe('Provider server error (HTTP 500): bad key ***');
    expect(localizeErrorText('zh-CN', error.message)).toBe('服务商的服务器出错（HTTP 500）：bad key ***');
  });

  it.each<[string, ErrorDetail | undefined, string]>([
    ['Invalid or missing API key (HTTP 401)', { kind: 'auth', params: {} }, 'HTTP 401'],
    ['Unexpected error', { kind: 'unexpected', params: {} }, '意外错误'],
    ['Model request failed', { kind: 'request_failed', params: {} }, '模型请求失败'],
    ['Something a provider said in 2024', undefined, 'Something a provider said in 2024'],
  ])('reads the older stored sentence %j (or shows an unknown one as it is)', (text, detail, zh) => {
    expect(readErrorDetail(text)).toEqual(detail);
    expect(localizeErrorText('zh-CN', text)).toBe(zh);
  });

  it('has no Latin words left in a Chinese sentence but the provider words, hosts, models and numbers it names', () => {
    for (const [, error] of TABLE) {
      const { words, host, model, url, reason } = error.detail!.params;
      let rest = errorDetailText('zh-CN', error.detail!);
      for (const named of [words, host, model, url, error.detail!.kind === 'finish_reason' ? reason : undefined]) {
        if (named) rest = rest.replace(named, '');
      }
      expect(rest.replace(/HTTP|TLS|MB/g, '')).not.toMatch(/[A-Za-z]{2,}/);
    }
  });
});

describe("the banner's second line (session messages)", () => {
  it.each<[string, string, string]>([
    ['Provider error: The server had an error', '服务商报告了错误：The server had an error', 'Provider error: The server had an error'],
    ['HTTP 401', 'HTTP 401', 'HTTP 401'],
    ['The connection closed before the answer finished', '回答完成之前连接已断开', 'The connection closed before the answer finished'],
  ])('%j is worded in the chat language', (detail, zh, en) => {
    expect(SESSION_MESSAGES['zh-CN'].runFailed('server_error', detail)).toBe(zh);
    expect(SESSION_MESSAGES.en.runFailed('server_error', detail)).toBe(en);
  });

  it('names the cause when there is no detail', () => {
    expect(SESSION_MESSAGES['zh-CN'].runFailed('server_error', undefined)).toBe('模型服务报告了错误，请稍后重试。');
    expect(SESSION_MESSAGES.en.runFailed('server_error', undefined)).toBe('The model service reported an error. Please try again.');
  });
});
