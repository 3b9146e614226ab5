// The settings dialog: providers (list, editor with one list of models, write-only keys, connection test), prompt
// presets, language and theme, and its one way of saving (each change at once, Done; forms ask before being left).
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
  // These tests start from an OpenAI provider without a key (the first run's welcome panel stays behind Settings).
  fake.storedKeys.clear();
  fake.settings.providers[0]!.hasApiKey = false;
  ({ user } = await renderApp(fake));
});

/** Opens the editor of the provider with `id` (or a new one). */
async function openProvider(id: string | null = 'p-openai'): Promise<void> {
  await openSettings();
  if (id === null) await user.click(screen.getByTestId('settings-provider-add'));
  else await user.click(within(providerRow(id)).getByRole('button'));
  await settle();
}

/** The provider editor's model rows as `model:offered` or `model:-`, in order. */
const modelRows = () =>
  screen.getAllByTestId('provider-model').map((row) => `${row.dataset.model}:${row.dataset.offered === 'true' ? 'offered' : '-'}`);
/** Each row's "takes images" box. */
const imageBoxes = () =>
  Object.fromEntries(
    screen
      .getAllByTestId('provider-model')
      .map((row) => [row.dataset.model, (row.querySelector('[data-testid="provider-model-images"]') as HTMLInputElement).checked]),
  );

const providerRow = (id: string) => screen.getAllByTestId('settings-provider').find((row) => row.dataset.providerId === id)!;

describe('providers', () => {
  it('lists each provider with its key state and default mark', async () => {
    fake.settings.providers.push({
      id: 'p-2',
      name: 'b.example',
      presetId: 'custom',
      baseUrl: 'https://b.example/v1',
      model: 'b1',
      models: ['b1'],
      enabled: false,
      hasApiKey: true,
      fromEnv: false,
    });
    cleanup();
    ({ user } = await renderApp(fake));
    await openSettings();
    expect(screen.getAllByTestId('settings-provider').map((row) => row.textContent)).toEqual([
      'OpenAIhttps://api.openai.com/v1DefaultNo keyModels in chats: 2',
      'b.examplehttps://b.example/v1OffKey savedModels in chats: 1',
    ]);
  });

  it('a preset fills the base URL and offers its default model; Save stores only that provider and returns to the list', async () => {
    await openProvider();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'deepseek');
    expect(field('settings-base-url').value).toBe('https://api.deepseek.com/v1');
    expect(modelRows()).toEqual(['gpt-4o-mini:offered', 'gpt-4o:offered', 'deepseek-chat:offered']);

    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.callsOf('saveProvider')).toEqual([
      {
        id: 'p-openai',
        presetId: 'deepseek',
        enabled: true,
        models: ['gpt-4o-mini', 'gpt-4o', 'deepseek-chat'],
        name: 'OpenAI',
        baseUrl: 'https://api.deepseek.com/v1',
        // The app's default model is this provider's and still offered: it stays where chats start.
        model: 'gpt-4o-mini',
      },
    ]);
    expect(fake.callsOf('updateSettings')).toEqual([]);
    expect(screen.getAllByTestId('settings-provider')).toHaveLength(1);
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

  it('a new provider needs only base URL, key and model', async () => {
    await openProvider(null);
    await user.type(field('settings-base-url'), 'https://b.example/v1');
    await user.type(field('settings-api-key'), 'sk-b');
    await user.type(field('settings-model'), 'b-model');
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.callsOf('saveProvider')).toEqual([
      { presetId: 'custom', enabled: true, models: ['b-model'], baseUrl: 'https://b.example/v1', model: 'b-model', apiKey: 'sk-b' },
    ]);
    expect(screen.getAllByTestId('settings-provider').map((row) => row.dataset.providerId)).toEqual(['p-openai', 'p-1']);
  });

  it('shows one list of the provider’s models: each offered in chats or not, taking images or not; refresh and typing add to it', async () => {
    await openProvider();
    expect(screen.queryByTestId('settings-provider-models')).toBeNull();
    expect(modelRows()).toEqual(['gpt-4o-mini:offered', 'gpt-4o:offered']);
    expect(screen.getByTestId('settings-models-status').textContent).toBe('2 of 2 offered in chats');
    fake.models = ['gpt-4o-mini', 'o3', 'deepseek-chat'];
    await user.click(screen.getByTestId('settings-load-models'));
    await settle();
    expect(modelRows()).toEqual(['gpt-4o-mini:offered', 'gpt-4o:offered', 'o3:-', 'deepseek-chat:-']);
    expect(screen.getByTestId('settings-models-status').textContent).toBe('2 of 4 offered in chats');
    // Images: guessed from the id until the person says otherwise.
    expect(imageBoxes()).toEqual({ 'gpt-4o-mini': true, 'gpt-4o': true, o3: true, 'deepseek-chat': false });

    await user.click(screen.getByRole('checkbox', { name: 'o3' }));
    await user.click(screen.getByRole('checkbox', { name: 'gpt-4o' }));
    await user.click(screen.getByRole('checkbox', { name: 'o3 takes images' }));
    await user.type(field('settings-model'), 'my-finetune{Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'my-finetune takes images' }));
    expect(modelRows()).toEqual(['gpt-4o-mini:offered', 'gpt-4o:-', 'o3:offered', 'deepseek-chat:-', 'my-finetune:offered']);
    expect(fake.callsOf('saveProvider')).toEqual([]);
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.callsOf('saveProvider').at(-1)).toMatchObject({
      models: ['gpt-4o-mini', 'o3', 'my-finetune'],
      model: 'gpt-4o-mini',
      takesImages: { o3: false, 'my-finetune': true },
    });
    expect(providerRow('p-openai').textContent).toContain('Models in chats: 3');
  });

  it('a provider with no model offered is not saved: the editor says to tick or add one', async () => {
    await openProvider();
    await user.click(screen.getByRole('checkbox', { name: 'gpt-4o-mini' }));
    await user.click(screen.getByRole('checkbox', { name: 'gpt-4o' }));
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.callsOf('saveProvider')).toEqual([]);
    expect(screen.getByTestId('settings-error').textContent).toBe(
      'Offer at least one model in chats: tick one in the list, or add one by name.',
    );
  });

  it('tests the connection with what is typed and shows the result', async () => {
    await openProvider();
    await user.type(field('settings-api-key'), 'sk-trial');
    await user.click(screen.getByTestId('settings-test'));
    await settle();
    expect(fake.callsOf('testConnection')).toEqual([
      { providerId: 'p-openai', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-trial', model: 'gpt-4o-mini' },
    ]);
    expect(screen.getByTestId('settings-test-result').textContent).toBe('Connection works. Listed 2 models.');

    fake.testResult = { ok: false, message: '401 Unauthorized' };
    await user.click(screen.getByTestId('settings-test'));
    await settle();
    const result = screen.getByTestId('settings-test-result');
    expect(result.textContent).toBe('Connection failed. 401 Unauthorized');
    expect(result.dataset.ok).toBe('false');
  });

  it('moving a provider with a saved key to another address asks first; the default answer drops the key', async () => {
    fake.storedKeys.set('p-openai', 'sk-old');
    fake.settings.providers[0]!.hasApiKey = true;
    cleanup();
    ({ user } = await renderApp(fake));
    await openProvider();
    await user.clear(field('settings-base-url'));
    await user.type(field('settings-base-url'), 'https://other.example/v1');
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.callsOf('saveProvider')).toEqual([]);
    const question = screen.getByRole('alertdialog', { name: 'Keep the saved key for the new address?' });
    expect(question.textContent).toContain('entered for https://api.openai.com. Does it also belong to https://other.example?');
    expect(document.activeElement).toBe(screen.getByTestId('settings-key-move-drop'));
    await user.keyboard('{Enter}');
    await settle();
    expect(fake.callsOf('saveProvider')).toEqual([
      expect.objectContaining({ baseUrl: 'https://other.example/v1', keepKeyForNewOrigin: false }),
    ]);
  });

  it("the default model for new chats is chosen from every enabled provider's models", async () => {
    await openSettings();
    await user.selectOptions(screen.getByTestId('settings-default-model'), 'p-openai\u0000gpt-4o');
    await settle();
    expect(fake.callsOf('updateSettings')).toEqual([{ defaultModel: { providerId: 'p-openai', model: 'gpt-4o' } }]);
  });
});

describe('prompt presets', () => {
  it('a preset starts a new chat with its prompt and parameters', async () => {
    fake.settings.providers[0]!.hasApiKey = true;
    cleanup();
    ({ user } = await renderApp(fake));
    await openSettings();
    const items = within(screen.getByTestId('preset-list')).getAllByTestId('preset-item');
    expect(items.map((item) => item.querySelector('.preset-name')!.textContent)).toEqual(['Translator']);
    await user.click(screen.getByRole('button', { name: 'Start chat with Translator' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(screen.getByTestId('composer-input'), 'Bonjour{Enter}');
    await settle();
    expect(fake.callsOf('createSession')).toEqual([{ systemPrompt: 'Translate.', params: { temperature: 0.3 } }]);
  });

  it('adds a preset with a model and parameters, refusing an out-of-range value', async () => {
    await openSettings();
    await user.click(screen.getByTestId('preset-add'));
    await user.type(field('preset-name'), 'Pirate');
    await user.type(screen.getByTestId('preset-system-prompt'), 'Arr.');
    await user.selectOptions(screen.getByTestId('preset-model'), 'p-openai\u0000gpt-4o');
    await user.type(field('chat-temperature'), '3');
    await user.click(screen.getByTestId('preset-save'));
    expect(screen.getByRole('alert').textContent).toBe('Temperature must be a number from 0 to 2.');
    await user.clear(field('chat-temperature'));
    await user.type(field('chat-temperature'), '1.5');
    await user.click(screen.getByTestId('preset-save'));
    await settle();
    expect(fake.callsOf('updateSettings').at(-1)!.presets!.at(-1)).toEqual({
      id: expect.stringMatching(/^preset-/),
      name: 'Pirate',
      systemPrompt: 'Arr.',
      params: { temperature: 1.5 },
      model: { providerId: 'p-openai', model: 'gpt-4o' },
    });
    expect(within(screen.getByTestId('preset-list')).getAllByTestId('preset-item')).toHaveLength(2);
  });
});

describe('API key', () => {
  it('is write-only: after saving, the editor shows that a key is set, never the key', async () => {
    await openProvider();
    expect(field('settings-key-state').textContent).toBe('No key saved.');
    await user.type(field('settings-api-key'), 'sk-secret-123');
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.storedKeys.get('p-openai')).toBe('sk-secret-123');

    await user.click(within(providerRow('p-openai')).getByRole('button'));
    await settle();
    expect(field('settings-api-key').value).toBe('');
    expect(field('settings-api-key').placeholder).toBe('Key saved. Type a new one to replace it.');
    expect(field('settings-key-state').textContent).toBe('A key is saved.');
    expect(document.body.innerHTML).not.toContain('sk-secret-123');

    // Saving other changes leaves the stored key alone.
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.callsOf('saveProvider').at(-1)).not.toHaveProperty('apiKey');
    expect(fake.storedKeys.get('p-openai')).toBe('sk-secret-123');
  });

  it('can be removed explicitly', async () => {
    fake.storedKeys.set('p-openai', 'sk-old');
    fake.settings.providers[0]!.hasApiKey = true;
    cleanup();
    ({ user } = await renderApp(fake));
    await openProvider();
    await user.click(screen.getByRole('button', { name: 'Remove saved key' }));
    await settle();
    // Like every field of the editor, it takes effect on Save (Cancel keeps the key).
    expect(fake.storedKeys.has('p-openai')).toBe(true);
    expect(field('settings-key-state').textContent).toBe('The saved key is removed when you save.');
    expect(screen.queryByTestId('settings-clear-key')).toBeNull();
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.callsOf('saveProvider').at(-1)).toMatchObject({ id: 'p-openai', apiKey: null });
    expect(fake.storedKeys.has('p-openai')).toBe(false);
  });

  it('are fetched again when the first load failed', async () => {
    cleanup();
    fake = createFakeApi();
    fake.failNext('getSettings', 'storage', 'settings.json is unreadable');
    ({ user } = await renderApp(fake));
    expect(screen.getByTestId('error-banner').textContent).toContain('settings.json is unreadable');
    await openSettings();
    expect(providerRow('p-openai').textContent).toContain('https://api.openai.com/v1');
    expect(fake.callsOf('getSettings')).toHaveLength(2);
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

  it('a refused save says why, and Done tries it again before closing', async () => {
    await openSettings();
    fake.failNext('updateSettings', 'storage', 'the disk is full');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'dark');
    await settle();
    expect(screen.getByTestId('settings-error').textContent).toBe('Could not save the settings: the disk is full');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    expect(fake.callsOf('updateSettings').map((patch) => patch.theme)).toEqual(['dark', 'dark']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});

describe('one way of saving', () => {
  it('each choice is saved when it is made; the page ends with Done, not Cancel and Save', async () => {
    const dialog = await openSettings();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await settle();
    expect(fake.callsOf('updateSettings')).toEqual([{ language: 'zh-CN' }]);
    const footer = screen.getByTestId('settings-save').parentElement!;
    expect([...footer.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['完成']);
    expect(footer.textContent).toContain('更改会即时保存。');
    expect(within(dialog).queryByRole('button', { name: '取消' })).toBeNull();
  });

  it('text typed in a field is saved when the field is left, and by Escape', async () => {
    await openSettings();
    await user.type(screen.getByTestId('settings-system-prompt'), 'Be brief.');
    await user.keyboard('{Escape}');
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsOf('updateSettings')).toEqual([{ systemPrompt: 'Be brief.' }]);
  });

  it('leaving with a preset not saved yet asks first: Keep editing stays, Leave without saving drops it and saves nothing', async () => {
    await openSettings();
    await user.click(screen.getByTestId('preset-add'));
    await user.type(field('preset-name'), 'Pirate');
    await user.keyboard('{Escape}');
    await settle();
    const question = screen.getByRole('alertdialog');
    expect(question.textContent).toContain('Not saved yet: Pirate. Leave Settings without saving it?');
    expect(document.activeElement).toBe(screen.getByTestId('settings-leave-stay'));
    await user.click(screen.getByTestId('settings-leave-stay'));
    expect(field('preset-name').value).toBe('Pirate');
    await user.click(screen.getByTestId('settings-save'));
    await settle();
    await user.click(screen.getByTestId('settings-leave-discard'));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsOf('updateSettings')).toEqual([]);
    expect(fake.settings.presets.map((preset) => preset.name)).toEqual(['Translator']);
  });

  it('a provider being edited counts too; an untouched editor or a saved preset does not ask', async () => {
    await openProvider();
    await user.keyboard('{Escape}');
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    await openProvider();
    await user.type(field('settings-api-key'), 'sk-new');
    await user.click(screen.getByTestId('dialog-close'));
    await settle();
    expect(screen.getByRole('alertdialog').textContent).toContain('Not saved yet: Provider: OpenAI.');
  });
});
