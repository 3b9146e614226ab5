// The composition root of main: settings, sessions and the IPC router, independent of Electron so the same
// core runs inside Electron (src/main/index.ts) and inside the end-to-end harness (test/e2e/launch.ts).
import { AppError } from '../shared/errors.js';
import type { SessionEventEnvelope } from '../shared/events.js';
import { createRouter, type InvokeHandlers, type Router } from './ipc/router.js';
import { mainStrings } from './i18n.js';
import { createLogger, type Logger } from './log.js';
import { McpService } from './mcp/mcp-service.js';
import { isSafeExternalUrl } from './security/external-links.js';
import { SearchService } from './search/index.js';
import { DEFAULT_SYSTEM_PROMPTS, SESSION_MESSAGES, SessionService } from './sessions/index.js';
import { currentBranch } from './sessions/session-file.js';
import type { SecretBox } from './settings/secret-box.js';
import { createProviderCheck } from './settings/provider-check.js';
import { SettingsService } from './settings/settings-service.js';

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
  /** Where redacted log lines go (default stderr). */
  writeLog?: (line: string) => void;
}

export interface AppCore {
  router: Router;
  settings: SettingsService;
  sessions: SessionService;
  search: SearchService;
  mcp: McpService;
  log: Logger;
  /** Stops running answers and waits until every committed run is on disk. */
  dispose(): Promise<void>;
}

/** Builds main's services and the router over them. */
export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  let settings: SettingsService | undefined;
  const log = createLogger(() => {
    const key = settings?.resolveModel().apiKey;
    const envKey = options.env.OPENAI_API_KEY;
    return [key, envKey].filter((k): k is string => Boolean(k));
  }, options.writeLog);
  settings = await SettingsService.open({
    dataDir: options.dataDir,
    env: options.env,
    secrets: options.secrets,
    systemLocale: options.systemLocale,
    log: (message) => log.info(message),
  });
  const current = settings;
  const strings = () => mainStrings(current.locale());
  const maxMessages = Number(options.env.MAX_MESSAGES_PER_SESSION);
  const mcp = await McpService.open({ dataDir: options.dataDir, secrets: options.secrets, log: (message) => log.info(message) });

  // Bound once both exist; no run can commit before the core is returned.
  let search: SearchService | undefined;
  const sessions = await SessionService.open({
    dataDir: options.dataDir,
    emit: options.emit,
    resolveModel: () => current.resolveModel(),
    defaultSystemPrompt: () => current.customSystemPrompt() ?? DEFAULT_SYSTEM_PROMPTS[current.locale()],
    messages: () => SESSION_MESSAGES[current.locale()],
    maxMessagesPerSession: Number.isInteger(maxMessages) && maxMessages > 1 ? maxMessages : 100,
    log,
    observer: {
      branchChanged: (id, branch) => search?.branchChanged(id, branch),
      deleted: (id) => search?.deleted(id),
    },
    tools: (servers, hooks) => mcp.toolsFor(servers, hooks),
  });
  search = new SearchService({
    dataDir: options.dataDir,
    sessions: function* () {
      for (const entry of sessions.store.entries()) if (!entry.problem) yield { id: entry.id, size: entry.size };
    },
    sizeOf: (id) => sessions.store.entry(id)?.size,
    readBranch: async (id) => currentBranch((await sessions.store.load(id)).entries),
    sessionNames: () => new Map(sessions.list().map((summary) => [summary.id, summary.name || SESSION_MESSAGES[current.locale()].untitled])),
    log: (message, error) => log.error(message, error),
  });
  const searchService = search;

  const providers = createProviderCheck(current, strings);

  const handlers: InvokeHandlers = {
    listSessions: () => sessions.list(),
    createSession: (req) => sessions.create(req),
    getSession: ({ sessionId }) => sessions.get(sessionId),
    renameSession: ({ sessionId, name }) => sessions.rename(sessionId, name),
    deleteSession: ({ sessionId }) => sessions.delete(sessionId),
    pinSession: ({ sessionId, pinned }) => sessions.pin(sessionId, pinned),
    send: ({ sessionId, text }) => sessions.send(sessionId, text),
    regenerate: ({ sessionId }) => sessions.regenerate(sessionId),
    steer: ({ sessionId, text }) => sessions.steer(sessionId, text),
    followUp: ({ sessionId, text }) => sessions.followUp(sessionId, text),
    abort: ({ sessionId }) => sessions.abort(sessionId),
    peekQueue: ({ sessionId }) => sessions.peekQueue(sessionId),
    clearQueue: ({ sessionId, which }) => sessions.clearQueue(sessionId, which),
    getSettings: () => current.view(),
    updateSettings: (patch) => current.update(patch),
    listModels: (probe) => providers.listModels(probe),
    testConnection: (probe) => providers.testConnection(probe),
    searchMessages: (request) => searchService.search(request),
    openExternal: async ({ url }) => {
      if (!isSafeExternalUrl(url)) throw new AppError('invalid_input', strings().linkRefused());
      await options.openExternal(url.trim());
      return { opened: true };
    },
    approveTool: ({ sessionId, toolCallId, decision }) => sessions.approveTool(sessionId, toolCallId, decision),
    setSessionServers: ({ sessionId, servers }) => sessions.setServers(sessionId, servers),
    getMcpSettings: () => mcp.view(),
    saveMcpServer: (input) => mcp.saveServer(input),
    removeMcpServer: ({ name }) => mcp.removeServer(name),
    restartMcpServer: ({ name }) => mcp.restartServer(name),
    importMcpConfig: ({ text }) => mcp.importConfig(text),
    setMcpOptions: (options) => mcp.setOptions(options),
    revokeToolApproval: ({ server, tool }) => mcp.revoke(server, tool),
  };

  const router = createRouter(
    handlers,
    () => {
      const s = strings();
      return { invalidInput: s.invalidInput, unknownChannel: s.unknownChannel, internal: s.internal };
    },
    (context, error) => log.error(context, error),
  );

  return {
    router,
    settings: current,
    sessions,
    search: searchService,
    mcp,
    log,
    // Runs stop first (cancelling their tool calls), then every MCP server process is ended.
    dispose: async () => {
      try {
        await sessions.dispose();
        await searchService.dispose();
      } finally {
        await mcp.dispose();
      }
    },
  };
}

