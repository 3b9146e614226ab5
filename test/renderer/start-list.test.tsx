// A start fills the sidebar in two steps: one screenful first (pins first), the whole list once that is painted, and
// only then does main hear that the window has painted (its folder check and search snapshot wait for that).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_LIST_ROWS } from '../../src/renderer/src/store/startList';
import { assistantMessage, createFakeApi, systemMessage, userMessage, type FakeApi } from './fake-api';
import { renderApp, settle, state } from './harness';

const MANY = 300;

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

describe('the sidebar at start', () => {
  it('paints one screenful first, takes the rest after that paint, reopens the last chat, then tells main it has painted', async () => {
    const fake = manyChats();
    const release = fake.holdNext('listSessions');
    const rendering = renderApp(fake);
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.callsOf('listFirstSessions')).toEqual([{ limit: FIRST_LIST_ROWS }]);
    expect(state().sessions).toHaveLength(FIRST_LIST_ROWS);
    expect(
      state()
        .sessions.slice(0, 3)
        .map((s) => s.id),
    ).toEqual(['s1', `s${MANY}`, `s${MANY - 1}`]);
    expect(asked(fake)).toEqual(['listFirstSessions', 'listSessions']);

    await release();
    await rendering;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state().sessions).toHaveLength(MANY);
    expect(
      state()
        .sessions.slice(0, 2)
        .map((s) => s.id),
    ).toEqual(['s1', `s${MANY}`]);
    expect(state().currentSession.id).toBe('s2');
    expect(asked(fake)).toEqual(['listFirstSessions', 'listSessions', 'getSession', 'windowPainted']);
    expect(screen.getAllByTestId('message').map((m) => m.textContent)).toEqual(['Question 2', 'Answer 2']);
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
