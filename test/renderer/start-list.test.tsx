// A start fills the sidebar in steps: one screenful first (pins first), the rest once that is painted in pages of
// LIST_PAGE_ROWS (no answer and no update of the window grows with the number of chats), and only then does main hear
// that the window has painted (its folder check and search snapshot wait for that).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cursorOf } from '../../src/shared/session-order';
import { FIRST_LIST_ROWS, LIST_PAGE_ROWS } from '../../src/renderer/src/store/startList';
import { assistantMessage, createFakeApi, summaryOf, systemMessage, userMessage, type FakeApi } from './fake-api';
import { emit, renderApp, settle, state } from './harness';

const MANY = FIRST_LIST_ROWS + 2 * LIST_PAGE_ROWS + 100;

/** `MANY` chats, the oldest pinned, the last one opened being the second oldest (far below the first screenful). */
function manyChats(): FakeApi {
  const fake = createFakeApi();
  for (let i = 1; i <= MANY; i++) {
    fake.addSession({
      id: `s${i}`,
      name: `Chat ${i}`,
      updatedAt: i,
      pinned: i === 1,
      messages: [systemMessage(), userMessage(`Question ${i}`), assistantMessage(`Answer ${i}`)],
    });
  }
  fake.uiState.lastSessionId = 's2';
  return fake;
}

const asked = (fake: FakeApi) =>
  fake.calls.map((c) => c.method).filter((m) => ['listFirstSessions', 'listSessions', 'getSession', 'windowPainted'].includes(m));

/** The summary of chat `s<n>` as main lists it. */
const chat = (fake: FakeApi, n: number) => summaryOf(fake.sessions.get(`s${n}`)!);

/** Starts the app and lets its first screenful through; the first page after it waits until `releasePage`. */
async function startHoldingFirstPage(fake: FakeApi): Promise<{ rendering: Promise<unknown>; releasePage: () => Promise<void> }> {
  const releaseFirst = fake.holdNext('listFirstSessions');
  const rendering = renderApp(fake);
  await settle();
  await releaseFirst();
  const releasePage = fake.holdNext('listFirstSessions');
  await settle();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { rendering, releasePage };
}

describe('the sidebar at start', () => {
  it('paints one screenful first, takes the rest after that paint page by page, reopens the last chat, then tells main it has painted', async () => {
    const fake = manyChats();
    const { rendering, releasePage } = await startHoldingFirstPage(fake);
    expect(state().sessions).toHaveLength(FIRST_LIST_ROWS);
    expect(
      state()
        .sessions.slice(0, 3)
        .map((s) => s.id),
    ).toEqual(['s1', `s${MANY}`, `s${MANY - 1}`]);
    expect(asked(fake)).toEqual(['listFirstSessions', 'listFirstSessions']);

    await releasePage();
    await rendering;
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Each page starts after the last chat of the one before; the short page is the last.
    expect(fake.callsOf('listFirstSessions')).toEqual([
      { limit: FIRST_LIST_ROWS },
      { limit: LIST_PAGE_ROWS, after: cursorOf(chat(fake, MANY - FIRST_LIST_ROWS + 2)) },
      { limit: LIST_PAGE_ROWS, after: cursorOf(chat(fake, MANY - FIRST_LIST_ROWS - LIST_PAGE_ROWS + 2)) },
      { limit: LIST_PAGE_ROWS, after: cursorOf(chat(fake, MANY - FIRST_LIST_ROWS - 2 * LIST_PAGE_ROWS + 2)) },
    ]);
    expect(state().sessions).toHaveLength(MANY);
    expect(state().sessions.map((s) => s.id)).toEqual(['s1', ...Array.from({ length: MANY - 1 }, (_, i) => `s${MANY - i}`)]);
    expect(state().currentSession.id).toBe('s2');
    expect(asked(fake)).toEqual([
      'listFirstSessions',
      'listFirstSessions',
      'listFirstSessions',
      'listFirstSessions',
      'getSession',
      'windowPainted',
    ]);
    expect(screen.getAllByTestId('message').map((m) => m.textContent)).toEqual(['Question 2', 'Answer 2']);
  });

  it('a chat that moves to the top while the pages arrive is listed once, in its new place', async () => {
    const fake = manyChats();
    const { rendering, releasePage } = await startHoldingFirstPage(fake);

    // Chat 5 (far below the first screenful, not listed yet) gets an answer: main tells the window as it does any time.
    fake.sessions.get('s5')!.updatedAt = MANY + 1;
    emit(fake, 's5', { type: 'run_end', committed: true });
    await releasePage();
    await rendering;
    await new Promise((resolve) => setTimeout(resolve, 50));

    const ids = state().sessions.map((s) => s.id);
    expect(ids).toHaveLength(MANY);
    expect(new Set(ids).size).toBe(MANY);
    expect(ids.slice(0, 3)).toEqual(['s1', 's5', `s${MANY}`]);
  });

  it('with a screenful or fewer, the first list is the whole list: nothing more is asked', async () => {
    const fake = createFakeApi();
    fake.addSession({ id: 'a', name: 'Only chat' });
    await renderApp(fake);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state().sessions.map((s) => s.id)).toEqual(['a']);
    expect(asked(fake)).toEqual(['listFirstSessions', 'windowPainted']);
  });
});
