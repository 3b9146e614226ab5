// The settings dialog: presets, the write-only API key, models, connection test, language and theme.
import { cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeApi, type FakeApi } from './fake-api';
import { renderApp, settle } from './harness';
import type userEvent from '@testing-library/user-event';

let fake: FakeApi;
let user: ReturnType<typeof userEvent.setup>;
const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

async function openSettings(): Promise<HTMLElement> {
  await user.click(screen.getByTestId('settings-open'));
  await settle();
  return screen.getByRole('dialog');
}

beforeEach(async () => {
  fake = createFakeApi();
  ({ user } = await renderApp(fake));
});

describe('provider', () => {
  it('a preset fills the base URL and its default model', async () => {
    await openSettings();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'deepseek');
    expect(field('settings-base-url').value).toBe('https://api.deepseek.com/v1');
    expect(field('settings-model').value).toBe('deepseek-chat');

    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.callsOf('updateSettings')).toEqual([
      {
        provider: { presetId: 'deepseek', baseUrl: 'https://api.deepseek.com/v1', model: 'deepseek-chat' },
        systemPrompt: null,
        language: 'en',
        theme: 'light',
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the request limit per message is a number field, and a changed limit is saved', async () => {
    await openSettings();
    const limit = screen.getByRole('spinbutton', { name: 'Model requests per message' }) as HTMLInputElement;
    expect(limit.value).toBe('25');
    await user.clear(limit);
    await user.type(limit, '8');
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.callsOf('updateSettings').at(-1)).toMatchObject({ maxRequestsPerRun: 8 });
  });

  it('offers the endpoint’s models and accepts a typed one', async () => {
    await openSettings();
    const options = [...screen.getByTestId('settings-model-options').querySelectorAll('option')].map((o) => o.value);
    expect(options).toEqual(['gpt-4o-mini', 'gpt-4o']);
    expect(screen.getByTestId('settings-models-status').textContent).toBe('2 models available.');

    await user.clear(field('settings-model'));
    await user.type(field('settings-model'), 'my-finetune');
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.settings.provider.model).toBe('my-finetune');
  });

  it('tests the connection with what is typed and shows the result', async () => {
    await openSettings();
    await user.type(field('settings-api-key'), 'sk-trial');
    await user.click(screen.getByTestId('settings-test'));
    await settle();
    expect(fake.callsOf('testConnection')).toEqual([{ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-trial', model: 'gpt-4o-mini' }]);
    expect(screen.getByTestId('settings-test-result').textContent).toBe('Connection works. Listed 2 models.');

    fake.testResult = { ok: false, message: '401 Unauthorized' };
    await user.click(screen.getByTestId('settings-test'));
    await settle();
    const result = screen.getByTestId('settings-test-result');
    expect(result.textContent).toBe('Connection failed. 401 Unauthorized');
    expect(result.dataset.ok).toBe('false');
  });
});

describe('API key', () => {
  it('is write-only: after saving, the dialog shows that a key is set, never the key', async () => {
    let dialog = await openSettings();
    expect(field('settings-key-state').textContent).toBe('No key saved.');
    await user.type(field('settings-api-key'), 'sk-secret-123');
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.storedKey).toBe('sk-secret-123');

    dialog = await openSettings();
    expect(field('settings-api-key').value).toBe('');
    expect(field('settings-api-key').placeholder).toBe('Key saved. Type a new one to replace it.');
    expect(field('settings-key-state').textContent).toBe('A key is saved.');
    expect(document.body.innerHTML).not.toContain('sk-secret-123');

    // Saving other changes leaves the stored key alone.
    await user.click(within(dialog).getByTestId('settings-save'));
    await settle();
    expect(fake.storedKey).toBe('sk-secret-123');
  });

  it('can be removed explicitly', async () => {
    fake.storedKey = 'sk-old';
    fake.settings.provider.hasApiKey = true;
    cleanup();
    ({ user } = await renderApp(fake));
    await openSettings();
    await user.click(screen.getByRole('button', { name: 'Remove saved key' }));
    await settle();
    expect(fake.storedKey).toBeNull();
    expect(field('settings-key-state').textContent).toBe('No key saved.');
    expect(screen.queryByTestId('settings-clear-key')).toBeNull();
  });

  it('are fetched again when the first load failed', async () => {
    cleanup();
    fake = createFakeApi();
    fake.failNext('getSettings', 'storage', 'settings.json is unreadable');
    ({ user } = await renderApp(fake));
    expect(screen.getByTestId('error-banner').textContent).toContain('settings.json is unreadable');
    await openSettings();
    expect(field('settings-base-url').value).toBe('https://api.openai.com/v1');
    expect(fake.callsOf('getSettings')).toHaveLength(2);
  });

  it('is asked for when the provider needs one', async () => {
    expect(screen.getByTestId('setup-hint').textContent).toContain('Add an API key for OpenAI in Settings');
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
  });
});

describe('language and theme', () => {
  it('switching the language changes the visible strings', async () => {
    expect(screen.getByTestId('new-session').getAttribute('aria-label')).toBe('New chat');
    await openSettings();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(screen.getByTestId('new-session').getAttribute('aria-label')).toBe('新建对话');
    expect(screen.getByTestId('composer-input').getAttribute('placeholder')).toBe('有什么想问的？Enter 发送，Shift+Enter 换行。');
    expect(document.documentElement.lang).toBe('zh-CN');

    await openSettings();
    expect(screen.getByRole('dialog', { name: '设置' })).toBeTruthy();
    expect([...screen.getByRole('combobox', { name: '语言' }).querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '跟随系统',
      '中文',
      'English',
    ]);
  });

  it('the theme lands on <html data-theme>', async () => {
    expect(document.documentElement.dataset.theme).toBe('light');
    await openSettings();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'dark');
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('a refused save keeps the dialog open and says why', async () => {
    await openSettings();
    fake.failNext('updateSettings', 'invalid_input', 'provider.baseUrl: must be an http(s) URL');
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(screen.getByTestId('settings-error').textContent).toBe('Could not save the settings: provider.baseUrl: must be an http(s) URL');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
