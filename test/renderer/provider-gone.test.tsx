// The header's model picker and the composer when there is no model to send to: before any provider exists the
// picker says "No model — Set up" (never a provider nobody chose) and opens the welcome panel; a chat whose provider
// was removed or switched off says so, Send refuses without asking main, and the banner offers to choose a model.
import { cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { renderApp, settle, state } from './harness';
import type userEvent from '@testing-library/user-event';

let fake: FakeApi;
let user: ReturnType<typeof userEvent.setup>;
const picker = () => screen.getByTestId('model-picker');
const composer = () => screen.getByTestId('composer-input') as HTMLTextAreaElement;

describe('before any provider exists', () => {
  beforeEach(async () => {
    fake = createFakeApi();
    fake.settings.providers = [];
    fake.settings.defaultModel = null;
    fake.storedKeys.clear();
    fake.localServers = [{ presetId: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1', models: ['llama3.1:8b'] }];
    ({ user } = await renderApp(fake));
  });

  it('the header says "No model — Set up", also while Ollama is picked in the panel, and after Later the hint names no provider', async () => {
    expect(picker().getAttribute('aria-label')).toBe('No model — Set up');
    expect(picker().dataset.state).toBe('none');
    await user.click(within(screen.getByTestId('welcome-local-server')).getByRole('button', { name: 'Use Ollama' }));
    expect(picker().getAttribute('aria-label')).toBe('No model — Set up');

    await user.click(screen.getByTestId('welcome-later'));
    expect(screen.queryByTestId('welcome')).toBeNull();
    expect(screen.getByTestId('setup-hint').textContent).toContain('Set up a provider to start chatting.');
    expect(picker().getAttribute('aria-label')).toBe('No model — Set up');

    // The picker is the way back to setting one up.
    await user.click(picker());
    expect(screen.getByTestId('welcome')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('once a provider is set up, the header names its model and provider', async () => {
    await user.click(within(screen.getByTestId('welcome-local-server')).getByRole('button', { name: 'Use Ollama' }));
    await user.click(screen.getByTestId('welcome-done'));
    await settle();
    expect(screen.queryByTestId('welcome')).toBeNull();
    expect(picker().dataset.state).toBe('ready');
    expect(picker().textContent).toBe('llama3.1:8b 127.0.0.1:11434▾');
  });

  it('in Chinese too', async () => {
    cleanup();
    fake.settings.language = 'zh-CN';
    fake.settings.locale = 'zh-CN';
    ({ user } = await renderApp(fake));
    expect(picker().getAttribute('aria-label')).toBe('没有模型 — 去设置');
  });
});

describe('a chat whose provider is gone', () => {
  beforeEach(async () => {
    fake = createFakeApi();
    fake.settings.providers.push({
      id: 'p-off',
      name: 'Sleepy',
      presetId: 'custom',
      baseUrl: 'https://off.example/v1',
      model: 'off-1',
      models: ['off-1'],
      enabled: false,
      hasApiKey: true,
      fromEnv: false,
    });
    fake.addSession({
      name: 'Orphan',
      chat: { model: { providerId: 'p-gone', model: 'old-model' }, params: {} },
      messages: [systemMessage(), userMessage('Hi'), assistantMessage('Hello.')],
    });
    fake.addSession({ name: 'Dozing', chat: { model: { providerId: 'p-off', model: 'off-1' }, params: {} } });
    ({ user } = await renderApp(fake));
  });

  it('the picker says the provider is not available; Send refuses without asking main and offers to choose a model', async () => {
    await user.click(screen.getByText('Orphan'));
    await settle();
    expect(picker().dataset.state).toBe('unavailable');
    expect(picker().textContent).toBe('old-model (provider not available) ▾');

    await user.type(composer(), 'Still there?{Enter}');
    await settle();
    expect(fake.callsOf('send')).toEqual([]);
    expect(composer().value).toBe('Still there?');
    const banner = screen.getByTestId('error-banner');
    expect(banner.dataset.code).toBe('provider_unavailable');
    expect(within(banner).getByTestId('error-detail').textContent).toBe(
      '“old-model” can no longer be used: the provider this chat ran on was removed or replaced in Settings. Your message was not sent.',
    );
    expect(within(banner).queryByTestId('error-retry')).toBeNull();

    // "Choose a model" opens the picker's list; a choice clears the banner and the next send goes to it.
    await user.click(within(banner).getByTestId('error-choose-model'));
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.click(screen.getAllByTestId('model-option').find((o) => o.dataset.model === 'gpt-4o')!);
    await settle();
    expect(screen.queryByTestId('error-banner')).toBeNull();
    expect(picker().dataset.state).toBe('ready');
    await user.click(screen.getByTestId('send'));
    await settle();
    expect(fake.callsOf('send')).toEqual([{ sessionId: state().currentSession.id, text: 'Still there?' }]);
  });

  it('a switched-off provider is named, and its chat sends nothing either', async () => {
    await user.click(screen.getByText('Dozing'));
    await settle();
    expect(picker().textContent).toBe('off-1 (Sleepy is turned off) ▾');
    await user.type(composer(), 'Hello{Enter}');
    await settle();
    expect(fake.callsOf('send')).toEqual([]);
    expect(screen.getByTestId('error-detail').textContent).toBe(
      'The provider “Sleepy” is turned off. Turn it on in Settings, or choose another model. Your message was not sent.',
    );
  });

  it("main's own refusal (a regenerate) gets the same banner with Choose a model", async () => {
    await user.click(screen.getByText('Orphan'));
    await settle();
    fake.failNext('regenerate', 'provider_unavailable', "This chat's provider was removed.");
    await state().regenerate();
    await settle();
    const banner = screen.getByTestId('error-banner');
    expect(banner.dataset.code).toBe('provider_unavailable');
    expect(within(banner).getByText("This chat's provider is not available.")).toBeTruthy();
    expect(within(banner).getByTestId('error-choose-model')).toBeTruthy();
    expect(within(banner).queryByTestId('error-retry')).toBeNull();
  });
});
