// The renderer's single store: the type of everything in it, and its slices combined. Only slice actions call
// `window.api`; components read the store with selectors. Every slice is a `StateCreator<AppState>` (Zustand's
// slices pattern): `(set, get, store) => its data and actions`, one file per concern.
import { create } from 'zustand';
import type { IpcErrorCode } from '../../../shared/errors';
import type { ProviderErrorCode } from '../../../shared/messages';
import { createAppStatusSlice, type AppStatusSlice } from './appStatusSlice';
import { createAttachmentsSlice, type AttachmentsSlice } from './attachmentsSlice';
import { createBannersSlice, type BannersSlice } from './bannersSlice';
import { createBranchesSlice, type BranchesSlice } from './branchesSlice';
import { createComposerSlice, type ComposerSlice } from './composerSlice';
import { createConversationSettingsSlice, type ConversationSettingsSlice } from './conversationSettingsSlice';
import { sessionKey, type RunRequest } from './openSession';
import { createPagingSlice, type PagingSlice } from './pagingSlice';
import { createRunsSlice, type RunsSlice } from './runsSlice';
import { createSearchSlice, type SearchSlice } from './searchSlice';
import { createSessionEventsSlice, type SessionEventsSlice } from './sessionEventsSlice';
import { createSessionsSlice, type SessionsSlice } from './sessionsSlice';
import { createSettingsSlice, type SettingsSlice } from './settingsSlice';
import { createShellSlice, type ShellSlice } from './shellSlice';
import { createShortcutsSlice, type ShortcutsSlice } from './shortcutsSlice';
import { createStartupSlice, type StartupSlice } from './startupSlice';
import { createToolsSlice, type ToolsSlice } from './toolsSlice';
import { createTransferSlice, type TransferSlice } from './transferSlice';
import { createUiStateSlice, type UiStateSlice } from './uiStateSlice';
import { createWelcomeSlice, type WelcomeSlice } from './welcomeSlice';

/** Codes the banner knows how to word: the provider's, IPC's, and the shell's own. */
export type BannerCode = ProviderErrorCode | IpcErrorCode | 'link_refused' | 'copy_failed' | 'request_limit';

/** What went wrong in one session; the text the user wrote is kept for retry. */
export interface BannerError {
  code: BannerCode;
  /** Main's raw message, shown as detail. */
  message: string;
  unsentText: string;
  /** What the retry button does, or null when there is nothing to retry. */
  retry: RunRequest['kind'] | null;
  /** The stored message a retried regenerate or edit names. */
  messageId?: string;
}

/** Everything the UI renders from and every action it may ask for: the slices together. */
export type AppState = StartupSlice &
  SessionsSlice &
  SessionEventsSlice &
  RunsSlice &
  ComposerSlice &
  BannersSlice &
  SettingsSlice &
  ShellSlice &
  SearchSlice &
  ShortcutsSlice &
  AppStatusSlice &
  ConversationSettingsSlice &
  BranchesSlice &
  PagingSlice &
  AttachmentsSlice &
  ToolsSlice &
  TransferSlice &
  WelcomeSlice &
  UiStateSlice;

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
}));

/** Key of the open session for per-session UI state. */
export const selectCurrentKey = (s: AppState): string => sessionKey(s.currentSession);

/** The open session's banner, if any. */
export const selectCurrentError = (s: AppState): BannerError | undefined => s.errors[sessionKey(s.currentSession)];
