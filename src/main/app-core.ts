// The composition root of main: settings, sessions and the IPC router, independent of Electron so the same
// core runs inside Electron (src/main/index.ts) and inside the end-to-end harness (test/e2e/launch.ts).
//
// It starts whatever state the data folder is in: a folder another Tiny Agent holds gives a core that lists nothing
// and changes nothing (its window says why); a read-only folder or a full disk gives a core that shows what it can
// read and says what is wrong. Only a bug makes it throw.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppProblem } from '../shared/app-status.js';
import { AppError } from '../shared/errors.js';
import { INVOKE_CHANNELS } from '../shared/ipc.js';
import { LIST_ENVELOPE, type SessionEventEnvelope } from '../shared/events.js';
import { BackupService } from './backup/backup-service.js';
import { recoverRestore } from './backup/backup-recover.js';
import { SyncService } from './sync/sync-service.js';
import { AttachmentStore, type OpenCopyOptions } from './attachments/index.js';
import { DatabaseIndex } from './derived/database-index.js';
import { DerivedDb } from './derived/derived-db.js';
import { createRouter, type InvokeHandlers, type Router, type RouterMessages } from './ipc/router.js';
import { mainStrings } from './i18n.js';
import { streamOpenAI } from './llm/index.js';
import { createLogger, type Logger } from './log.js';
import { BuiltinToolsService } from './builtin-tools/builtin-tools-service.js';
import { McpService } from './mcp/mcp-service.js';
import { KnowledgeService } from './knowledge/knowledge-service.js';
import { KNOWLEDGE_TOP_K } from '../shared/knowledge.js';
import { MCP_STRINGS } from './mcp/strings.js';
import { SEARCH_FILE, SearchService } from './search/index.js';
import { DEFAULT_SYSTEM_PROMPTS, SESSION_MESSAGES, SessionService } from './sessions/index.js';
import { FOLDER_STRINGS, FolderService } from './sessions/folders/index.js';
import type { SecretBox } from './settings/secret-box.js';
import type { LocalDetectOptions } from './settings/local-detect.js';
import { createProviderCheck } from './settings/provider-check.js';
import { SettingsService } from './settings/settings-service.js';
import { acquireDataLock, type DataLock } from './storage/data-lock.js';
import type { StorageCause } from './storage/storage-cause.js';
import { removeStaleTempFiles } from './storage/temp-files.js';
import { noDialogs, TransferService, TRANSFER_STRINGS, type FileDialogs } from './transfer/index.js';
import { UiStateService } from './ui-state/index.js';
import { emptyUiState } from '../shared/ui-state.js';
import { DesktopService, type DesktopHost } from './desktop/desktop-service.js';
import type { PreviewFileOptions } from './preview/index.js';
import { desktopHandlers, type QuickAskHost } from './desktop/handlers.js';
import {
  attachmentHandlers,
  knowledgeHandlers,
  libraryHandlers,
  outsideHandlers,
  sessionHandlers,
  settingsHandlers,
  toolHandlers,
  type OutsideOptions,
} from './ipc/handlers/index.js';

export interface AppCoreOptions {
  /** Where settings and sessions live (TINY_AGENT_DATA_DIR or Electron's userData). */
  dataDir: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The OS locale, e.g. 'zh-CN'. */
  systemLocale: string;
  secrets: SecretBox;
  /** Delivers session events to the renderer, in order. */
  emit: (envelope: SessionEventEnvelope) => void;
  /** Opens an already-vetted http(s)/mailto URL outside the app. */
  openExternal: (url: string) => Promise<void>;
  /** Where "Open in browser" writes previews (tests name a temp folder of their own). */
  previewFiles?: PreviewFileOptions;
  /** Where an attached document opened with the system's viewer is copied (tests; default: the temporary folder). */
  openCopies?: OpenCopyOptions;
  /** Opens a file of a knowledge base or an attached document with the system's viewer (shell.openPath: '' or why not); absent: not opened. */
  openPath?: (file: string) => Promise<string>;
  /** Where redacted log lines go (default stderr). */
  writeLog?: (line: string) => void;
  /** The system save/open dialogs for export and import (tests script them); default: always cancelled. */
  dialogs?: FileDialogs;
  /** Closes this core, runs `between` (a restore), opens a new core on the folder and reloads the window. */
  reopen?: (between: () => Promise<void>) => Promise<void>;
  /** Where to look for local model servers (default Ollama 11434, LM Studio 1234; tests use a fake server's port). */
  localServerPorts?: LocalDetectOptions['ports'];
  /** The OS side of updates, tray, login item and the quick-ask window (Electron's glue); absent in tests. */
  desktopHost?: DesktopHost;
  quickAskHost?: QuickAskHost;
}

export interface AppCore {
  router: Router;
  settings: SettingsService;
  /** Absent when another Tiny Agent holds the data folder. */
  sessions?: SessionService;
  /** Absent when another Tiny Agent holds the data folder. */
  search?: SearchService;
  /** Absent when another Tiny Agent holds the data folder. */
  mcp?: McpService;
  /** web_search, fetch_page, run_python; absent when another Tiny Agent holds the data folder. */
  builtinTools?: BuiltinToolsService;
  /** Knowledge bases (knowledge.json, their index, retrieval); absent when another Tiny Agent holds the data folder. */
  knowledge?: KnowledgeService;
  /** Export and import (the benchmark imports with `importFrom`); absent when another Tiny Agent holds the data folder. */
  transfer?: TransferService;
  log: Logger;
  /** Sync between computers; absent when another Tiny Agent holds the data folder. */
  sync?: SyncService;
  /** desktop.json: updates, tray, login item, shortcuts; absent when another Tiny Agent holds the data folder. */
  desktop?: DesktopService;
  /** Backups (also made before a format migration or an update); absent when another Tiny Agent holds the data folder. */
  backups?: BackupService;
  /**
   * The window has painted its sessions (it says so through `windowPainted`): work that must not delay that paint
   * (checking the sessions folder, rebuilding a missing index, loading the search snapshot) starts now, once.
   */
  afterFirstPaint(): void;
  /** Stops running answers and waits until every committed run is on disk. */
  dispose(): Promise<void>;
}

/** Builds main's services and the router over them. */
export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  let settings: SettingsService | undefined;
  const log = createLogger(() => {
    const envKey = options.env.OPENAI_API_KEY;
    return [...(settings?.secretValues() ?? []), envKey].filter((k): k is string => Boolean(k));
  }, options.writeLog);
  const lock = await acquireDataLock(options.dataDir);
  if (lock.state === 'locked') log.info(`the data folder ${options.dataDir} is in use by process ${lock.pid}; nothing will be changed`);
  // With the folder ours, no live process can own a temp file in it: settings temp files left by a crash go.
  if (lock.state === 'held') await removeStaleTempFiles(options.dataDir);
  // A restore that died halfway is finished (its copy was complete) or undone, before anything reads the folder.
  if (lock.state === 'held')
    for (const outcome of await recoverRestore(options.dataDir)) log.info(`an interrupted restore was ${outcome.done}`);
  settings = await SettingsService.open({
    dataDir: options.dataDir,
    env: options.env,
    secrets: options.secrets,
    systemLocale: options.systemLocale,
    log: (message) => log.info(message),
  });
  const current = settings;
  const strings = () => mainStrings(current.locale());
  const routerMessages = () => {
    const s = strings();
    return { invalidInput: s.invalidInput, unknownChannel: s.unknownChannel, internal: s.internal, storage: s.storage };
  };
  const routerLog = (context: string, error: unknown) => log.error(context, error);
  if (lock.state === 'locked') return lockedCore(current, strings, options, log, routerMessages, routerLog);

  const maxMessages = Number(options.env.MAX_MESSAGES_PER_SESSION);
  const attachments = await AttachmentStore.open({ dataDir: options.dataDir, log });
  const mcp = await McpService.open({
    dataDir: options.dataDir,
    secrets: options.secrets,
    log: (message) => log.info(message),
    strings: () => MCP_STRINGS[current.locale()],
  });

  // What is derived from the session files (their index, the search index) lives in one database, in a worker.
  const derived = await DerivedDb.open({
    dataDir: options.dataDir,
    sessionsDir: path.join(options.dataDir, 'sessions'),
    log: (message, error) => (error === undefined ? log.info(message) : log.error(message, error)),
  });
  if (!derived.available) log.info(`the derived database cannot be used; search is unavailable (${JSON.stringify(derived.availability)})`);

  const knowledge = await KnowledgeService.open({
    dataDir: options.dataDir,
    store: derived,
    language: () => current.locale(),
    dialogs: options.dialogs ?? noDialogs,
    ...(options.openPath && { openPath: options.openPath }),
    embeddingEndpoint: (providerId, model) => {
      const resolved = current.resolveModel({ providerId, model });
      return { baseUrl: resolved.baseUrl, ...(resolved.apiKey !== undefined && { apiKey: resolved.apiKey }), model };
    },
    emit: (view) => options.emit({ ...LIST_ENVELOPE, event: { type: 'knowledge_status', knowledge: view } }),
    log: (message, error) => (error === undefined ? log.info(message) : log.error(message, error)),
  });
  // A database started afresh lost the knowledge rows with the rest: every base is indexed again.
  derived.onReset(() => knowledge.afterReset());

  // Bound once the sessions exist (approvals "always allow" go to the chat's settings lines); no run starts before.
  let sessionsRef: SessionService | undefined;
  const builtin = await BuiltinToolsService.open({
    dataDir: options.dataDir,
    secrets: options.secrets,
    language: () => current.locale(),
    chatLines: {
      allowedBuiltinTools: (id) => sessionsRef?.builtinToolsAllowed(id),
      appendChatLine: async (id, patch) => void (await sessionsRef?.updateChat(id, patch)),
    },
    knowledge: {
      basesFor: (id) => knowledge.basesOf(sessionsRef?.knowledgeBases(id)),
      retrieve: (bases, query, limit) => knowledge.retrieve(bases, query, limit),
      anyBases: () => knowledge.anyBases(),
      number: (id, passages) => knowledge.number(id, passages),
    },
  });

  // Before the sessions: a session file's format migration backs the data folder up first.
  const backups = new BackupService({
    dataDir: options.dataDir,
    settings: current,
    dialogs: options.dialogs ?? noDialogs,
    ...(options.reopen && { reopen: options.reopen }),
    log: (message, error) => log.error(message, error),
  });

  // Bound once both exist; no run can commit before the core is returned.
  let search: SearchService | undefined;
  let uiState: UiStateService | undefined;
  let sync: SyncService | undefined;
  const sessions = await SessionService.open({
    dataDir: options.dataDir,
    ...(derived.available && { indexPersistence: (dir, storeLog) => new DatabaseIndex(derived, dir, storeLog) }),
    emit: options.emit,
    resolveModel: (ref, params) => current.resolveModel(ref, params),
    defaultModel: () => current.defaultModel(),
    defaultSystemPrompt: () => current.customSystemPrompt() ?? DEFAULT_SYSTEM_PROMPTS[current.locale()],
    messages: () => SESSION_MESSAGES[current.locale()],
    maxMessagesPerSession: Number.isInteger(maxMessages) && maxMessages > 1 ? maxMessages : 100,
    maxRequestsPerRun: () => current.maxRequestsPerRun(),
    language: () => current.locale(),
    log,
    beforeMigration: () => backups.beforeMigration(),
    observer: {
      changed: (id) => {
        search?.changed(id);
        sync?.localChange();
      },
      deleted: (id) => {
        search?.deleted(id);
        uiState?.forget(id);
        sync?.localDelete(id);
      },
    },
    attachments,
    tools: async (servers, hooks, run) => [
      ...(await mcp.toolsFor(servers, hooks)),
      ...(builtin?.toolsFor(sessionsRef?.builtinTools(run.sessionId), hooks, {
        ...run,
        knowledge: knowledge.basesOf(sessionsRef?.knowledgeBases(run.sessionId)).length > 0,
      }) ?? []),
    ],
    knowledge: {
      beginRun: (id, kbIds, question) => knowledge.beginRun(id, kbIds, question, KNOWLEDGE_TOP_K),
      citationsIn: (id, text) => knowledge.citationsIn(id, text),
      forgetRun: (id) => knowledge.forgetRun(id),
      numberAttached: (id, document, passages) => knowledge.numberAttached(id, document, passages),
    },
    autoTitle: () => current.autoTitle(),
    summaryModel: () => {
      const ref = current.summaryModel();
      if (!ref) return undefined;
      try {
        return current.resolveModel(ref);
      } catch (error) {
        // A chosen model that cannot be asked now (its provider off, its key gone): the chat's own writes the summary.
        log.info(
          `the summary model ${ref.model} cannot be used (${error instanceof Error ? error.message : String(error)}); the chat's model summarizes`,
        );
        return undefined;
      }
    },
    // The composition root chooses the provider: the session layer knows only the stream's shape.
    streamFn: streamOpenAI,
  });
  sessionsRef = sessions;
  search = new SearchService({
    db: derived,
    sessions: function* () {
      // Main's folder check has just stat-ed every file: the worker need not do it again.
      for (const entry of sessions.store.entries())
        if (!entry.problem) yield { id: entry.id, seen: { size: entry.fileSize ?? entry.size, mtimeMs: entry.mtimeMs } };
    },
    listed: () => sessions.store.scanned(),
    sessionName: (id) => {
      const entry = sessions.store.entry(id);
      if (!entry || entry.problem) return undefined;
      return entry.name || SESSION_MESSAGES[current.locale()].untitled;
    },
    log: (message, error) => log.error(message, error),
    removeOldIndex: () => fs.rm(path.join(options.dataDir, SEARCH_FILE), { force: true }),
  });
  const searchService = search;
  uiState = await UiStateService.open({
    dataDir: options.dataDir,
    sessionExists: (id) => sessions.store.entry(id) !== undefined,
    log: (message, error) => (error === undefined ? log.info(message) : log.error(message, error)),
  });
  const windowState = uiState;
  const desktop = await DesktopService.open(options.dataDir, () => current.locale(), options.desktopHost);

  const providers = createProviderCheck(current, strings);
  const folders = new FolderService(
    options.dataDir,
    { entries: () => sessions.store.entries(), moveToFolder: (id, folder) => sessions.moveToFolder(id, folder) },
    () => FOLDER_STRINGS[current.locale()],
    Date.now,
    (id, name) => sync?.localFolder(id, name),
  );
  const transfer = new TransferService({
    sessions,
    attachments,
    dialogs: options.dialogs ?? noDialogs,
    strings: () => TRANSFER_STRINGS[current.locale()],
    locale: () => current.locale(),
    defaultSystemPrompt: () => current.customSystemPrompt() ?? DEFAULT_SYSTEM_PROMPTS[current.locale()],
    log,
    importProgress: (progress) => options.emit({ ...LIST_ENVELOPE, event: { type: 'import_progress', progress } }),
  });

  sync = await SyncService.open({
    dataDir: options.dataDir,
    secrets: options.secrets,
    sessions: {
      scanned: () => sessions.store.scanned(),
      entries: () => sessions.store.entries(),
      entry: (id) => sessions.store.entry(id),
      filePath: (id) => sessions.store.filePath(id),
      appendSynced: (id, size, lines, fields) => sessions.appendSynced(id, size, lines, fields),
      adoptSynced: (header, lines) => sessions.adoptSynced(header, lines),
      deleteSynced: (id) => sessions.deleteSynced(id),
      readAttachment: async (sha256) => (await attachments.read(sha256))?.bytes,
      hasAttachment: (sha256) => attachments.has(sha256),
      folders: () => folders.list(),
      applyFolder: (id, name) => folders.applySynced(id, name),
      adoptAttachment: async (sessionId, part, bytes, scaled) => {
        // Judged again like any file added here: what another computer sent is never trusted more than a drop.
        const added = await attachments.add({ name: part.name, bytes, ...(scaled && { scaled }) });
        if ('refused' in added) throw new Error(`an attached file of another computer was refused (${added.refused.reason})`);
        await attachments.retain(sessionId, [added.attachment]);
      },
    },
    dialogs: options.dialogs ?? noDialogs,
    locale: () => current.locale(),
    status: (status) => options.emit({ ...LIST_ENVELOPE, event: { type: 'sync_status', status } }),
    log: (message, error) => (error === undefined ? log.info(message) : log.error(message, error)),
  });
  const syncService = sync;

  const handlers: InvokeHandlers = {
    ...sessionHandlers(
      sessions,
      attachments,
      () => strings().attachmentGone(),
      (kbIds) => knowledge.known(kbIds),
    ),
    ...settingsHandlers(current, providers, options.localServerPorts),
    ...toolHandlers(mcp, builtin),
    ...knowledgeHandlers(knowledge, sessions),
    ...libraryHandlers({ folders, search: searchService, transfer, backups, sync: syncService }),
    ...attachmentHandlers(attachments, {
      emit: options.emit,
      strings,
      ...(options.openPath && { openPath: options.openPath }),
      ...(options.openCopies && { openCopies: options.openCopies }),
    }),
    ...outsideHandlers(outsideOptions(options, strings)),
    ...desktopHandlers(desktop, options.quickAskHost, () => options.desktopHost?.updates),
    getAppStatus: () => ({
      problems: problemsOf(lock, sessions.store.problem),
      notices: [current.loadNotice, windowState.notice, attachments.notice].filter((notice) => notice !== undefined),
    }),
    getUiState: () => windowState.view(),
    updateUiState: (patch) => windowState.update(patch),
    windowPainted: () => afterFirstPaint(),
  };

  const router = createRouter(handlers, routerMessages, routerLog);
  // Once per process: a reloaded window paints again, and finds the work started.
  let painted = false;
  const afterFirstPaint = () => {
    if (painted) return;
    painted = true;
    sessions.store.check();
    void searchService.start();
    knowledge.start();
    // The daily backup runs off the paint's path; its file work is async (copies and hashing in 256 KiB slices).
    setTimeout(() => void backups.daily(), 0);
    // The first sync pass, then one every few minutes; its file work is async and done one chat at a time.
    syncService.start();
  };

  return {
    router,
    settings: current,
    sessions,
    search: searchService,
    mcp,
    builtinTools: builtin,
    knowledge,
    transfer,
    log,
    desktop,
    backups,
    sync: syncService,
    afterFirstPaint,
    // An import stops first (the chat being written is finished), then runs stop (cancelling their tool calls), then
    // every MCP server process is ended, then the folder is let go.
    async dispose() {
      try {
        await syncService.dispose();
        await transfer.dispose();
        await sessions.dispose();
        knowledge.dispose();
        await derived.close();
        await windowState.flush();
        await attachments.flush();
      } finally {
        await builtin.dispose();
        await mcp.dispose();
        if (lock.state === 'held') await lock.release();
      }
    },
  };
}

function outsideOptions(options: AppCoreOptions, strings: () => ReturnType<typeof mainStrings>): OutsideOptions {
  return {
    openExternal: options.openExternal,
    ...(options.previewFiles && { previewFiles: options.previewFiles }),
    linkRefused: () => strings().linkRefused(),
  };
}

const PROBLEM_OF_CAUSE: Partial<Record<StorageCause, AppProblem>> = {
  disk_full: 'diskFull',
  read_only: 'readOnly',
  no_permission: 'noPermission',
};

/** The app's problems now: the lock could not be written, or the last write of the sessions index failed. */
function problemsOf(lock: DataLock, storeProblem: StorageCause | undefined): AppProblem[] {
  const problems = new Set<AppProblem>();
  for (const cause of [lock.state === 'unavailable' ? lock.cause : undefined, storeProblem]) {
    const problem = cause && PROBLEM_OF_CAUSE[cause];
    if (problem) problems.add(problem);
  }
  return [...problems];
}

/**
 * The core of a window whose data folder another Tiny Agent holds: it shows the settings (language, theme) and
 * explains; it lists no sessions and writes nothing, so the other instance's files are never touched.
 */
function lockedCore(
  settings: SettingsService,
  strings: () => ReturnType<typeof mainStrings>,
  options: AppCoreOptions,
  log: Logger,
  routerMessages: () => RouterMessages,
  routerLog: (context: string, error: unknown) => void,
): AppCore {
  const refuse = (): never => {
    throw new AppError('storage', strings().dataLocked());
  };
  // Every channel refuses, so a channel added later is refused here too; only what reads nothing of the folder works.
  const refuseAll = Object.fromEntries(Object.keys(INVOKE_CHANNELS).map((method) => [method, refuse])) as unknown as InvokeHandlers;
  const handlers: InvokeHandlers = {
    ...refuseAll,
    listSessions: () => [],
    listFirstSessions: () => ({ sessions: [], total: 0, finding: false }),
    abort: () => ({ aborted: false }),
    cancelImport: () => ({ cancelled: false }),
    peekQueue: () => ({ steering: [], followUp: [] }),
    clearQueue: () => ({ steering: [], followUp: [] }),
    removeQueued: () => ({ queue: { steering: [], followUp: [] }, removed: false }),
    getSettings: () => settings.view(),
    ...outsideHandlers(outsideOptions(options, strings)),
    // The settings were read (never written): what was set aside there is said here too.
    getAppStatus: () => ({ problems: ['locked'], notices: settings.loadNotice ? [settings.loadNotice] : [] }),
    // Nothing of the other instance's window is shown, and nothing is remembered for it.
    getUiState: () => emptyUiState(),
    updateUiState: () => undefined,
    windowPainted: () => undefined,
  };

  return {
    router: createRouter(handlers, routerMessages, routerLog),
    settings,
    log,
    afterFirstPaint: () => undefined,
    dispose: async () => undefined,
  };
}
