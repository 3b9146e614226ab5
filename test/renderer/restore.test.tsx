// A restart gives the window back: the chat that was open opens again and every composer holds what was typed.
// Main is told of drafts once typing pauses (at once when a chat switches or a draft is sent) and of the open chat.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_SAVE_DELAY_MS } from '../../src/renderer/src/store/uiStateSlice';
import { App } from '../../src/renderer/src/App';
import { createFakeApi, installFakeApi, type FakeApi } from './fake-api';
import { renderApp, settle, state } from './harness';

function withSessions(...names: string[]): FakeApi {
  const fake = createFakeApi();
  names.forEach((name, i) => fake.addSession({ id: `s${i + 1}`, name }));
  return fake;
}

const composer = () => screen.getByTestId('composer-input') as HTMLTextAreaElement;
const item = (id: string) => screen.getAllByTestId('session-item').find((el) => el.dataset.sessionId === id)!;
const type = (text: string) => fireEvent.change(composer(), { target: { value: text } });

afterEach(() => {
  vi.useRealTimers();
});

describe('restart', () => {
  it('opens the chat that was open, with the drafts of every chat back in their composers', async () => {
    const fake = withSessions('First', 'Second');
    fake.uiState = { lastSessionId: 's1', drafts: { s1: 'half a thought', s2: 'other text', draft: 'new chat idea' }, anchors: {} };
    await renderApp(fake);
    expect(screen.getByTestId('session-title').textContent).toBe('First');
    expect(item('s1').getAttribute('aria-current')).toBe('true');
    expect(composer().value).toBe('half a thought');
    expect(fake.callsOf('getSession')).toEqual([{ sessionId: 's1' }]);
    // Reopening is not a change: nothing is written back.
    expect(fake.callsOf('updateUiState')).toEqual([]);
  });

  it('asks main for the page around the message it was scrolled to, which may be older than the newest page', async () => {
    const fake = withSessions('First');
    fake.uiState = { lastSessionId: 's1', drafts: {}, anchors: { s1: { messageId: 'm-old', offset: 12 } } };
    await renderApp(fake);
    expect(fake.callsOf('getSession')).toEqual([{ sessionId: 's1', around: 'm-old' }]);
  });

  it('starts on the new chat when the chat that was open is gone', async () => {
    const fake = withSessions('Only');
    fake.uiState = { lastSessionId: 'deleted', drafts: { draft: 'new chat idea' }, anchors: {} };
    await renderApp(fake);
    expect(fake.callsOf('getSession')).toEqual([]);
    expect(composer().value).toBe('new chat idea');
  });

  it('leaves the drawer of a narrow window open when it was opened while the last chat was still coming back', async () => {
    const innerWidth = window.innerWidth;
    (window as unknown as { happyDOM: { setViewport(size: { width: number }): void } }).happyDOM.setViewport({ width: 420 });
    try {
      const fake = withSessions('First', 'Second');
      fake.uiState = { lastSessionId: 's1', drafts: {}, anchors: {} };
      const release = fake.holdNext('getSession');
      installFakeApi(fake);
      const started = state().init();
      render(<App />);
      await settle();
      expect(fake.callsOf('getSession')).toEqual([{ sessionId: 's1' }]);
      fireEvent.click(screen.getByTestId('sidebar-toggle'));
      expect(screen.getByRole('navigation').className).toContain('drawer');
      await act(async () => {
        await release();
        await started;
      });
      expect(screen.getByTestId('session-title').textContent).toBe('First');
      expect(screen.getByRole('navigation').className).toContain('drawer');
      // Picking a chat still closes it.
      fireEvent.click(within(item('s2')).getByText('Second'));
      await settle();
      expect(screen.getByTestId('session-title').textContent).toBe('Second');
      expect(screen.queryByRole('navigation')).toBeNull();
    } finally {
      (window as unknown as { happyDOM: { setViewport(size: { width: number }): void } }).happyDOM.setViewport({ width: innerWidth });
    }
  });

  it('starts normally when main cannot give the state', async () => {
    const fake = withSessions('Only');
    fake.failNext('getUiState', 'internal');
    await renderApp(fake);
    expect(screen.getAllByTestId('session-item')).toHaveLength(1);
    expect(screen.queryByTestId('error-banner')).toBeNull();
  });
});

describe('drafts kept for the next start', () => {
  it('tells main once typing pauses, not per key', async () => {
    const { fake, user } = await renderApp(withSessions('First'));
    await user.click(within(item('s1')).getByText('First'));
    await settle();
    fake.calls.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const text of ['h', 'he', 'hel', 'hell', 'hello']) type(text);
    expect(fake.callsOf('updateUiState')).toEqual([]);
    act(() => void vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(fake.callsOf('updateUiState')).toEqual([{ drafts: { s1: 'hello' } }]);
    expect(fake.uiState.drafts).toEqual({ s1: 'hello' });
  });

  it('tells main at once when another chat opens, with the chat now open', async () => {
    const { fake, user } = await renderApp(withSessions('First', 'Second'));
    await user.click(within(item('s1')).getByText('First'));
    await settle();
    type('unsent words');
    fake.calls.length = 0;
    await user.click(within(item('s2')).getByText('Second'));
    await settle();
    expect(fake.callsOf('updateUiState')).toEqual([{ lastSessionId: 's2', drafts: { s1: 'unsent words' } }]);
    expect(composer().value).toBe('');
    await user.click(within(item('s1')).getByText('First'));
    await settle();
    expect(composer().value).toBe('unsent words');
  });

  it('forgets a draft at once when it is sent', async () => {
    const { fake, user } = await renderApp(withSessions('First'));
    await user.click(within(item('s1')).getByText('First'));
    await settle();
    await user.type(composer(), 'ask this');
    await act(async () => void (await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 50))));
    expect(fake.uiState.drafts).toEqual({ s1: 'ask this' });
    fake.calls.length = 0;
    await user.keyboard('{Enter}');
    await settle();
    expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'ask this' }]);
    expect(fake.callsOf('updateUiState')).toEqual([{ drafts: { s1: '' } }]);
    expect(fake.uiState.drafts).toEqual({});
  });

  it('keeps the new chat’s draft, and moves it to the chat it becomes', async () => {
    const { fake } = await renderApp(createFakeApi());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    type('first question\n\nand more');
    act(() => void vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(fake.uiState.drafts).toEqual({ draft: 'first question\n\nand more' });
    vi.useRealTimers();
    await act(() => state().send('first question'));
    await settle();
    const id = state().currentSession.id!;
    expect(fake.uiState).toMatchObject({ lastSessionId: id, drafts: { [id]: 'first question\n\nand more' } });
  });

  it('sends the flush before the window unloads', async () => {
    const { fake, user } = await renderApp(withSessions('First'));
    await user.click(within(item('s1')).getByText('First'));
    await settle();
    type('typed just before quitting');
    expect(fake.uiState.drafts).toEqual({});
    window.dispatchEvent(new Event('beforeunload'));
    expect(fake.uiState.drafts).toEqual({ s1: 'typed just before quitting' });
  });
});
