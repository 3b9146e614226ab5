// Shared set-up of shell tests: the fake window.api, a fresh store, the App with a stub conversation view, and a
// list viewport tall enough for the virtualizer to show rows in happy-dom (which does no layout).
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { App } from '../../src/renderer/src/App';
import { useDesktop } from '../../src/renderer/src/shortcuts/desktopStore';
import { useAppState } from '../../src/renderer/src/store/appState';
import { createFakeApi, installFakeApi, type FakeApi } from './fake-api';

vi.mock('../../src/renderer/src/components/Conversation', () => import('./stub-conversation'));

/** Height the session list reports; rows are 40 px, so 10 rows plus overscan render. */
export const LIST_VIEWPORT = 400;

Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.dataset.testid === 'session-list' ? LIST_VIEWPORT : 0;
  },
});

export const state = () => useAppState.getState();

/** Installs `fake` (or a new one) and runs the store's init, as main.tsx does. */
export async function startStore(fake: FakeApi = createFakeApi()): Promise<FakeApi> {
  installFakeApi(fake);
  // The desktop store outlives a test: its view is the last fake's until this fake's is read.
  useDesktop.setState({ loaded: false });
  await state().init();
  return fake;
}

/** Lets pending promise callbacks (fake answers, store continuations) run, inside act. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

export async function renderApp(
  fake: FakeApi = createFakeApi(),
): Promise<{ fake: FakeApi; view: RenderResult; user: ReturnType<typeof userEvent.setup> }> {
  await startStore(fake);
  const user = userEvent.setup();
  const view = render(<App />);
  await settle();
  return { fake, view, user };
}

/** Pushes an event inside act so React applies it before the next assertion. */
export function emit(fake: FakeApi, ...args: Parameters<FakeApi['emit']>): void {
  act(() => {
    fake.emit(...args);
  });
}
