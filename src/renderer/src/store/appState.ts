// The renderer's single store: its slices combined (their contracts and `AppState` are in ./state). Only slice actions
// call `window.api`; components read the store with selectors. Every slice is a `StateCreator<AppState>` (Zustand's
// slices pattern): `(set, get, store) => its data and actions`, one file per concern.
import { create } from 'zustand';
import { createAppStatusSlice } from './appStatusSlice';
import { createAttachmentsSlice } from './attachmentsSlice';
import { createBannersSlice } from './bannersSlice';
import { createBranchesSlice } from './branchesSlice';
import { createComposerSlice } from './composerSlice';
import { createConversationSettingsSlice } from './conversationSettingsSlice';
import { sessionKey } from './openSession';
import { createPagingSlice } from './pagingSlice';
import { createRunsSlice } from './runsSlice';
import { createSearchSlice } from './searchSlice';
import { createSessionEventsSlice } from './sessionEventsSlice';
import { createSessionsSlice } from './sessionsSlice';
import { createSettingsSlice } from './settingsSlice';
import { createShellSlice } from './shellSlice';
import { createShortcutsSlice } from './shortcutsSlice';
import { createStartupSlice } from './startupSlice';
import type { AppState, BannerError } from './state';
import { createToolsSlice } from './toolsSlice';
import { createTransferSlice } from './transferSlice';
import { createUiStateSlice } from './uiStateSlice';
import { createWelcomeSlice } from './welcomeSlice';
import { createFoldersSlice } from './foldersSlice';
import { createCondenseSlice } from './condenseSlice';
import { createCompareSlice } from './compareSlice';
import { createSyncSlice } from './syncSlice';
import { createBuiltinToolsSlice } from './builtinToolsSlice';

// The contracts live in ./state, below the slices; these names were always imported from here.
export type { AppState, BannerCode, BannerError } from './state';

export const useAppState = create<AppState>()((...slice) => ({
  ...createStartupSlice(...slice),
  ...createSessionsSlice(...slice),
  ...createSessionEventsSlice(...slice),
  ...createRunsSlice(...slice),
  ...createComposerSlice(...slice),
  ...createBannersSlice(...slice),
  ...createSettingsSlice(...slice),
  ...createShellSlice(...slice),
  ...createSearchSlice(...slice),
  ...createShortcutsSlice(...slice),
  ...createAppStatusSlice(...slice),
  ...createConversationSettingsSlice(...slice),
  ...createBranchesSlice(...slice),
  ...createPagingSlice(...slice),
  ...createAttachmentsSlice(...slice),
  ...createToolsSlice(...slice),
  ...createTransferSlice(...slice),
  ...createWelcomeSlice(...slice),
  ...createUiStateSlice(...slice),
  ...createFoldersSlice(...slice),
  ...createCondenseSlice(...slice),
  ...createCompareSlice(...slice),
  ...createSyncSlice(...slice),
  ...createBuiltinToolsSlice(...slice),
}));

/** Key of the open session for per-session UI state. */
export const selectCurrentKey = (s: AppState): string => sessionKey(s.currentSession);

/** The open session's banner, if any. */
export const selectCurrentError = (s: AppState): BannerError | undefined => s.errors[sessionKey(s.currentSession)];
