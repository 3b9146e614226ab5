// Prompt variables in every system-prompt editor: the chat's, a preset's and the default one in Settings each list
// {{date}} … {{os}}, and a click puts the variable at the end of the prompt (the default one is saved at once).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from './fake-api';
import { renderApp, settle } from './harness';

const listed = (editor: HTMLElement) =>
  within(editor).getByTestId('prompt-variables').querySelectorAll<HTMLButtonElement>('button[data-variable]');

const ALL = ['{{date}}', '{{time}}', '{{weekday}}', '{{model}}', '{{language}}', '{{os}}'];

describe('prompt variables in the editors', () => {
  it("the chat's system prompt lists them and a click inserts one", async () => {
    const fake = createFakeApi();
    const session = fake.addSession({ name: 'Stored', systemPrompt: 'Today is ', chat: { model: null, params: {} } });
    const { user } = await renderApp(fake);
    await user.click(screen.getByText('Stored'));
    await settle();
    await user.click(screen.getByTestId('chat-settings-open'));
    const panel = screen.getByTestId('chat-settings');
    expect([...listed(panel)].map((b) => b.textContent)).toEqual(ALL);
    await user.click(within(panel).getByRole('button', { name: 'Insert {{date}}' }));
    expect((screen.getByTestId('chat-system-prompt') as HTMLTextAreaElement).value).toBe('Today is {{date}}');
    await user.click(screen.getByTestId('chat-settings-save'));
    await settle();
    expect(fake.callsOf('updateChat')).toEqual([{ sessionId: session.id, systemPrompt: 'Today is {{date}}', params: {} }]);
  });

  it("a preset's system prompt lists them and a click inserts one", async () => {
    const fake = createFakeApi();
    const { user } = await renderApp(fake);
    await user.click(screen.getByTestId('settings-open'));
    await settle();
    await user.click(screen.getByTestId('preset-add'));
    const editor = screen.getByTestId('preset-editor');
    expect([...listed(editor)].map((b) => b.textContent)).toEqual(ALL);
    await user.type(screen.getByTestId('preset-system-prompt'), 'Answer on ');
    await user.click(within(editor).getByRole('button', { name: 'Insert {{os}}' }));
    expect((screen.getByTestId('preset-system-prompt') as HTMLTextAreaElement).value).toBe('Answer on {{os}}');
  });

  it('the default system prompt in Settings lists them; a click inserts one and saves it', async () => {
    const fake = createFakeApi();
    const { user } = await renderApp(fake);
    await user.click(screen.getByTestId('settings-open'));
    await settle();
    const general = screen.getByTestId('settings-general');
    expect([...listed(general)].map((b) => b.textContent)).toEqual(ALL);
    await user.type(screen.getByTestId('settings-system-prompt'), 'You run as ');
    await user.click(within(general).getByRole('button', { name: 'Insert {{model}}' }));
    await settle();
    expect((screen.getByTestId('settings-system-prompt') as HTMLTextAreaElement).value).toBe('You run as {{model}}');
    // The click's blur saved what was typed; the insertion is saved right after it.
    expect(fake.callsOf('updateSettings')).toEqual([{ systemPrompt: 'You run as ' }, { systemPrompt: 'You run as {{model}}' }]);
    expect(fake.settings.systemPrompt).toBe('You run as {{model}}');
  });
});
