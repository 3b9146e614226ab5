// A model and a prompt per chat in the shell: the header's model picker (grouped, filterable, keyboard-usable), the
// chat settings panel, and the draft chat carrying its choices into its creation.
import { cleanup, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MessageMeta } from '../../src/renderer/src/chat/MessageMeta';
import { emptyUsage, type AssistantMessage } from '../../src/shared/messages';
import { createFakeApi, type FakeApi } from './fake-api';
import { renderApp, settle } from './harness';
import type userEvent from '@testing-library/user-event';

let fake: FakeApi;
let user: ReturnType<typeof userEvent.setup>;

beforeEach(async () => {
  fake = createFakeApi();
  fake.settings.providers.push({
    id: 'p-b',
    name: 'Bee',
    presetId: 'custom',
    baseUrl: 'https://b.example/v1',
    model: 'bee-1',
    models: ['bee-1', 'bee-large'],
    enabled: true,
    hasApiKey: true,
    fromEnv: false,
  });
  fake.settings.providers.push({
    id: 'p-off',
    name: 'Off',
    presetId: 'custom',
    baseUrl: 'https://off.example/v1',
    model: 'off-1',
    models: ['off-1'],
    enabled: false,
    hasApiKey: true,
    fromEnv: false,
  });
  ({ user } = await renderApp(fake));
});

const options = () => screen.getAllByTestId('model-option');

describe('model picker', () => {
  it("shows the default model for a new chat and lists enabled providers' models in groups", async () => {
    const picker = screen.getByTestId('model-picker');
    expect(picker.dataset.model).toBe('gpt-4o-mini');
    expect(picker.getAttribute('aria-label')).toBe('Model: gpt-4o-mini OpenAI');
    await user.click(picker);
    expect(picker.getAttribute('aria-expanded')).toBe('true');
    const groups = within(screen.getByRole('listbox')).getAllByRole('group');
    expect(
      groups.map((group) => [
        group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent,
        within(group)
          .getAllByRole('option')
          .map((o) => o.dataset.model),
      ]),
    ).toEqual([
      ['OpenAI', ['gpt-4o-mini', 'gpt-4o']],
      ['Bee', ['bee-1', 'bee-large']],
    ]);
    expect(options().find((o) => o.getAttribute('aria-selected') === 'true')!.dataset.model).toBe('gpt-4o-mini');
  });

  it('filters as you type; arrows and Enter choose; the draft keeps the choice and creates the chat with it', async () => {
    await user.click(screen.getByTestId('model-picker'));
    const filter = screen.getByRole('combobox', { name: 'Filter models' });
    expect(document.activeElement).toBe(filter);
    await user.keyboard('bee');
    expect(options().map((o) => o.dataset.model)).toEqual(['bee-1', 'bee-large']);
    await user.keyboard('{ArrowDown}');
    expect(filter.getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('model-picker'));
    expect(screen.getByTestId('model-picker').dataset.model).toBe('bee-large');
    expect(fake.callsOf('updateChat')).toEqual([]);

    await user.type(screen.getByTestId('composer-input'), 'Hi{Enter}');
    await settle();
    expect(fake.callsOf('createSession')).toEqual([{ model: { providerId: 'p-b', model: 'bee-large' } }]);
  });

  it('in a stored chat a choice is saved with the chat; Escape closes without choosing', async () => {
    const session = fake.addSession({ name: 'Stored', chat: { model: { providerId: 'p-b', model: 'bee-1' }, params: {} } });
    cleanup();
    ({ user } = await renderApp(fake));
    await user.click(screen.getByText('Stored'));
    await settle();
    expect(screen.getByTestId('model-picker').dataset.model).toBe('bee-1');
    await user.click(screen.getByTestId('model-picker'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(screen.getByTestId('model-picker'));
    await user.click(options().find((o) => o.dataset.model === 'gpt-4o')!);
    await settle();
    expect(fake.callsOf('updateChat')).toEqual([{ sessionId: session.id, model: { providerId: 'p-openai', model: 'gpt-4o' } }]);
    expect(screen.getByTestId('model-picker').dataset.model).toBe('gpt-4o');
  });

  it("says so when the chat's provider was removed", async () => {
    fake.addSession({ name: 'Orphan', chat: { model: { providerId: 'p-gone', model: 'old-model' }, params: {} } });
    cleanup();
    ({ user } = await renderApp(fake));
    await user.click(screen.getByText('Orphan'));
    await settle();
    expect(screen.getByTestId('model-picker').textContent).toContain('old-model (provider not available)');
  });
});

describe('chat settings panel', () => {
  it('saves the system prompt and parameters of a stored chat; empty fields send nothing', async () => {
    const session = fake.addSession({ name: 'Stored', systemPrompt: 'Old.', chat: { model: null, params: { temperature: 0.7 } } });
    cleanup();
    ({ user } = await renderApp(fake));
    await user.click(screen.getByText('Stored'));
    await settle();
    await user.click(screen.getByTestId('chat-settings-open'));
    const prompt = screen.getByTestId('chat-system-prompt') as HTMLTextAreaElement;
    expect(prompt.value).toBe('Old.');
    expect((screen.getByTestId('chat-temperature') as HTMLInputElement).value).toBe('0.7');
    await user.clear(prompt);
    await user.type(prompt, 'New.');
    await user.clear(screen.getByTestId('chat-temperature'));
    await user.type(screen.getByTestId('chat-top-p'), '0.9');
    await user.selectOptions(screen.getByTestId('chat-reasoning-effort'), 'high');
    await user.click(screen.getByTestId('chat-settings-save'));
    await settle();
    expect(fake.callsOf('updateChat')).toEqual([
      { sessionId: session.id, systemPrompt: 'New.', params: { topP: 0.9, reasoningEffort: 'high' } },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names the unset reasoning effort for what it does: nothing is sent, the provider decides', async () => {
    fake.addSession({ name: 'Plain', systemPrompt: 'Hi.', chat: { model: null, params: {} } });
    cleanup();
    ({ user } = await renderApp(fake));
    await user.click(screen.getByText('Plain'));
    await settle();
    await user.click(screen.getByTestId('chat-settings-open'));
    const effort = screen.getByTestId('chat-reasoning-effort') as HTMLSelectElement;
    expect([...effort.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Provider default'],
      ['low', 'Low'],
      ['medium', 'Medium'],
      ['high', 'High'],
    ]);
    expect(effort.value).toBe('');
  });

  it('refuses an out-of-range value with a readable message and keeps the panel open', async () => {
    await user.click(screen.getByTestId('chat-settings-open'));
    await user.type(screen.getByTestId('chat-max-tokens'), '1.5');
    await user.click(screen.getByTestId('chat-settings-save'));
    expect(screen.getByRole('alert').textContent).toBe('Max output tokens must be a number from 1 to 10000000.');
    expect(screen.getByRole('dialog', { name: 'Chat settings' })).toBeTruthy();
  });
});

describe('answer caption', () => {
  const answer = (fields: Partial<AssistantMessage>): AssistantMessage => ({
    role: 'assistant',
    content: [{ type: 'text', text: 'ok' }],
    model: 'gpt-4o',
    usage: emptyUsage(),
    stopReason: 'stop',
    timestamp: 1,
    ...fields,
  });

  it('shows model, tokens, reasoning, time to first token and duration', () => {
    cleanup();
    render(
      <MessageMeta
        message={answer({
          usage: { ...emptyUsage(), input: 1234, output: 56, reasoning: 7, totalTokens: 1290 },
          timing: { firstTokenMs: 420, durationMs: 12_345 },
        })}
      />,
    );
    expect(screen.getByTestId('message-meta').textContent).toBe(
      'gpt-4o · 1,234 in · 56 out · 7 reasoning · first token 420 ms · total 12 s',
    );
  });

  it('shows nothing for unknown values rather than zeros', () => {
    cleanup();
    render(<MessageMeta message={answer({})} />);
    expect(screen.getByTestId('message-meta').textContent).toBe('gpt-4o');
  });
});
