// The store's contracts: every slice's data and actions, and `AppState`, all of them together. Below the slices:
// these files import only src/shared and the store's pure modules, so a slice can name the whole store it lives in.
import type { AppStatusSlice } from './appStatus';
import type { AttachmentsSlice } from './attachments';
import type { BannersSlice } from './banners';
import type { BranchesSlice } from './branches';
import type { BuiltinToolsSlice } from './builtinTools';
import type { ComposerSlice } from './composer';
import type { ConversationSettingsSlice } from './conversationSettings';
import type { PagingSlice } from './paging';
import type { RunsSlice } from './runs';
import type { SearchSlice } from './search';
import type { SessionEventsSlice } from './sessionEvents';
import type { SessionsSlice } from './sessions';
import type { SettingsSlice } from './settings';
import type { ShellSlice } from './shell';
import type { ShortcutsSlice } from './shortcuts';
import type { StartupSlice } from './startup';
import type { ToolsSlice } from './tools';
import type { TransferSlice } from './transfer';
import type { FoldersSlice } from './folders';
import type { CondenseSlice } from './condense';
import type { UiStateSlice } from './uiState';
import type { WelcomeSlice } from './welcome';
import type { CompareSlice } from './compare';
import type { SyncSlice } from './sync';

export type { AppStatusSlice } from './appStatus';
export type { AttachmentsActions, AttachmentsData, AttachmentsSlice, ComposerReading } from './attachments';
export type { BannerCode, BannerError, BannersSlice } from './banners';
export type { BranchesSlice } from './branches';
export type { BuiltinToolsSlice } from './builtinTools';
export type { ComposerSlice } from './composer';
export type { ConversationSettingsActions, ConversationSettingsData, ConversationSettingsSlice } from './conversationSettings';
export type { PagingSlice } from './paging';
export type { RunsSlice } from './runs';
export type { MessageFocus, SearchData, SearchSlice } from './search';
export type { RunOrigin, SessionEventsSlice } from './sessionEvents';
export type { SessionsSlice } from './sessions';
export type { SettingsSlice } from './settings';
export type { ShellSlice } from './shell';
export type { ShortcutsSlice } from './shortcuts';
export type { StartupSlice } from './startup';
export type { ToolsActions, ToolsData, ToolsSlice } from './tools';
export type { Notice, TransferSlice } from './transfer';
export type { UiStateSlice } from './uiState';
export type { WelcomeActions, WelcomeChoice, WelcomeData, WelcomeSlice } from './welcome';
export type { CompareSlice, CompareView, CompareColumnView } from './compare';
export type { SyncSlice } from './sync';

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
  UiStateSlice &
  FoldersSlice &
  CondenseSlice &
  CompareSlice &
  SyncSlice &
  BuiltinToolsSlice;
