// The lock on the sidebar and composer while main creates, opens, renames, deletes or switches a session.
import type { StoreApi } from 'zustand';
import type { AppState } from './state';

/** Runs a create / open / rename / delete with the sidebar and composer locked. */
export async function locked<T>(store: Pick<StoreApi<AppState>, 'setState'>, work: () => Promise<T>): Promise<T> {
  store.setState({ isSessionLoading: true });
  try {
    return await work();
  } finally {
    store.setState({ isSessionLoading: false });
  }
}
