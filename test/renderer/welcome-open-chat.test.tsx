// A chat picked in the sidebar is shown even while no provider can answer: the first-run panel steps aside (as with
// "Later") instead of leaving the header on the chosen chat over a welcome form; a send brings it back.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { renderApp, settle, state } from './harness';

/** Two chats kept from before, and the only provider without its key. */
function historyWithoutKey(): FakeApi {
  const fake = createFakeApi();
  fake.storedKeys.clear();
  fake.settings.providers[0]!.hasApiKey = false;
  fake.addSession({ id: 'old', name: 'Old notes', messages: [systemMessage(), userMessage('What is 2+2?'), assistantMessage('Four.')] });
  fake.addSession({ id: 'other', name: 'Other notes', messages: [systemMessage(), userMessage('Hello'), assistantMessage('Hi.')] });
  return fake;
}

const item = (id: string) => screen.getAllByTestId('session-item').find((el) => el.dataset.sessionId === id)!;

afterEach(cleanup);

describe('welcome panel and kept chats', () => {
  it('clicking a chat shows its messages in place of the panel; a send opens the panel again', async () => {
    const { user } = await renderApp(historyWithoutKey());
    expect(screen.getByTestId('welcome')).toBeTruthy();

    await user.click(item('old'));
    await settle();
    expect(screen.queryByTestId('welcome')).toBeNull();
    expect(screen.getAllByTestId('message').map((m) => m.textContent)).toEqual(['What is 2+2?', 'Four.']);
    expect(screen.getByTestId('setup-hint').textContent).toContain('OpenAI needs an API key before you can chat.');

    await user.type(screen.getByTestId('composer-input'), 'And 3+3?{Enter}');
    await settle();
    expect(screen.getByTestId('welcome')).toBeTruthy();

    await user.click(item('other'));
    await settle();
    expect(screen.queryByTestId('welcome')).toBeNull();
    expect(state().currentSession.id).toBe('other');
    expect(screen.getAllByTestId('message').map((m) => m.textContent)).toEqual(['Hello', 'Hi.']);
  });
});
