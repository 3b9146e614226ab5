// Search while main is still building its index: the answer says so, and the same question is asked again until
// the index is complete, so the results fill in without the person typing again.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SearchHit, SearchResponse } from '../../src/shared/search';
import { createFakeApi } from './fake-api';
import { renderApp } from './harness';

const hit = (sessionId: string): SearchHit => ({
  sessionId,
  sessionName: `Chat ${sessionId}`,
  messageId: `${sessionId}-m1`,
  messageIndex: 1,
  role: 'user',
  field: 'text',
  timestamp: 0,
  snippet: 'what is a closure',
  highlights: [[10, 17]],
});

describe('search dialog', () => {
  it('asks again while main is indexing, and stops once the index is complete', async () => {
    const fake = createFakeApi();
    fake.addSession({ id: 'a', name: 'Chat a' });
    fake.addSession({ id: 'b', name: 'Chat b' });
    const { user } = await renderApp(fake);
    const answers: SearchResponse[] = [
      { hits: [hit('a')], indexing: true },
      { hits: [hit('a'), hit('b')], indexing: false },
    ];
    const asked: string[] = [];
    window.api.searchMessages = async ({ query }) => {
      asked.push(query);
      return { ok: true, value: answers[Math.min(asked.length - 1, answers.length - 1)]! };
    };
    await user.keyboard('{Control>}k{/Control}');
    await user.type(screen.getByTestId('search-input'), 'closure');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(1));
    expect(screen.getByTestId('search-dialog').textContent).toContain('Still indexing');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(2), { timeout: 3000 });
    expect(asked).toEqual(['closure', 'closure']);
    expect(screen.getByTestId('search-dialog').textContent).not.toContain('Still indexing');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(asked).toHaveLength(2);
  });
});
