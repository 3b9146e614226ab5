// First run in the window: with no provider that can answer, the welcome panel stands in for the conversation; a send
// opens it and sends nothing; a local server or a preset with its key is tested and saved; one banner at a time.
import { act, cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeApi, type FakeApi } from './fake-api';
import { emit, renderApp, settle, state } from './harness';
import type userEvent from '@testing-library/user-event';

let fake: FakeApi;
let user: ReturnType<typeof userEvent.setup>;
const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

/** The default fake's OpenAI provider without its key: no provider can answer. */
function keyless(api: FakeApi): FakeApi {
  api.storedKeys.clear();
  api.settings.providers[0]!.hasApiKey = false;
  return api;
}

const OLLAMA = { presetId: 'ollama' as const, baseUrl: 'http://127.0.0.1:11434/v1', models: ['llama3.1:8b', 'qwen2.5:7b'] };

beforeEach(async () => {
  fake = keyless(createFakeApi());
  ({ user } = await renderApp(fake));
});

describe('welcome panel', () => {
  it('stands in for the conversation while no provider can answer, and looks for local servers', async () => {
    const panel = screen.getByTestId('welcome');
    expect(screen.getByRole('region', { name: 'Welcome to Tiny Agent' })).toBe(panel);
    expect(fake.callsOf('detectLocalServers')).toHaveLength(1);
    expect(within(panel).getByTestId('welcome-local').textContent).toBe(
      'On this computerNeither Ollama nor LM Studio is running. Start one to chat without an API key, or pick a provider below.',
    );
    expect(field('welcome-preset').value).toBe('openai');
    expect(screen.queryByTestId('setup-hint')).toBeNull();
  });

  it('a send opens it instead: nothing is created or sent, and the text stays in the composer', async () => {
    await user.click(screen.getByTestId('welcome-later'));
    expect(screen.queryByTestId('welcome')).toBeNull();
    expect(screen.getByTestId('setup-hint').textContent).toContain('OpenAI needs an API key before you can chat.');

    await user.type(screen.getByTestId('composer-input'), 'Hello there{Enter}');
    await settle();
    expect(screen.getByTestId('welcome')).toBeTruthy();
    expect(screen.getByTestId('welcome-unsent').textContent).toBe(
      'Your message has not been sent. It stays in the input box until a provider is set up.',
    );
    expect(field('composer-input').value).toBe('Hello there');
    expect(fake.callsOf('createSession')).toEqual([]);
    expect(fake.callsOf('send')).toEqual([]);
    expect(state().sessions).toEqual([]);
  });

  it('offers a local Ollama with its models; choosing it and a model saves a keyless provider as the default', async () => {
    cleanup();
    keyless((fake = createFakeApi()));
    fake.localServers = [OLLAMA];
    ({ user } = await renderApp(fake));
    const server = screen.getByTestId('welcome-local-server');
    expect(server.textContent).toContain('Ollama is running, with 2 models. No API key needed.');
    await user.click(within(server).getByRole('button', { name: 'Use Ollama' }));
    expect(within(server).getByRole('button', { name: 'Selected' }).getAttribute('aria-pressed')).toBe('true');
    expect(field('welcome-preset').value).toBe('ollama');
    expect(screen.getByText('API key (optional)')).toBeTruthy();
    expect([...(screen.getByTestId('welcome-model') as HTMLSelectElement).options].map((o) => o.value)).toEqual(OLLAMA.models);
    await user.selectOptions(screen.getByTestId('welcome-model'), 'qwen2.5:7b');
    await user.click(screen.getByTestId('welcome-done'));
    await settle();
    expect(fake.callsOf('saveProvider')).toEqual([
      { presetId: 'ollama', baseUrl: OLLAMA.baseUrl, model: 'qwen2.5:7b', models: OLLAMA.models },
    ]);
    const added = fake.settings.providers.at(-1)!;
    expect(fake.callsOf('updateSettings')).toEqual([{ defaultModel: { providerId: added.id, model: 'qwen2.5:7b' } }]);
    expect(screen.queryByTestId('welcome')).toBeNull();
    expect(screen.queryByTestId('setup-hint')).toBeNull();

    await user.type(screen.getByTestId('composer-input'), 'Hi{Enter}');
    await settle();
    expect(fake.callsOf('send')).toHaveLength(1);
  });

  it('"Use Ollama" picks the model the server lists first, not the first by name nor the preset\'s; one model is "1 model"', async () => {
    cleanup();
    keyless((fake = createFakeApi()));
    fake.localServers = [
      { ...OLLAMA, models: ['qwen2.5:7b', 'deepseek-r1:8b', 'llama3.1'] },
      { presetId: 'lmstudio', baseUrl: 'http://127.0.0.1:1234/v1', models: ['phi-4'] },
    ];
    ({ user } = await renderApp(fake));
    const [ollama, lmstudio] = screen.getAllByTestId('welcome-local-server');
    expect(lmstudio!.textContent).toContain('LM Studio is running, with 1 model. No API key needed.');
    await user.click(within(ollama!).getByRole('button', { name: 'Use Ollama' }));
    expect(field('welcome-model').value).toBe('qwen2.5:7b');
    expect([...(screen.getByTestId('welcome-model') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'qwen2.5:7b',
      'deepseek-r1:8b',
      'llama3.1',
    ]);
  });

  it('a preset with its key: Done waits for the key, the test shows main’s answer and lists models, the key is never shown again', async () => {
    await user.selectOptions(screen.getByTestId('welcome-preset'), 'deepseek');
    expect(screen.queryByTestId('welcome-base-url')).toBeNull();
    expect(field('welcome-model').value).toBe('deepseek-chat');
    expect(field('welcome-done').disabled).toBe(true);
    await user.type(field('welcome-key'), 'sk-deep-SECRET-42');
    expect(field('welcome-done').disabled).toBe(false);

    fake.models = ['deepseek-chat', 'deepseek-reasoner'];
    fake.testResult = { ok: true, message: 'Connected. 2 models available.', modelCount: 2 };
    await user.click(screen.getByTestId('welcome-test'));
    await settle();
    expect(fake.callsOf('testConnection')).toEqual([
      { baseUrl: 'https://api.deepseek.com/v1', apiKey: 'sk-deep-SECRET-42', model: 'deepseek-chat' },
    ]);
    expect(screen.getByTestId('welcome-test-result').textContent).toBe('Connected. 2 models available.');
    expect(screen.getByTestId('welcome-test-result').dataset.ok).toBe('true');
    await user.selectOptions(screen.getByTestId('welcome-model'), 'deepseek-reasoner');

    await user.click(screen.getByTestId('welcome-done'));
    await settle();
    expect(fake.callsOf('saveProvider')).toEqual([
      {
        presetId: 'deepseek',
        baseUrl: 'https://api.deepseek.com/v1',
        apiKey: 'sk-deep-SECRET-42',
        model: 'deepseek-reasoner',
        models: ['deepseek-chat', 'deepseek-reasoner'],
      },
    ]);
    expect(screen.queryByTestId('welcome')).toBeNull();
    expect(document.body.innerHTML).not.toContain('sk-deep-SECRET-42');
    expect(JSON.stringify(state().settings)).not.toContain('sk-deep-SECRET-42');
  });

  it('a failed test says why, and Done is not taken for a success', async () => {
    fake.testResult = { ok: false, message: 'The API key is invalid or missing. (401)' };
    await user.type(field('welcome-key'), 'sk-wrong');
    await user.click(screen.getByTestId('welcome-test'));
    await settle();
    const result = screen.getByTestId('welcome-test-result');
    expect(result.textContent).toBe('The API key is invalid or missing. (401)');
    expect(result.dataset.ok).toBe('false');
    expect(fake.callsOf('saveProvider')).toEqual([]);
    expect(screen.getByTestId('welcome')).toBeTruthy();
  });

  it('for a chat whose own provider lacks its key, the key goes into that provider', async () => {
    expect(screen.getByTestId('welcome').textContent).toContain('This chat uses OpenAI, which needs an API key.');
    // The environment's stand-in provider (nothing saved yet) is nobody's choice: a first run gets the general words.
    cleanup();
    keyless((fake = createFakeApi()));
    fake.settings.providers[0]!.fromEnv = true;
    ({ user } = await renderApp(fake));
    expect(screen.getByTestId('welcome').textContent).toContain('Connect a provider to start chatting');
    await user.type(field('welcome-key'), 'sk-openai-77');
    await user.click(screen.getByTestId('welcome-done'));
    await settle();
    expect(fake.callsOf('saveProvider')).toEqual([{ id: 'p-openai', apiKey: 'sk-openai-77', model: 'gpt-4o-mini', models: [] }]);
    expect(fake.callsOf('updateSettings')).toEqual([{ defaultModel: { providerId: 'p-openai', model: 'gpt-4o-mini' } }]);
    expect(screen.queryByTestId('welcome')).toBeNull();
  });

  it('opens again from Settings once a provider works: Settings closes and the guide shows, its Later closes it', async () => {
    cleanup();
    fake = createFakeApi();
    ({ user } = await renderApp(fake));
    expect(screen.queryByTestId('welcome')).toBeNull();
    await user.click(screen.getByTestId('settings-open'));
    await user.click(await screen.findByRole('button', { name: 'Setup guide' }));
    await settle();
    expect(screen.queryByTestId('settings-dialog')).toBeNull();
    expect(screen.getByTestId('welcome')).toBeTruthy();
    await user.click(screen.getByTestId('welcome-later'));
    expect(screen.queryByTestId('welcome')).toBeNull();
    expect(screen.queryByTestId('setup-hint')).toBeNull();
  });

  it('is not shown over Settings, nor in a window whose data folder another one holds', async () => {
    await user.click(screen.getByTestId('settings-open'));
    await settle();
    expect(screen.queryByTestId('welcome')).toBeNull();
    cleanup();
    keyless((fake = createFakeApi()));
    fake.appProblems = ['locked'];
    ({ user } = await renderApp(fake));
    expect(screen.queryAllByTestId('welcome')).toHaveLength(0);
  });
});

describe('the updates question', () => {
  it('is asked once: the answer is saved at once, can still be changed while the panel is open, and is not asked again', async () => {
    const question = screen.getByTestId('welcome-updates');
    expect(question.textContent).toBe(
      'Updates' +
        'When on, Tiny Agent asks the release feed for the latest version, at start and once a day — that request is all it sends.' +
        'Look for updates' +
        'Do not look for updates' +
        'You can change this any time in Settings → Updates.',
    );
    expect(field('welcome-updates-on').checked).toBe(false);
    expect(field('welcome-updates-off').checked).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Look for updates' }));
    await settle();
    expect(fake.callsOf('updateDesktop')).toEqual([{ updates: { enabled: true } }]);
    expect(field('welcome-updates-on').checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Do not look for updates' }));
    await settle();
    expect(fake.callsOf('updateDesktop')).toEqual([{ updates: { enabled: true } }, { updates: { enabled: false } }]);
    expect(field('welcome-updates-off').checked).toBe(true);

    cleanup();
    ({ user } = await renderApp(fake));
    expect(screen.getByTestId('welcome')).toBeTruthy();
    expect(screen.queryByTestId('welcome-updates')).toBeNull();
  });

  it('is not asked of someone who already chose in Settings', async () => {
    cleanup();
    keyless((fake = createFakeApi()));
    await fake.api.updateDesktop({ updates: { enabled: false } });
    ({ user } = await renderApp(fake));
    expect(screen.getByTestId('welcome')).toBeTruthy();
    expect(screen.queryByTestId('welcome-updates')).toBeNull();
  });
});

describe('one banner at a time', () => {
  it('a full disk outranks the chat’s storage error and the setup hint; each shows once what outranks it is gone', async () => {
    cleanup();
    keyless((fake = createFakeApi()));
    fake.addSession({ id: 's1', name: 'Chat' });
    fake.appProblems = ['diskFull'];
    ({ user } = await renderApp(fake));
    await user.click(screen.getByTestId('welcome-later'));
    await user.click(screen.getByText('Chat'));
    await settle();
    emit(fake, 's1', { type: 'error', code: 'storage', message: 'Could not save: The disk is full.', unsentText: 'hi' });
    await settle();
    const banners = () => ['app-status', 'error-banner', 'setup-hint'].filter((id) => screen.queryByTestId(id));
    expect(banners()).toEqual(['app-status']);

    fake.appProblems = [];
    await act(async () => user.click(screen.getByTestId('app-status-recheck')));
    await settle();
    expect(banners()).toEqual(['error-banner']);

    await user.click(screen.getByTestId('error-dismiss'));
    expect(banners()).toEqual(['setup-hint']);
    await user.click(screen.getByTestId('setup-hint-open'));
    expect(screen.getByTestId('welcome')).toBeTruthy();
    expect(banners()).toEqual([]);
  });
});
