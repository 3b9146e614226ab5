// The chat's token total in the header is written the same way in every language: "1.2K tokens", never "1192".
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/renderer/src/i18n';
import { compactTokens } from '../../src/renderer/src/usage/compactTokens';
import { assistantMessage, createFakeApi, systemMessage, userMessage } from './fake-api';
import { renderApp, settle, state } from './harness';

describe('the chat total', () => {
  it.each<[number, string]>([
    [950, '950'],
    [1_192, '1.2K'],
    [12_345, '12.3K'],
    [2_500_000, '2.5M'],
  ])('%i tokens read %s', (tokens, text) => {
    expect(compactTokens(tokens)).toBe(text);
  });

  it.each<[Locale, string]>([
    ['en', '1.2K tokens'],
    ['zh-CN', '1.2K tokens'],
  ])('%s writes 1,192 tokens as %s, the same figure in both languages', async (language, text) => {
    const fake = createFakeApi();
    fake.settings.language = language;
    fake.addSession({
      id: 'a',
      name: 'Alpha',
      messages: [systemMessage(), userMessage('q'), assistantMessage('a')],
      usage: [{ providerId: 'p-openai', model: 'gpt-4o', answers: 1, input: 1_000, cached: 0, output: 192, reasoning: 0 }],
    });
    await renderApp(fake);
    await act(() => state().openSession('a'));
    await settle();
    expect(screen.getByTestId('usage-total').textContent).toBe(text);
  });
});
