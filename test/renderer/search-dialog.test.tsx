// Search while main is still building its index: the answer says so, and the same question is asked again until
// the index is complete, so the results fill in without the person typing again.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SearchHit, SearchResponse } from '../../src/shared/search';
import { createFakeApi } from './fake-api';
import { renderApp } from './harness';

const hit = (sessionId: string, n = 1): SearchHit => ({
  sessionId,
  sessionName: `Chat ${sessionId}`,
  messageId: `${sessionId}-m${n}`,
  messageIndex: n,
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
      { hits: [hit('a')], titles: [], indexing: true },
      { hits: [hit('a'), hit('b')], titles: [], indexing: false },
    ];
    const asked: string[] = [];
    window.api.searchMessages = async ({ query }) => {
      asked.push(query);
      return { ok: true, value: answers[Math.min(asked.length - 1, answers.length - 1)]! };
    };
    await user.keyboard('{Control>}k{/Control}');
    await user.type(screen.getByTestId('search-input'), 'closure');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(1));
    expect(screen.getByTestId('search-indexing').textContent).toContain('Still indexing');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(2), { timeout: 3000 });
    expect(asked).toEqual(['closure', 'closure']);
    expect(screen.queryByTestId('search-indexing')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(asked).toHaveLength(2);
  });

  it('lists the chats whose names match first, then the messages grouped per chat with a count', async () => {
    const fake = createFakeApi();
    fake.addSession({ id: 'a', name: 'Chat a' });
    fake.addSession({ id: 'b', name: 'Chat b' });
    fake.addSession({ id: 'r', name: 'Rust borrow checker questions' });
    const { user } = await renderApp(fake);
    window.api.searchMessages = async () => ({
      ok: true,
      value: {
        // Chat a holds five of the six best hits: it is one group of three shown, and "Show 2 more".
        hits: [hit('a', 1), hit('a', 2), hit('b', 1), hit('a', 3), hit('a', 4), hit('a', 5)],
        titles: [{ sessionId: 'r', sessionName: 'Rust borrow checker questions', highlights: [[5, 11]] }],
        indexing: false,
      },
    });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(screen.getByTestId('search-input'), 'borrow');
    await waitFor(() => expect(screen.getAllByTestId('search-group')).toHaveLength(2));
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.dataset.testid + ':' + (o.dataset.messageId ?? o.dataset.sessionId ?? ''))).toEqual([
      'search-chat:r',
      'search-result:a-m1',
      'search-result:a-m2',
      'search-result:a-m3',
      'search-more:',
      'search-result:b-m1',
    ]);
    expect(screen.getAllByTestId('search-group').map((g) => g.textContent)).toEqual(['Chat a5 matching', 'Chat b1 matching']);
    expect(screen.getByTestId('search-chat').querySelector('mark')!.textContent).toBe('borrow');
    expect(screen.getByTestId('search-dialog').querySelector('.search-status')!.textContent).toBe('6 messages in 2 chats');
    // "Show 2 more" expands the chat in place and becomes the first hit it revealed; Enter on the chat's name opens it.
    await user.click(screen.getByTestId('search-more'));
    expect(screen.getAllByTestId('search-result')).toHaveLength(6);
    expect(screen.queryByTestId('search-more')).toBeNull();
    expect(screen.getByRole('option', { selected: true }).dataset.messageId).toBe('a-m4');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { selected: true }).dataset.testid).toBe('search-chat');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('search-dialog')).toBeNull());
    await waitFor(() => expect(fake.callsOf('getSession').map((request) => request.sessionId)).toContain('r'));
  });

  it('says why search is unavailable, in the chat language, with what SQLite said', async () => {
    const fake = createFakeApi();
    const { user } = await renderApp(fake);
    window.api.searchMessages = async () => ({
      ok: true,
      value: { hits: [], titles: [], indexing: false, unavailable: { reason: 'fts5', detail: 'no such module: fts5' } },
    });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(screen.getByTestId('search-input'), 'closure');
    await waitFor(() => expect(screen.getByTestId('search-unavailable').textContent).toContain('full-text search (FTS5)'));
    expect(screen.getByTestId('search-unavailable').textContent).toContain('no such module: fts5');
    expect(screen.getByTestId('search-dialog').querySelector('.search-status')!.textContent).toBe('');
  });

  it('narrows the search to a chosen folder and back to all chats', async () => {
    const fake = createFakeApi();
    fake.addSession({ id: 'a', name: 'Chat a', folderId: 'f-work' });
    fake.addSession({ id: 'b', name: 'Chat b' });
    fake.folders = [
      { id: 'f-work', name: 'Work', createdAt: 1, collapsed: false },
      { id: 'f-home', name: 'Home', createdAt: 2, collapsed: false },
    ];
    const { user } = await renderApp(fake);
    const asked: Array<string | undefined> = [];
    window.api.searchMessages = async ({ folderId }) => {
      asked.push(folderId);
      return { ok: true, value: { hits: folderId === 'f-work' ? [hit('a')] : [hit('a'), hit('b')], titles: [], indexing: false } };
    };
    await user.keyboard('{Control>}k{/Control}');
    const folder = await screen.findByTestId('search-folder');
    expect([...folder.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['All chats', 'Work', 'Home']);
    expect((folder as HTMLSelectElement).value).toBe('');
    await user.type(screen.getByTestId('search-input'), 'closure');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(2));
    await user.selectOptions(folder, 'f-work');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(1));
    expect(screen.getByTestId('search-result').dataset.sessionId).toBe('a');
    await user.selectOptions(folder, '');
    await waitFor(() => expect(screen.getAllByTestId('search-result')).toHaveLength(2));
    expect(asked).toEqual([undefined, 'f-work', undefined]);
  });
});
