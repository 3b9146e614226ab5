// A compare that ended without a pick, as main offers it after a restart: opening the chat brings its columns back
// (stored answers only, no Regenerate); a pick switches to that version; Close keeps the answer shown and tells main
// not to offer the pick again.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PendingCompare } from '../../src/shared/compare';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { renderApp, settle } from './harness';
import { conformDomForPurify } from './markdown-dom';

// The columns render their answers through DOMPurify, which needs happy-dom to walk the DOM like a browser.
conformDomForPurify(window);

const a = { providerId: 'p-openai', model: 'gpt-4o-mini' };
const b = { providerId: 'p-openai', model: 'gpt-4o' };
const pending: PendingCompare = {
  userText: 'Which is best?',
  columns: [
    { runId: 'pick-0', model: a, messageId: 'm2', version: 1, versions: 2, message: assistantMessage('Answer A') },
    { runId: 'pick-1', model: b, messageId: 'm2b', version: 2, versions: 2, message: assistantMessage('Answer B') },
    // A column that stored nothing is not brought back.
    { runId: 'pick-2', model: { providerId: 'p-openai', model: 'gone' } },
  ],
};

function chatWithPendingPick(): FakeApi {
  const fake = createFakeApi();
  fake.addSession({
    id: 'c',
    name: 'Compared',
    messages: [systemMessage(), userMessage('Which is best?'), assistantMessage('Answer B')],
    messageCount: 3,
    pendingCompare: pending,
  });
  return fake;
}

describe('a pending compare pick', () => {
  it('comes back when the chat opens, with its stored answers to pick from and nothing to answer again', async () => {
    const { user } = await renderApp(chatWithPendingPick());
    await user.click(screen.getByText('Compared'));
    await settle();
    const columns = screen.getAllByTestId('compare-column');
    expect(columns.map((c) => [c.dataset.model, c.dataset.state, within(c).getByTestId('compare-content').textContent?.trim()])).toEqual([
      ['gpt-4o-mini', 'saved', 'Answer A'],
      ['gpt-4o', 'saved', 'Answer B'],
    ]);
    expect(screen.getAllByTestId('compare-pick')).toHaveLength(2);
    expect(screen.queryByTestId('compare-regenerate')).toBeNull();
    expect(screen.getByTestId('compare-panel').textContent).toContain('Which is best?');
  });

  it('a pick switches to that version (main ends the offer itself: no dismissal is sent)', async () => {
    const { fake, user } = await renderApp(chatWithPendingPick());
    await user.click(screen.getByText('Compared'));
    await settle();
    await user.click(within(screen.getAllByTestId('compare-column')[0]!).getByTestId('compare-pick'));
    await settle();
    expect(fake.callsOf('switchBranch')).toEqual([{ sessionId: 'c', messageId: 'm2', version: 1 }]);
    expect(screen.queryByTestId('compare-panel')).toBeNull();
    expect(fake.callsOf('dismissCompare')).toEqual([]);
  });

  it('Close without a pick keeps the answer shown and dismisses the pick in main', async () => {
    const { fake, user } = await renderApp(chatWithPendingPick());
    await user.click(screen.getByText('Compared'));
    await settle();
    await user.click(screen.getByTestId('compare-close'));
    await settle();
    expect(screen.queryByTestId('compare-panel')).toBeNull();
    expect(fake.callsOf('dismissCompare')).toEqual([{ sessionId: 'c' }]);
    expect(fake.callsOf('switchBranch')).toEqual([]);
  });
});
