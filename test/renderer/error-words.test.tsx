// What a failed answer says, in Chinese and English: the banner (headline by code, then what happened), the red note
// under a broken answer (stored in English, shown in the chat language), and Open Settings on a rejected key.
import { act, cleanup, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AssistantMessage, ProviderErrorCode } from '../../src/shared/messages';
import { FailedNote } from '../../src/renderer/src/chat/FailedNote';
import { LocaleContext, type Locale } from '../../src/renderer/src/i18n';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { emit, renderApp, settle, state } from './harness';

/** Each code with the English sentence main's classifier stores for it, and the provider's words inside (kept as written). */
const CASES: Array<[ProviderErrorCode, string, string]> = [
  ['auth', 'HTTP 401', ''],
  ['forbidden', 'The provider refused the request (HTTP 403): Region not supported', 'Region not supported'],
  ['out_of_quota', 'The account is out of quota or balance (HTTP 402): Insufficient balance', 'Insufficient balance'],
  ['model_not_found', 'Unknown model "gpt-x" or wrong endpoint (HTTP 404)', 'gpt-x'],
  ['rate_limited', 'Rate limited by the provider (HTTP 429), retry after 7 s', ''],
  ['server_error', 'Provider error: The server had an error', 'The server had an error'],
  ['unreachable', 'Cannot reach api.example.com (connection refused)', 'api.example.com'],
  ['timeout', 'No response within 60 s', ''],
  ['interrupted', 'The connection closed before the answer finished', ''],
  ['bad_response', 'The provider sent a malformed stream chunk', ''],
  ['empty_reply', '', ''],
  ['aborted', 'Stopped by user', ''],
  ['unknown', 'Request rejected (HTTP 400): context too long', 'context too long'],
];

/** Latin words left once the provider's words and the names that stay as they are (HTTP, API) are taken out. */
function latinWords(text: string, words: string): string[] {
  const rest = (words ? text.replace(words, '') : text).replace(/\bHTTP\b|\bAPI\b/g, '');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

let fake: FakeApi;
let user: Awaited<ReturnType<typeof renderApp>>['user'];

async function openChat(language: Locale): Promise<void> {
  fake = createFakeApi();
  fake.settings.language = language;
  fake.addSession({ id: 'a', name: 'Alpha', messages: [systemMessage(), userMessage('hi'), assistantMessage('hello')] });
  ({ user } = await renderApp(fake));
  await act(() => state().openSession('a'));
  await settle();
}

function fail(code: ProviderErrorCode, message: string): void {
  emit(fake, 'a', { type: 'run_start', userText: 'write a poem' });
  emit(fake, 'a', { type: 'error', code, message, unsentText: 'write a poem' });
  emit(fake, 'a', { type: 'run_end', committed: false });
}

describe('the banner in Chinese', () => {
  it.each(CASES)('%s: the headline and the detail are Chinese, only the provider’s words stay', async (code, english, words) => {
    await openChat('zh-CN');
    fail(code, english);
    const banner = screen.getByTestId('error-banner');
    expect(banner.dataset.code).toBe(code);
    expect(latinWords(banner.textContent ?? '', words)).toEqual([]);
    if (words) expect(screen.getByTestId('error-detail').textContent).toContain(words);
  });

  it('shows the server error frame as the provider reporting an error, not as an unreadable reply', async () => {
    await openChat('zh-CN');
    fail('server_error', 'Provider error: The server had an error');
    expect(screen.getByTestId('error-banner').querySelector('.error-cause')?.textContent).toBe('模型服务报告了错误，请稍后再试。');
    expect(screen.getByTestId('error-detail').textContent).toBe('服务商报告了错误：The server had an error');
  });
});

describe('a rejected API key', () => {
  it.each<[Locale, string, string]>([
    ['en', 'The API key was rejected. Check it in Settings.', 'Open Settings'],
    ['zh-CN', 'API 密钥被拒绝，请在设置中检查。', '打开设置'],
  ])('%s: one sentence, HTTP 401 beside it, and Open Settings opens Settings (Retry stays)', async (language, headline, button) => {
    await openChat(language);
    fail('auth', 'HTTP 401');
    const banner = screen.getByTestId('error-banner');
    expect(banner.querySelector('.error-cause')?.textContent).toBe(headline);
    expect(screen.getByTestId('error-detail').textContent).toBe('HTTP 401');
    expect(screen.getByTestId('error-retry')).toBeTruthy();
    const open = screen.getByTestId('error-open-settings');
    expect(open.textContent).toBe(button);
    expect(state().settingsOpen).toBe(false);
    await user.click(open);
    await settle();
    expect(state().settingsOpen).toBe(true);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('is offered on the auth banner only', async () => {
    await openChat('en');
    fail('server_error', 'Provider server error (HTTP 502)');
    expect(screen.queryByTestId('error-open-settings')).toBeNull();
  });
});

describe('the note under a broken answer', () => {
  beforeEach(() => cleanup());
  const broken = (fields: Partial<AssistantMessage>): AssistantMessage => ({ ...assistantMessage('partial', 'error'), ...fields });
  const note = (locale: Locale, message: AssistantMessage) => {
    render(
      <LocaleContext.Provider value={locale}>
        <FailedNote message={message} />
      </LocaleContext.Provider>,
    );
    return screen.getByTestId('message-error').textContent ?? '';
  };

  it.each(CASES.filter(([, english]) => english))('%s: a stored English sentence reads Chinese', (code, english, words) => {
    const text = note('zh-CN', broken({ errorCode: code, errorMessage: english }));
    expect(latinWords(text, words)).toEqual([]);
  });

  it.each<[Locale, Partial<AssistantMessage>, string]>([
    [
      'zh-CN',
      { errorCode: 'server_error', errorMessage: 'Provider error: The server had an error' },
      '模型服务报告了错误，请稍后再试。 服务商报告了错误：The server had an error',
    ],
    [
      'en',
      { errorCode: 'server_error', errorMessage: 'Provider error: The server had an error' },
      'The model service reported an error. Try again later. Provider error: The server had an error',
    ],
    [
      'zh-CN',
      { errorCode: 'interrupted', errorMessage: 'The connection closed before the answer finished' },
      '回答传输过程中连接断开了。 回答完成之前连接已断开',
    ],
    // An older file: its 401 wording, and a sentence no template knows, which shows as it is.
    ['zh-CN', { errorCode: 'auth', errorMessage: 'Invalid or missing API key (HTTP 401)' }, 'API 密钥被拒绝，请在设置中检查。 HTTP 401'],
    ['zh-CN', { errorMessage: 'Something the provider said' }, '回答因出错而中断。 Something the provider said'],
    ['en', {}, 'The answer ended with an error.'],
  ])('%s %j → %j', (locale, fields, expected) => {
    expect(note(locale, broken(fields))).toBe(expected);
  });
});
