// The lock on the sidebar and composer while main creates, opens, renames, deletes or switches a session. A chat
// picked meanwhile is not dropped: it opens once the lock is released.
import type { StoreApi } from 'zustand';
import type { AppState } from './state';

/** Runs a create / open / rename / delete with the sidebar and composer locked; then opens a chat picked meanwhile. */
export async function locked<T>(store: Pick<StoreApi<AppState>, 'setState' | 'getState'>, work: () => Promise<T>): Promise<T> {
  store.setState({ isSessionLoading: true });
  try {
    return await work();
  } finally {
    const pending = store.getState().pendingOpen;
    store.setState({ isSessionLoading: false, pendingOpen: null });
    if (pending)
      void store
        .getState()
        .openSession(pending.id, pending.aroundMessageId === undefined ? {} : { aroundMessageId: pending.aroundMessageId });
  }
}
