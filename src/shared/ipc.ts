// The IPC contract: every invoke channel (request → IpcResult<response>) and the one event channel.
// The preload builds `window.api` from `INVOKE_CHANNELS`; main registers one validated handler per entry.
import type { AppStatus } from './app-status.js';
import type { DesktopSettingsPatch, DesktopView } from './desktop.js';
import type { CompareRequest } from './compare.js';
import type { AddAttachmentRequest, AddAttachmentResult, AttachmentBytes } from './attachments.js';
import type { IpcResult } from './errors.js';
import type { PreviewKind } from './preview-document.js';
import type { LocalServer } from './first-run.js';
import type { MessagePage, PageWindow } from './paging.js';
import type { SessionEventEnvelope } from './events.js';
import type { FindRequest, FindResponse, SearchRequest, SearchResponse } from './search.js';
import type { ApprovalDecision, McpServerInput, McpSettingsView } from './mcp.js';
import type { UiState, UiStatePatch } from './ui-state.js';
import type { ChatFolder } from './folders.js';
import type { CondenseView } from './condense.js';
import type { BuiltinApprovalPolicy, BuiltinToolsView, SendTools, WebSearchInput } from './builtin-tools.js';
import type { SessionCursor } from './session-order.js';
import type { ChatSettingsPatch, QueueState, SessionDetail, SessionSummary } from './sessions.js';
import type { ExportFormat, ExportResult, ImportResult } from './transfer.js';
import type { BackupSummary, BackupView, RestoreAnswer, SyncSettingsPatch, SyncView } from './sync.js';
import type { KnowledgeBaseView, KnowledgePathKind, KnowledgeView } from './knowledge.js';
import type { ChatParams, ConnectionTestResult, ModelRef, ProviderInput, SettingsPatch, SettingsView } from './settings.js';

/** `window.api` method name → channel name. */
export const INVOKE_CHANNELS = {
  listSessions: 'sessions:list',
  listFirstSessions: 'sessions:listFirst',
  createSession: 'sessions:create',
  getSession: 'sessions:get',
  getMessages: 'sessions:page',
  renameSession: 'sessions:rename',
  deleteSession: 'sessions:delete',
  pinSession: 'sessions:pin',
  send: 'chat:send',
  regenerate: 'chat:regenerate',
  editMessage: 'chat:editMessage',
  switchBranch: 'chat:switchBranch',
  steer: 'chat:steer',
  followUp: 'chat:followUp',
  abort: 'chat:abort',
  peekQueue: 'chat:peekQueue',
  clearQueue: 'chat:clearQueue',
  removeQueued: 'chat:removeQueued',
  dismissFailure: 'chat:dismissFailure',
  getSettings: 'settings:get',
  updateSettings: 'settings:update',
  saveProvider: 'settings:saveProvider',
  deleteProvider: 'settings:deleteProvider',
  updateChat: 'chat:updateSettings',
  listModels: 'models:list',
  testConnection: 'models:test',
  openExternal: 'shell:openExternal',
  openPreviewInBrowser: 'preview:openInBrowser',
  searchMessages: 'search:query',
  findInSession: 'search:findInSession',
  getAppStatus: 'app:status',
  addAttachment: 'attachments:add',
  readAttachment: 'attachments:read',
  openAttachedDocument: 'attachments:openDocument',
  approveTool: 'chat:approveTool',
  setSessionServers: 'sessions:setServers',
  getMcpSettings: 'mcp:get',
  saveMcpServer: 'mcp:saveServer',
  removeMcpServer: 'mcp:removeServer',
  restartMcpServer: 'mcp:restartServer',
  importMcpConfig: 'mcp:import',
  setMcpOptions: 'mcp:setOptions',
  revokeToolApproval: 'mcp:revoke',
  setMcpTools: 'mcp:setTools',
  exportSession: 'transfer:exportSession',
  exportAllSessions: 'transfer:exportAll',
  importSessions: 'transfer:import',
  cancelImport: 'transfer:cancelImport',
  detectLocalServers: 'settings:detectLocal',
  getUiState: 'ui:get',
  updateUiState: 'ui:update',
  windowPainted: 'app:painted',
  listFolders: 'folders:list',
  createFolder: 'folders:create',
  renameFolder: 'folders:rename',
  deleteFolder: 'folders:delete',
  setFolderCollapsed: 'folders:collapse',
  moveSessionToFolder: 'folders:move',
  exportFolder: 'folders:export',
  getDesktop: 'desktop:get',
  updateDesktop: 'desktop:update',
  checkForUpdates: 'updates:check',
  restartToUpdate: 'updates:restart',
  quickAskOpenInApp: 'quickAsk:openInApp',
  hideQuickAsk: 'quickAsk:hide',
  // Compare and fork (compare.ts)
  compare: 'compare:start',
  stopCompare: 'compare:stop',
  regenerateWith: 'compare:regenerate',
  mergeAnswers: 'compare:merge',
  dismissCompare: 'compare:dismiss',
  forkSession: 'sessions:fork',
  getCondense: 'condense:get',
  condenseNow: 'condense:now',
  undoCondense: 'condense:undo',
  setCondenseOff: 'condense:off',
  // Built-in tools (builtin-tools.ts)
  getBuiltinTools: 'builtinTools:get',
  setWebSearch: 'builtinTools:setWebSearch',
  setBuiltinToolPolicy: 'builtinTools:setPolicy',
  setFetchAllowedHosts: 'builtinTools:setAllowedHosts',
  setSessionBuiltinTools: 'sessions:setBuiltinTools',
  getBackups: 'backup:list',
  updateBackupSettings: 'backup:settings',
  chooseBackupFolder: 'backup:chooseFolder',
  backupNow: 'backup:now',
  restoreBackup: 'backup:restore',
  // Sync between computers (sync.ts)
  getSync: 'sync:get',
  updateSyncSettings: 'sync:settings',
  chooseSyncFolder: 'sync:chooseFolder',
  syncNow: 'sync:now',
  // Knowledge bases (knowledge.ts)
  listKnowledgeBases: 'knowledge:list',
  createKnowledgeBase: 'knowledge:create',
  renameKnowledgeBase: 'knowledge:rename',
  deleteKnowledgeBase: 'knowledge:delete',
  addKnowledgePaths: 'knowledge:addPaths',
  removeKnowledgePath: 'knowledge:removePath',
  setKnowledgeEmbedding: 'knowledge:setEmbedding',
  reindexKnowledgeBase: 'knowledge:reindex',
  setSessionKnowledge: 'sessions:setKnowledge',
  openKnowledgeFile: 'knowledge:openFile',
} as const;

/** The single main → renderer channel; payload: SessionEventEnvelope. */
export const SESSION_EVENT_CHANNEL = 'session:event';

/** Main → renderer: an application menu item was chosen; payload: MenuCommand. */
export const MENU_COMMAND_CHANNEL = 'menu:command';

/** What the application menu asks the window to do. */
export type MenuCommand = 'shortcuts' | DesktopCommand;
/** Sent by the tray and the quick-ask window: a new chat, a chat to open, desktop state (updates) to read again. */
export type DesktopCommand = 'new-chat' | 'desktop-changed' | `open-session:${string}`;

export type InvokeMethod = keyof typeof INVOKE_CHANNELS;
export type InvokeChannel = (typeof INVOKE_CHANNELS)[InvokeMethod];

export interface SessionRef {
  sessionId: string;
}

/**
 * Provider settings to try before saving; omitted fields fall back to the saved provider `providerId` (else the
 * default one) — its saved key only when the probed URL has the key's origin.
 */
export interface ProviderProbe {
  providerId?: string;
  baseUrl?: string;
  apiKey?: string;
  model?: string;
}

/** Request and response of every invoke method. `void` requests take no argument. */
export interface InvokeContract {
  listSessions: { request: void; response: SessionSummary[] };
  /**
   * The first `limit` sessions in sidebar order (session-order.ts), or the next `limit` after `after`, and how many there
   * are: a start's first paint, then the rest of the sidebar page by page. `finding`: the index is being rebuilt and
   * more sessions will arrive as `sessions_listed` events.
   */
  listFirstSessions: {
    request: { limit: number; after?: SessionCursor };
    response: { sessions: SessionSummary[]; total: number; finding: boolean };
  };
  /** Creates a stored session (the renderer keeps a draft until the first message). */
  /** Without `model`, the chat starts on Settings' default model (kept with the session). */
  /**
   * Creates a chat (the new chat's first send). `knowledgeBases`: the bases it searches from its first question (an
   * unknown id refuses it with `invalid_input`, and no chat is made).
   */
  createSession: {
    request: { name?: string; systemPrompt?: string; model?: ModelRef; params?: ChatParams; knowledgeBases?: string[] };
    response: SessionDetail;
  };
  /** The newest page of the shown branch (see paging.ts), and the page around `around` when that message is older. */
  getSession: { request: SessionRef & { around?: string }; response: SessionDetail };
  /** Another page of the shown branch; `limit` at most PAGE.maxMessages. `around` a message not shown → `invalid_input`. */
  getMessages: { request: SessionRef & PageWindow & { limit?: number }; response: MessagePage };
  renameSession: { request: SessionRef & { name: string }; response: SessionSummary };
  /** Pinned sessions are listed first; pinning does not change the activity time. */
  pinSession: { request: SessionRef & { pinned: boolean }; response: SessionSummary };
  /** Aborts a running session first; nothing is written for it afterwards. */
  deleteSession: { request: SessionRef; response: { deleted: true } };
  /** Starts a run and answers at once; its events follow on the event channel. Busy session → `busy`. */
  /** `attachments`: hashes of files added with `addAttachment` (text may then be empty). */
  send: {
    /** `webSearch` / `readPage`: built-in tools offered for this send only (SendTools). */
    request: SessionRef & { text: string; attachments?: string[] } & SendTools;
    response: { runId: string };
  };
  /**
   * Answers again the user message behind `messageId` (an answer on the shown branch; default the last answer). The
   * new answer is another version beside the old one, which stays on disk. Busy session → `busy`.
   */
  regenerate: { request: SessionRef & { messageId?: string }; response: { runId: string } };
  /** Sends `text` as a new version of the user message `messageId` and answers it; the old branch stays on disk. */
  editMessage: { request: SessionRef & { messageId: string; text: string }; response: { runId: string } };
  /** Shows version `version` (1-based) of the point where `messageId` sits; saved, and followed by the next send. */
  switchBranch: { request: SessionRef & { messageId: string; version: number }; response: SessionDetail };
  steer: { request: SessionRef & { text: string }; response: QueueState };
  followUp: { request: SessionRef & { text: string }; response: QueueState };
  abort: { request: SessionRef; response: { aborted: boolean } };
  peekQueue: { request: SessionRef; response: QueueState };
  clearQueue: { request: SessionRef & { which: 'steering' | 'followUp' | 'all' }; response: QueueState };
  /** Sets aside the chat's broken-off run (SessionDetail.failedRun): it is no longer shown, nor kept for a restart. */
  dismissFailure: { request: SessionRef; response: SessionSummary };
  /** Takes one queued message out if `text` is still at `index` of that queue; `removed` false when it was taken meanwhile. */
  removeQueued: {
    request: SessionRef & { which: 'steering' | 'followUp'; index: number; text: string };
    response: { queue: QueueState; removed: boolean };
  };
  getSettings: { request: void; response: SettingsView };
  updateSettings: { request: SettingsPatch; response: SettingsView };
  /** Adds (no id) or edits one provider; other providers and their keys are untouched. */
  saveProvider: { request: ProviderInput; response: SettingsView };
  deleteProvider: { request: { providerId: string }; response: SettingsView };
  /** Changes a chat's model, system prompt or parameters from its next run on (appended to the session, never rewritten). */
  updateChat: { request: SessionRef & ChatSettingsPatch; response: SessionDetail };
  listModels: { request: ProviderProbe; response: string[] };
  testConnection: { request: ProviderProbe; response: ConnectionTestResult };
  /** Opens http(s) and mailto URLs in the system browser; anything else is refused. */
  openExternal: { request: { url: string }; response: { opened: boolean } };
  /** Writes a preview (behind its no-network CSP) to a new temporary .html file and opens it in the system browser. */
  openPreviewInBrowser: { request: { kind: PreviewKind; source: string }; response: { opened: boolean } };
  /** Full-text search across every session's shown messages (or one folder's chats), best hits first. */
  searchMessages: { request: SearchRequest; response: SearchResponse };
  /** Every occurrence of a text in one chat's shown branch, loaded pages or not (find in chat). */
  findInSession: { request: FindRequest; response: FindResponse };
  /** Problems of the whole app (data folder locked, read-only, disk full), for the window to explain. */
  getAppStatus: { request: void; response: AppStatus };
  /** Validates (by content, not name) and stores a file; answers its reference or why it is refused. */
  addAttachment: { request: AddAttachmentRequest; response: AddAttachmentResult };
  /** The bytes of a stored attachment (an original or its scaled copy) by hash, for display. */
  readAttachment: { request: { sha256: string }; response: AttachmentBytes };
  /**
   * Opens a stored document (a copy under `name`) with the system's viewer; a name that is not a document's (PDF,
   * Office, ODF, EPUB, RTF) is refused (`invalid_input`), a file no longer stored is `not_found`.
   */
  openAttachedDocument: { request: { sha256: string; name: string }; response: { opened: boolean } };
  /** Answers a tool call waiting for approval; `resolved` is false when it no longer waits (stopped, answered). */
  approveTool: { request: SessionRef & { toolCallId: string; decision: ApprovalDecision }; response: { resolved: boolean } };
  /** The MCP servers a chat uses from its next run; `null`: the default (every enabled server). */
  setSessionServers: { request: SessionRef & { servers: string[] | null }; response: { mcpServers: string[] | null } };
  getMcpSettings: { request: void; response: McpSettingsView };
  /** Adds (no `previousName`) or edits a server; a running server is restarted with the new settings. */
  saveMcpServer: { request: McpServerInput; response: McpSettingsView };
  removeMcpServer: { request: { name: string }; response: McpSettingsView };
  restartMcpServer: { request: { name: string }; response: McpSettingsView };
  /** Adds the servers of a pasted mcp.json (Claude Desktop / Cursor / Cherry Studio format). */
  importMcpConfig: { request: { text: string }; response: McpSettingsView };
  setMcpOptions: { request: { startAtLaunch: boolean }; response: McpSettingsView };
  /** Takes a tool off its server's always-allowed list. */
  revokeToolApproval: { request: { server: string; tool: string }; response: McpSettingsView };
  /** Turns tools of a server on or off for every chat (one that is off is never offered to the model). */
  setMcpTools: { request: { server: string; tools: string[]; on: boolean }; response: McpSettingsView };
  /** Saves one chat as Markdown, JSON or HTML where the person chooses in main's save dialog. */
  exportSession: { request: SessionRef & { format: ExportFormat }; response: ExportResult };
  /** Saves every chat into one ZIP archive where the person chooses. */
  exportAllSessions: { request: void; response: ExportResult };
  /**
   * Asks for a file in main's open dialog and imports its chats as new sessions (each whole or not at all). The file
   * is read off main's thread; `import_progress` events say how far it got until this answers. One import at a time.
   */
  importSessions: { request: void; response: ImportResult };
  /**
   * Stops the import `importId` (from its progress events): the chat being written is finished, the rest of the file is
   * not read; chats already imported stay. `cancelled` is false when that import is not running (any more).
   */
  cancelImport: { request: { importId: string }; response: { cancelled: boolean } };
  /** Ollama / LM Studio answering on 127.0.0.1 (nothing else is probed), with their models. */
  detectLocalServers: { request: void; response: LocalServer[] };
  /** The window's state at the last quit (open chat, scroll anchors, drafts), of sessions that still exist. */
  getUiState: { request: void; response: UiState };
  /** Remembers a change of the window's state; written to disk shortly after (and at quit). */
  updateUiState: { request: UiStatePatch; response: void };
  /** The window has painted its sessions: main's background work (checking the folder, the search snapshot) starts now. */
  windowPainted: { request: void; response: void };
  /** Chat folders in the person's order (shared/folders.ts). */
  listFolders: { request: void; response: ChatFolder[] };
  createFolder: { request: { name: string }; response: ChatFolder };
  /** Renames a folder (its chats' lines carry the new name). */
  renameFolder: { request: { folderId: string; name: string }; response: ChatFolder };
  /** Removes a folder; its chats go back to the list, none is deleted. */
  deleteFolder: { request: { folderId: string }; response: { deleted: true; released: number } };
  /** Hides or shows a folder's chats in the sidebar (kept across restarts). */
  setFolderCollapsed: { request: { folderId: string; collapsed: boolean }; response: ChatFolder };
  /** Puts a chat in a folder, or back in the list with `folderId: null` (one meta line in its file). */
  moveSessionToFolder: { request: SessionRef & { folderId: string | null }; response: SessionSummary };
  /** Saves a folder's chats into one ZIP archive where the person chooses (importable like "export all"). */
  exportFolder: { request: { folderId: string }; response: ExportResult };
  /** Updates, tray, login item and shortcuts as stored in desktop.json, plus where updating stands. */
  getDesktop: { request: void; response: DesktopView };
  /** Changes desktop settings; a shortcut that clashes is refused (invalid_input, the clash named) and nothing changes. */
  updateDesktop: { request: DesktopSettingsPatch; response: DesktopView };
  /** Checks the feed now (only while updates are on); answers when the check and a found download ended. */
  checkForUpdates: { request: void; response: DesktopView };
  /** Quits and installs a downloaded update; false when none is ready. */
  restartToUpdate: { request: void; response: boolean };
  /** The quick-ask chat moves into the main window (`moved` false when there is none, e.g. in the browser harness). */
  quickAskOpenInApp: { request: SessionRef; response: { moved: boolean } };
  /** Escape in the quick-ask window: it hides (the app keeps running). */
  hideQuickAsk: { request: void; response: void };
  /** Asks one question of 2–4 models at once; `compare_start` names each column's run, whose events follow. */
  compare: { request: CompareRequest; response: { compareId: string; runIds: string[] } };
  /** Stops one column of the running compare (`runId`) or all of them; each stores what it had shown. */
  stopCompare: { request: SessionRef & { runId?: string }; response: { aborted: boolean } };
  /** Answers again: a compare's ended column (`runId`), or after it the answer `messageId` with `model` (a new version). */
  regenerateWith: { request: SessionRef & { runId?: string; messageId?: string; model?: ModelRef }; response: { runId: string } };
  /** Asks the chat's model to merge the versions of the answer `messageId` into one (a normal run over them). */
  mergeAnswers: { request: SessionRef & { messageId: string }; response: { runId: string } };
  /** Closes an ended compare without a pick: the answer shown stays, and the pick is not offered again after a restart. */
  dismissCompare: { request: SessionRef; response: { dismissed: boolean } };
  /** "New chat from here": a new chat with the shown branch up to `messageId`, named after this one, linked back. */
  forkSession: { request: SessionRef & { messageId: string }; response: SessionSummary };
  /** The chat's condensed history: the summary in force (its marker's place) and whether condensing is off. */
  getCondense: { request: SessionRef; response: CondenseView };
  /** Summarizes every turn but the newest now (one model request). Refused (`busy`) while the chat answers. */
  condenseNow: { request: SessionRef; response: CondenseView };
  /** Undoes the summary in force; requests carry the turns again as far as they fit. */
  undoCondense: { request: SessionRef; response: CondenseView };
  /** Turns condensing off (the oldest turns are simply left out) or on again, for this chat. */
  setCondenseOff: { request: SessionRef & { off: boolean }; response: CondenseView };
  /** The built-in tools (ready or why not, each policy) and the web-search settings; the key never comes back. */
  getBuiltinTools: { request: void; response: BuiltinToolsView };
  /** Changes the search engine, its URL and (sealed to that URL's origin) its key. */
  setWebSearch: { request: WebSearchInput; response: BuiltinToolsView };
  /** `ask` (first time in a chat, then remembered) or `always` for one built-in tool. */
  setBuiltinToolPolicy: { request: { tool: string; policy: BuiltinApprovalPolicy }; response: BuiltinToolsView };
  /** The whole list of hosts fetch_page may read although they are local or private (host names or IP addresses). */
  setFetchAllowedHosts: { request: { hosts: string[] }; response: BuiltinToolsView };
  /** The built-in tools this chat is offered (the whole list). */
  setSessionBuiltinTools: { request: SessionRef & { tools: string[] }; response: { builtinTools: string[] } };
  /** The backup settings and the backups in the chosen folder, newest first. */
  getBackups: { request: void; response: BackupView };
  /** Turns backups on or off and sets how many are kept (the folder only comes from `chooseBackupFolder`). */
  updateBackupSettings: { request: { enabled?: boolean; keep?: number }; response: BackupView };
  /** Asks for the backup folder in main's folder dialog; cancelled changes nothing. */
  chooseBackupFolder: { request: void; response: BackupView };
  /** Writes a checked backup now (the oldest beyond the kept number go). */
  backupNow: { request: void; response: BackupSummary };
  /** Restores a backup after checking it whole; the current state is backed up first; the window then reloads. */
  restoreBackup: { request: { name: string }; response: RestoreAnswer };
  /** The sync settings (no password or passphrase) and the status: last pass, what came in, what was skipped and why. */
  getSync: { request: void; response: SyncView };
  /** Turns sync on/off, pauses it, sets the interval, a WebDAV target or the passphrase (sealed in main, never sent back). */
  updateSyncSettings: { request: SyncSettingsPatch; response: SyncView };
  /** Asks for the shared sync folder in main's folder dialog; cancelled changes nothing. */
  chooseSyncFolder: { request: void; response: SyncView };
  /** Runs a pass now (waits for one under way first) and answers the view after it; a failed pass is in the status. */
  syncNow: { request: void; response: SyncView };
  /** Every knowledge base with where its index stands; changes also arrive as `knowledge_status` events. */
  listKnowledgeBases: { request: void; response: KnowledgeView };
  /** A new, empty knowledge base (paths come from `addKnowledgePaths`). */
  createKnowledgeBase: { request: { name: string }; response: KnowledgeBaseView };
  renameKnowledgeBase: { request: { kbId: string; name: string }; response: KnowledgeView };
  /** Removes the base and every row of its index; the person's files are untouched, chats using it no longer do. */
  deleteKnowledgeBase: { request: { kbId: string }; response: KnowledgeView };
  /** Asks for files or a folder in main's open dialog and indexes them (in the background); cancelled changes nothing. */
  addKnowledgePaths: { request: { kbId: string; kind: KnowledgePathKind }; response: KnowledgeView };
  /** Takes one of the base's paths out (its files' rows go). */
  removeKnowledgePath: { request: { kbId: string; path: string }; response: KnowledgeView };
  /** Hybrid retrieval with this provider's `/embeddings` model (every chunk is embedded again), or BM25 only (`null`). */
  setKnowledgeEmbedding: {
    request: { kbId: string; embedding: { providerId: string; model: string } | null };
    response: KnowledgeView;
  };
  /** Reads the base's files again where they changed (e.g. after fixing an error). */
  reindexKnowledgeBase: { request: { kbId: string }; response: KnowledgeView };
  /** The knowledge bases a chat searches from its next run (the whole list; unknown ids are refused). */
  setSessionKnowledge: { request: SessionRef & { kbIds: string[] }; response: { knowledgeBases: string[] } };
  /** Opens a file of a knowledge base with the system's viewer; any other path is refused (`invalid_input`). */
  openKnowledgeFile: { request: { file: string }; response: { opened: boolean } };
}

export type InvokeRequest<K extends InvokeMethod> = InvokeContract[K]['request'];
export type InvokeResponse<K extends InvokeMethod> = InvokeContract[K]['response'];

/** `window.api`: exactly the contract's methods plus the event subscription. Never rejects: failures are `ok: false`. */
export type TinyAgentApi = {
  [K in InvokeMethod]: InvokeRequest<K> extends void
    ? () => Promise<IpcResult<InvokeResponse<K>>>
    : (request: InvokeRequest<K>) => Promise<IpcResult<InvokeResponse<K>>>;
} & {
  /** Delivers every session's events in order; returns the unsubscribe function. */
  onSessionEvent(listener: (envelope: SessionEventEnvelope) => void): () => void;
  /** Delivers the application menu's commands; returns the unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
};

export { LIMITS } from './limits.js';
