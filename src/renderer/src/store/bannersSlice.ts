// The error banner of each session (the open one's is shown), and the one way every slice shows one: a storage
// failure also asks main again for the app-wide status, since the disk may have filled up or turned read-only.
import type { StateCreator, StoreApi } from 'zustand';
import type { IpcErrorCode } from '../../../shared/errors';
import { restoreAttachments } from './attachmentsSlice';
import { restoreComposerText } from './composerSlice';
import { dropRun, sessionKey } from './openSession';
import { without } from './records';
import { upsertSummary } from './sessionList';
import type { AppState, BannerError, BannersSlice } from './state';

export function bannersInitial(): Pick<BannersSlice, 'errors'> {
  return { errors: {} };
}

export const createBannersSlice: StateCreator<AppState, [], [], BannersSlice> = (set, get) => ({
  ...bannersInitial(),
  dismissError() {
    const key = sessionKey(get().currentSession);
    const error = get().errors[key];
    set((s) => ({
      errors: without(s.errors, key),
      currentSession: s.currentSession.run?.failed ? dropRun(s.currentSession) : s.currentSession,
      ...(error?.inline && {
        composerText: restoreComposerText(s.composerText, key, error.unsentText),
        ...restoreAttachments(s, key, error.attachments),
      }),
    }));
    const sessionId = get().currentSession.id;
    if (!error?.inline || sessionId === null) return;
    void window.api.dismissFailure({ sessionId }).then((result) => {
      if (result.ok) set((s) => ({ sessions: upsertSummary(s.sessions, { ...result.value, isStreaming: false }) }));
    });
  },
});

type Store = Pick<StoreApi<AppState>, 'setState' | 'getState'>;

/** A storage failure may mean the disk filled up or turned read-only: the app-wide banner asks main again. */
export function recheckStorage(store: Store, code: BannerError['code']): void {
  if (code === 'storage') void store.getState().loadAppStatus();
}

export function showBanner(store: Store, key: string, error: BannerError): void {
  store.setState((s) => ({ errors: { ...s.errors, [key]: error } }));
  recheckStorage(store, error.code);
}

/** Shows an IPC failure in the banner of `key`, with the text to offer back and what retry does. */
export function showIpcError(
  store: Store,
  key: string,
  error: { code: IpcErrorCode; message: string },
  unsentText = '',
  retry: BannerError['retry'] = null,
): void {
  showBanner(store, key, { code: error.code, message: error.message, unsentText, retry });
}
