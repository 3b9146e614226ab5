// An in-memory `window.api` for renderer tests: scripted sessions and settings, recorded calls, one-shot failures,
// held answers (to observe loading locks), and events pushed by the test. It never returns an API key.
import type { BuiltinToolsView } from '../../src/shared/builtin-tools.js';
import type { BackupView, SyncView } from '../../src/shared/sync.js';
import type { KnowledgeView } from '../../src/shared/knowledge.js';
import type { AppProblem, StartupNotice } from '../../src/shared/app-status';
import type { IpcError, IpcErrorCode, IpcResult } from '../../src/shared/errors';
import type { SessionEvent, SessionEventEnvelope } from '../../src/shared/events';
import type { InvokeMethod, InvokeRequest, InvokeResponse, MenuCommand, TinyAgentApi } from '../../src/shared/ipc';
import type { LocalServer } from '../../src/shared/first-run';
import { emptyUsage, type AssistantMessage, type Message } from '../../src/shared/messages';
import type { ActiveRunSnapshot, MessageRef, QueueState, SessionDetail, SessionSummary } from '../../src/shared/sessions';
import { compareSessions, indexAfter } from '../../src/shared/session-order';
import type { ConnectionTestResult, SettingsView } from '../../src/shared/settings';
import { PAGE, type MessagePage, type PageWindow } from '../../src/shared/paging';
import type { McpServerView, McpSettingsView } from '../../src/shared/mcp';
import type { ImportResult } from '../../src/shared/transfer';
import { emptyUiState, type UiState } from '../../src/shared/ui-state';
import { findInBranch } from '../../src/main/search/find-in-chat';
import type { ChatFolder } from '../../src/shared/folders';
import type { DesktopView } from '../../src/shared/desktop';
import { defaultBindings, rebind, type ShortcutAction } from '../../src/shared/shortcuts';

type Handler<K extends InvokeMethod> = (request: InvokeRequest<K>) => InvokeResponse<K>;

export interface FakeApi {
  api: TinyAgentApi;
  /** Every invoke in order. */
  calls: Array<{ method: InvokeMethod; request: unknown }>;
  callsOf<K extends InvokeMethod>(method: K): InvokeRequest<K>[];
  sessions: Map<string, SessionDetail>;
  /** What main's list says of a rebuild in progress (more sessions still to come as events). */
  finding: boolean;
  settings: SettingsView;
  /** Attachment bytes by hash, as `addAttachment` stored them. */
  files: Map<string, Uint8Array>;
  /** The key main would keep; tests check it is never handed to the renderer. */
  /** The stored key of each provider (by id). */
  storedKeys: Map<string, string>;
  models: string[];
  testResult: ConnectionTestResult;
  /** What `getAppStatus` answers (data folder locked, read-only…). */
  appProblems: AppProblem[];
  /** The files main set aside at start, as `getAppStatus` answers them. */
  appNotices: StartupNotice[];
  /** MCP servers as main would show them (secret values never included). */
  mcp: McpSettingsView;
  /** The built-in tools as main would show them (the web-search key only as `hasKey`). */
  builtinTools: BuiltinToolsView;
  /** What `importSessions` answers (default: the dialog was cancelled). */
  importResult: ImportResult;
  /** The window state main keeps (`getUiState` answers it; `updateUiState` patches it like main does). */
  uiState: UiState;
  addSession(fields: Partial<SessionDetail> & { name: string }): SessionDetail;
  /** The new version's id at the point a `switchBranch` switches: main answers the page around it. */
  switchedTo?: string;
  /** The next call of `method` answers this error. */
  failNext(method: InvokeMethod, code: IpcErrorCode, message?: string): void;
  /** The next call of `method` waits until `release()`; returns the release function. */
  holdNext(method: InvokeMethod): () => Promise<void>;
  /** Pushes one event; `seq` counts per session unless given; a missing run_start/run_end summary comes from the fake's session. */
  emit(sessionId: string, event: FakeEventInput, options?: { runId?: string; seq?: number }): SessionEventEnvelope;
  /** The run id the last `send`/`regenerate` of a session answered. */
  runIdOf(sessionId: string): string;
  /** What `detectLocalServers` answers. */
  localServers: LocalServer[];
  /** Delivers an application menu command, as main does when a menu item is chosen. */
  menu(command: MenuCommand): void;
  /** Chat folders as main keeps them (the chats say which one they are in by `folderId`). */
  folders: ChatFolder[];
  /** Backups as main shows them; `chooseBackupFolder` sets `backupFolderChoice` (undefined: cancelled). */
  backups: BackupView;
  backupFolderChoice?: string;
  /** Sync as main shows it; `chooseSyncFolder` sets `syncFolderChoice` (undefined: cancelled). */
  sync: SyncView;
  syncFolderChoice?: string;
  /** The secrets main would seal (the WebDAV password, the passphrase); tests check none comes back to the window. */
  syncSecrets: { password?: string; passphrase?: string };
  /** Knowledge bases as main shows them; `addKnowledgePaths` adds `knowledgePathChoice` (undefined: cancelled). */
  knowledge: KnowledgeView;
  knowledgePathChoice?: string[];
}

/** A SessionEvent whose run_start / run_end `summary` and whose `saved` refs may be left out. */
export type FakeEventInput = SessionEvent extends infer E
  ? E extends { type: 'run_start' | 'run_end'; summary: SessionSummary }
    ? Omit<E, 'summary'> & { summary?: SessionSummary }
    : E extends { type: 'saved' }
      ? Omit<E, 'refs'> & { refs?: MessageRef[] }
      : E
  : never;

/** Refs of messages that have a single version each: ids `m1`, `m2`, … after the system message. */
export function singleRefs(messages: readonly Message[]): MessageRef[] {
  return messages.slice(1).map((_, i) => ({ id: `m${i + 1}`, version: 1, versions: 1 }));
}

export function systemMessage(): Message {
  return { role: 'system', content: 'You are helpful.', timestamp: 1 };
}

export function userMessage(text: string, timestamp = 2): Message {
  return { role: 'user', content: text, timestamp };
}

export function assistantMessage(text: string, stopReason: AssistantMessage['stopReason'] = 'stop', timestamp = 3): AssistantMessage {
  return { role: 'assistant', content: text ? [{ type: 'text', text }] : [], model: 'm', usage: emptyUsage(), stopReason, timestamp };
}

export function summaryOf(detail: SessionDetail): SessionSummary {
  const { id, name, createdAt, updatedAt, messageCount, model, isStreaming, pinned, folderId } = detail;
  return { id, name, createdAt, updatedAt, messageCount, model, isStreaming, pinned, ...(folderId && { folderId }) };
}

const EMPTY_QUEUE: QueueState = { steering: [], followUp: [] };

export function createFakeApi(): FakeApi {
  const listeners = new Set<(envelope: SessionEventEnvelope) => void>();
  const menuListeners = new Set<(command: MenuCommand) => void>();
  const failures = new Map<InvokeMethod, IpcError>();
  const holds = new Map<InvokeMethod, Promise<void>>();
  const seqs = new Map<string, number>();
  /** The queue each session's last `queue` event showed (what `removeQueued` works on). */
  const queues = new Map<string, QueueState>();
  const runs = new Map<string, string>();
  let clock = 1_000;
  let nextId = 1;
  let nextRun = 1;

  const fake: FakeApi = {
    api: undefined as unknown as TinyAgentApi,
    calls: [],
    callsOf: <K extends InvokeMethod>(method: K) =>
      fake.calls.filter((call) => call.method === method).map((call) => call.request as InvokeRequest<K>),
    sessions: new Map(),
    finding: false,
    backups: { settings: { enabled: false, folder: null, keep: 7 }, backups: [] },
    sync: {
      settings: { enabled: false, paused: false, target: null, encrypted: false, intervalMinutes: 5 },
      status: { state: 'off' },
    },
    syncSecrets: {},
    knowledge: { bases: [] },
    settings: {
      providers: [
        {
          id: 'p-openai',
          name: 'OpenAI',
          presetId: 'openai',
          baseUrl: 'https://api.openai.com/v1',
          model: 'gpt-4o-mini',
          models: ['gpt-4o-mini', 'gpt-4o'],
          enabled: true,
          hasApiKey: true,
          fromEnv: false,
        },
      ],
      defaultModel: { providerId: 'p-openai', model: 'gpt-4o-mini' },
      presets: [{ id: 'translator', name: 'Translator', systemPrompt: 'Translate.', params: { temperature: 0.3 } }],
      systemPrompt: null,
      language: 'en',
      theme: 'light',
      locale: 'en',
      secretsEncrypted: true,
      maxRequestsPerRun: 25,
      autoTitle: true,
      summaryModel: null,
      currency: '$',
    },
    // A provider that can answer: chats send. First-run tests take the key away.
    storedKeys: new Map([['p-openai', 'sk-fake-openai']]),
    files: new Map(),
    models: ['gpt-4o-mini', 'gpt-4o'],
    testResult: { ok: true, message: 'Listed 2 models.', modelCount: 2 },
    appProblems: [],
    appNotices: [],
    importResult: { cancelled: true },
    mcp: { servers: [], startAtLaunch: false, secretsEncrypted: true },
    builtinTools: {
      tools: [
        { id: 'web_search', ready: false, reason: 'Web search is not set up.', policy: 'ask' },
        { id: 'fetch_page', ready: true, policy: 'ask' },
        { id: 'run_python', ready: true, policy: 'ask' },
      ],
      webSearch: { engine: 'none', url: '', hasKey: false, allowedHosts: [] },
    },
    uiState: emptyUiState(),
    folders: [] as ChatFolder[],

    addSession(fields) {
      const id = fields.id ?? `s-${nextId++}`;
      const detail: SessionDetail = {
        id,
        createdAt: clock,
        updatedAt: clock++,
        messageCount: fields.messages?.length ?? 1,
        model: 'gpt-4o-mini',
        isStreaming: false,
        pinned: false,
        systemPrompt: 'You are helpful.',
        chat: { model: null, params: {} },
        messages: [systemMessage()],
        ...fields,
        refs: fields.refs ?? singleRefs(fields.messages ?? [systemMessage()]),
        start: 0,
        total: (fields.messages ?? [systemMessage()]).length - 1,
      };
      fake.sessions.set(id, detail);
      return detail;
    },

    failNext(method, code, message = `${method} failed`) {
      failures.set(method, { code, message });
    },

    holdNext(method) {
      let release!: () => void;
      holds.set(method, new Promise<void>((resolve) => (release = resolve)));
      return async () => {
        release();
        await Promise.resolve();
      };
    },

    emit(sessionId, event, options = {}) {
      const seq = options.seq ?? (seqs.get(sessionId) ?? 0) + 1;
      seqs.set(sessionId, Math.max(seq, seqs.get(sessionId) ?? 0));
      // Like main: what a `saved` says becomes the session's summary, so a later run_end agrees with it.
      if (event.type === 'saved') Object.assign(found(sessionId), { ...event.summary, isStreaming: true });
      if (event.type === 'queue') queues.set(sessionId, event.queue);
      // Like main: the status a `sync_status` reports is what `getSync` answers next.
      if (event.type === 'sync_status') fake.sync.status = event.status;
      const full = (
        (event.type === 'run_start' || event.type === 'run_end') && !event.summary
          ? { ...event, summary: { ...summaryOf(found(sessionId)), isStreaming: event.type === 'run_start' } }
          : event.type === 'saved' && !event.refs
            ? { ...event, refs: [] }
            : event
      ) as SessionEvent;
      const envelope: SessionEventEnvelope = { sessionId, runId: options.runId ?? runs.get(sessionId) ?? 'run-x', seq, event: full };
      for (const listener of listeners) listener(envelope);
      return envelope;
    },

    runIdOf(sessionId) {
      const runId = runs.get(sessionId);
      if (!runId) throw new Error(`no run started in ${sessionId}`);
      return runId;
    },

    localServers: [],
    menu(command) {
      for (const listener of menuListeners) listener(command);
    },
  };

  const found = (sessionId: string): SessionDetail => {
    const detail = fake.sessions.get(sessionId);
    if (!detail) throw Object.assign(new Error(`unknown session ${sessionId}`), { code: 'not_found' });
    return detail;
  };

  /** A page of a stored session the way main cuts it (by count only), never reaching past `end`. */
  const pageOf = (detail: SessionDetail, which: PageWindow, end: number, limit: number = PAGE.messages): MessagePage => {
    const total = detail.messages.length - 1;
    const at = 'around' in which ? detail.refs.findIndex((ref) => ref.id === which.around) : -1;
    if ('around' in which && at < 0) throw Object.assign(new Error('That message is not shown.'), { code: 'invalid_input' });
    const from =
      'before' in which ? Math.max(0, which.before - limit) : 'from' in which ? which.from : Math.max(0, at - Math.floor(limit / 2));
    const to = Math.min(total, end, 'before' in which ? which.before : from + limit);
    return {
      start: from,
      messages: detail.messages.slice(from + 1, to + 1),
      refs: detail.refs.slice(from, to),
      total,
      leaf: detail.refs.at(-1)?.id ?? null,
    };
  };

  /** What main answers for an open: the newest page, and the page around `around` when that message is older. */
  const paged = (detail: SessionDetail, around?: string): SessionDetail => {
    const total = detail.messages.length - 1;
    const start = Math.max(0, total - PAGE.messages);
    const older = around === undefined ? -1 : detail.refs.findIndex((ref) => ref.id === around);
    return {
      ...detail,
      messages: [detail.messages[0]!, ...detail.messages.slice(start + 1)],
      refs: detail.refs.slice(start),
      start,
      total,
      ...(older >= 0 && older < start && { around: pageOf(detail, { around: around! }, start) }),
    };
  };

  const startRun = (sessionId: string) => {
    found(sessionId);
    const runId = `run-${nextRun++}`;
    runs.set(sessionId, runId);
    return { runId };
  };

  const fakeDesktop: { view: DesktopView } = {
    view: {
      settings: { updates: { enabled: null, channel: 'stable' }, launchAtLogin: false, keepInTray: false, shortcuts: defaultBindings() },
      update: { status: { kind: 'off' }, lastCheckAt: null, lastError: null },
      platform: 'other',
      quickAskProblem: null,
      canUpdate: false,
    },
  };
  const handlers: { [K in InvokeMethod]: Handler<K> } = {
    listSessions: () => [...fake.sessions.values()].map(summaryOf),
    listFirstSessions: ({ limit, after }) => {
      const all = [...fake.sessions.values()].map(summaryOf).sort(compareSessions);
      const from = after ? indexAfter(all, after) : 0;
      return { sessions: all.slice(from, from + limit), total: all.length, finding: fake.finding };
    },
    createSession: (request) => {
      // Like main: an id of no base refuses the chat, and none is made.
      const unknown = request.knowledgeBases?.find((kbId) => !fake.knowledge.bases.some((base) => base.id === kbId));
      if (unknown) throw Object.assign(new Error(`No knowledge base "${unknown}".`), { code: 'invalid_input' });
      return fake.addSession({
        name: request.name ?? 'New chat',
        chat: {
          model: request.model ?? fake.settings.defaultModel,
          params: request.params ?? {},
          ...(request.knowledgeBases?.length && { knowledgeBases: request.knowledgeBases }),
        },
        ...(request.systemPrompt && { systemPrompt: request.systemPrompt }),
      });
    },
    getSession: ({ sessionId, around }) => paged(found(sessionId), around),
    getMessages: ({ sessionId, limit, ...which }) => pageOf(found(sessionId), which, Infinity, limit),
    renameSession: ({ sessionId, name }) => {
      const detail = found(sessionId);
      detail.name = name;
      return summaryOf(detail);
    },
    pinSession: ({ sessionId, pinned }) => {
      const detail = found(sessionId);
      detail.pinned = pinned;
      return summaryOf(detail);
    },
    deleteSession: ({ sessionId }) => {
      found(sessionId);
      fake.sessions.delete(sessionId);
      return { deleted: true };
    },
    send: ({ sessionId }) => startRun(sessionId),
    regenerate: ({ sessionId }) => startRun(sessionId),
    editMessage: ({ sessionId }) => startRun(sessionId),
    // What the session looks like after the switch is up to the test: it sets the detail (and `switchedTo`) beforehand.
    switchBranch: ({ sessionId }) => structuredClone(paged(found(sessionId), fake.switchedTo)),
    steer: ({ text }) => ({ steering: [text], followUp: [] }),
    followUp: ({ text }) => ({ steering: [], followUp: [text] }),
    abort: () => ({ aborted: true }),
    searchMessages: () => ({ hits: [], titles: [], indexing: false }),
    // Main's own scan over the whole stored branch, whatever pages the window holds.
    findInSession: ({ sessionId, query }) => {
      const detail = found(sessionId);
      return findInBranch(
        detail.refs.map((ref, i) => ({ id: ref.id, message: detail.messages[i + 1]! })),
        query,
      );
    },
    peekQueue: () => EMPTY_QUEUE,
    clearQueue: () => EMPTY_QUEUE,
    // Like main: the queue the last `queue` event said, less the message if it is still at that place.
    // Like main: the broken-off run is forgotten, and the session no longer marked.
    dismissFailure: ({ sessionId }) => {
      const detail = found(sessionId);
      delete detail.failedRun;
      delete detail.failed;
      return summaryOf(detail);
    },
    removeQueued: ({ sessionId, which, index, text }) => {
      const queue = queues.get(sessionId) ?? EMPTY_QUEUE;
      if (queue[which][index] !== text) return { queue, removed: false };
      const next = { ...queue, [which]: queue[which].filter((_, i) => i !== index) };
      queues.set(sessionId, next);
      return { queue: next, removed: true };
    },
    getSettings: () => structuredClone(fake.settings),
    updateSettings: (patch) => {
      if (patch.defaultModel) fake.settings.defaultModel = patch.defaultModel;
      if (patch.presets) fake.settings.presets = patch.presets;
      if (patch.systemPrompt !== undefined) fake.settings.systemPrompt = patch.systemPrompt;
      if (patch.language) fake.settings.language = patch.language;
      if (patch.theme) fake.settings.theme = patch.theme;
      if (patch.maxRequestsPerRun !== undefined) fake.settings.maxRequestsPerRun = patch.maxRequestsPerRun;
      if (patch.summaryModel !== undefined) fake.settings.summaryModel = patch.summaryModel;
      return structuredClone(fake.settings);
    },
    saveProvider: ({ id, apiKey, keepKeyForNewOrigin: _keep, ...fields }) => {
      const providerId = id ?? `p-${nextId++}`;
      let provider = fake.settings.providers.find((p) => p.id === providerId);
      if (!provider) {
        const baseUrl = fields.baseUrl ?? '';
        provider = {
          id: providerId,
          name: new URL(baseUrl).host,
          presetId: 'custom',
          baseUrl,
          model: '',
          models: [],
          enabled: true,
          hasApiKey: false,
          fromEnv: false,
        };
        fake.settings.providers.push(provider);
      }
      if (apiKey === null) fake.storedKeys.delete(providerId);
      else if (apiKey) fake.storedKeys.set(providerId, apiKey);
      Object.assign(provider, fields, { hasApiKey: fake.storedKeys.has(providerId) });
      if (provider.model && !provider.models.includes(provider.model)) provider.models = [...provider.models, provider.model];
      return structuredClone(fake.settings);
    },
    deleteProvider: ({ providerId }) => {
      fake.settings.providers = fake.settings.providers.filter((p) => p.id !== providerId);
      return structuredClone(fake.settings);
    },
    updateChat: ({ sessionId, model, systemPrompt, params }) => {
      const detail = found(sessionId);
      if (model) detail.chat = { ...detail.chat, model };
      if (params) detail.chat = { ...detail.chat, params };
      if (systemPrompt !== undefined) detail.systemPrompt = systemPrompt;
      return structuredClone(detail);
    },
    listModels: () => [...fake.models],
    testConnection: () => ({ ...fake.testResult }),
    openExternal: ({ url }) => ({ opened: /^https?:/.test(url) }),
    // Main writes the preview to a temporary file and opens it; here nothing is written, the request is recorded.
    openPreviewInBrowser: () => ({ opened: true }),
    getAppStatus: () => ({ problems: [...fake.appProblems], notices: structuredClone(fake.appNotices) }),
    addAttachment: ({ name, bytes }) => {
      const sha256 = `${nextId++}`.padStart(64, '0');
      fake.files.set(sha256, bytes);
      const image = /\.(png|jpe?g|gif|webp)$/i.test(name);
      return {
        attachment: {
          type: 'attachment',
          kind: image ? 'image' : 'text',
          sha256,
          mimeType: image ? 'image/png' : 'text/plain',
          name,
          size: bytes.length,
          ...(image && { width: 1, height: 1 }),
        },
      };
    },
    readAttachment: ({ sha256 }) => {
      const bytes = fake.files.get(sha256);
      if (!bytes) throw Object.assign(new Error('gone'), { code: 'not_found' });
      return { mimeType: 'image/png', bytes };
    },
    approveTool: () => ({ resolved: true }),
    setSessionServers: ({ sessionId, servers }) => {
      const detail = found(sessionId);
      if (servers) detail.mcpServers = servers;
      else delete detail.mcpServers;
      return { mcpServers: servers };
    },
    getMcpSettings: () => structuredClone(fake.mcp),
    saveMcpServer: (input) => {
      const { previousName, env, headers, ...rest } = input;
      const server: McpServerView = {
        ...rest,
        envKeys: Object.keys(env ?? {}),
        headerKeys: Object.keys(headers ?? {}),
        alwaysAllow: [],
        disabledTools: [],
        state: { status: 'idle' },
      };
      const at = fake.mcp.servers.findIndex((s) => s.name === (previousName ?? input.name));
      if (at >= 0) fake.mcp.servers[at] = { ...server, alwaysAllow: fake.mcp.servers[at]!.alwaysAllow };
      else fake.mcp.servers.push(server);
      return structuredClone(fake.mcp);
    },
    removeMcpServer: ({ name }) => {
      fake.mcp.servers = fake.mcp.servers.filter((s) => s.name !== name);
      return structuredClone(fake.mcp);
    },
    restartMcpServer: () => structuredClone(fake.mcp),
    importMcpConfig: () => structuredClone(fake.mcp),
    setMcpOptions: ({ startAtLaunch }) => {
      fake.mcp.startAtLaunch = startAtLaunch;
      return structuredClone(fake.mcp);
    },
    revokeToolApproval: ({ server, tool }) => {
      const found = fake.mcp.servers.find((s) => s.name === server);
      if (found) found.alwaysAllow = found.alwaysAllow.filter((t) => t !== tool);
      return structuredClone(fake.mcp);
    },
    setMcpTools: ({ server, tools, on }) => {
      const found = fake.mcp.servers.find((s) => s.name === server);
      if (found)
        found.disabledTools = on ? found.disabledTools.filter((t) => !tools.includes(t)) : [...new Set([...found.disabledTools, ...tools])];
      return structuredClone(fake.mcp);
    },
    exportSession: ({ sessionId, format }) => ({
      saved: true,
      fileName: `${found(sessionId).name}.${{ markdown: 'md', json: 'json', html: 'html' }[format]}`,
      count: 1,
    }),
    exportAllSessions: () => ({ saved: true, fileName: 'Tiny Agent.zip', count: fake.sessions.size }),
    importSessions: () => structuredClone(fake.importResult),
    cancelImport: () => ({ cancelled: true }),
    detectLocalServers: () => structuredClone(fake.localServers),
    getUiState: () => structuredClone(fake.uiState),
    windowPainted: () => undefined,
    // Desktop (updates, tray, shortcuts): one in-memory view; a clashing shortcut is refused as main refuses it.
    getDesktop: () => fakeDesktop.view,
    updateDesktop: (patch) => {
      let shortcuts = fakeDesktop.view.settings.shortcuts;
      for (const [action, keys] of Object.entries(patch.shortcuts ?? {}) as Array<[ShortcutAction, string | null]>) {
        const result = rebind(shortcuts, action, keys);
        if (!result.ok) throw Object.assign(new Error('shortcut taken'), { code: 'invalid_input' });
        shortcuts = result.bindings;
      }
      const settings = fakeDesktop.view.settings;
      fakeDesktop.view = {
        ...fakeDesktop.view,
        settings: { ...settings, ...patch, updates: { ...settings.updates, ...patch.updates }, shortcuts },
      };
      return fakeDesktop.view;
    },
    checkForUpdates: () => fakeDesktop.view,
    restartToUpdate: () => fakeDesktop.view.update.status.kind === 'ready',
    quickAskOpenInApp: () => ({ moved: false }),
    hideQuickAsk: () => undefined,
    updateUiState: ({ lastSessionId, drafts, anchors }) => {
      const state = fake.uiState;
      if (lastSessionId !== undefined) state.lastSessionId = lastSessionId;
      for (const [key, text] of Object.entries(drafts ?? {})) {
        if (text) state.drafts[key] = text;
        else delete state.drafts[key];
      }
      for (const [id, anchor] of Object.entries(anchors ?? {})) {
        if (anchor) state.anchors[id] = anchor;
        else delete state.anchors[id];
      }
    },
    listFolders: () => structuredClone(fake.folders),
    createFolder: ({ name }) => {
      const folder: ChatFolder = { id: `folder-${fake.folders.length + 1}`, name, createdAt: clock++, collapsed: false };
      fake.folders.push(folder);
      return { ...folder };
    },
    renameFolder: ({ folderId, name }) => {
      const folder = fake.folders.find((f) => f.id === folderId)!;
      folder.name = name;
      return { ...folder };
    },
    deleteFolder: ({ folderId }) => {
      fake.folders = fake.folders.filter((f) => f.id !== folderId);
      let released = 0;
      for (const detail of fake.sessions.values())
        if (detail.folderId === folderId) {
          delete detail.folderId;
          released++;
        }
      return { deleted: true, released };
    },
    setFolderCollapsed: ({ folderId, collapsed }) => {
      const folder = fake.folders.find((f) => f.id === folderId)!;
      folder.collapsed = collapsed;
      return { ...folder };
    },
    moveSessionToFolder: ({ sessionId, folderId }) => {
      const detail = found(sessionId);
      if (folderId) detail.folderId = folderId;
      else delete detail.folderId;
      return summaryOf(detail);
    },
    getCondense: ({ sessionId }) => found(sessionId).condense ?? { off: false },
    condenseNow: ({ sessionId }) => found(sessionId).condense ?? { off: false },
    undoCondense: ({ sessionId }) => {
      const detail = found(sessionId);
      detail.condense = { off: detail.condense?.off ?? false };
      return detail.condense;
    },
    setCondenseOff: ({ sessionId, off }) => {
      const detail = found(sessionId);
      detail.condense = { ...detail.condense, off };
      return detail.condense;
    },
    exportFolder: ({ folderId }) => ({
      saved: true,
      fileName: 'folder.zip',
      count: [...fake.sessions.values()].filter((d) => d.folderId === folderId).length,
    }),
    // Compare and fork: the compare's events are the test's to emit.
    compare: ({ sessionId, models }) => {
      found(sessionId);
      return { compareId: `compare-${nextRun++}`, runIds: models.map(() => `run-${nextRun++}`) };
    },
    stopCompare: () => ({ aborted: true }),
    dismissCompare: () => ({ dismissed: false }),
    regenerateWith: ({ sessionId }) => startRun(sessionId),
    mergeAnswers: ({ sessionId }) => startRun(sessionId),
    forkSession: ({ sessionId }) => summaryOf(fake.addSession({ name: `${found(sessionId).name} (fork)` })),
    // Built-in tools: the key goes in and is never given back, only whether one is kept.
    getBuiltinTools: () => structuredClone(fake.builtinTools),
    setWebSearch: ({ engine, url, apiKey }) => {
      const hasKey = apiKey === null ? false : apiKey ? true : fake.builtinTools.webSearch.hasKey;
      fake.builtinTools.webSearch = { ...fake.builtinTools.webSearch, engine, url, hasKey };
      fake.builtinTools.tools = fake.builtinTools.tools.map((t) =>
        t.id === 'web_search'
          ? { id: t.id, policy: t.policy, ready: engine !== 'none' && (engine === 'searxng' ? url !== '' : hasKey) }
          : t,
      );
      return structuredClone(fake.builtinTools);
    },
    setBuiltinToolPolicy: ({ tool, policy }) => {
      fake.builtinTools.tools = fake.builtinTools.tools.map((t) => (t.id === tool ? { ...t, policy } : t));
      return structuredClone(fake.builtinTools);
    },
    // As main: lower-cased, without repeats (the schema's transform).
    setFetchAllowedHosts: ({ hosts }) => {
      fake.builtinTools.webSearch.allowedHosts = [...new Set(hosts.map((h) => h.trim().toLowerCase()))];
      return structuredClone(fake.builtinTools);
    },
    setSessionBuiltinTools: ({ sessionId, tools }) => {
      found(sessionId).chat.builtinTools = tools;
      return { builtinTools: tools };
    },
    getBackups: () => structuredClone(fake.backups),
    updateBackupSettings: (patch) => {
      Object.assign(fake.backups.settings, patch);
      return structuredClone(fake.backups);
    },
    chooseBackupFolder: () => {
      if (fake.backupFolderChoice) fake.backups.settings = { ...fake.backups.settings, folder: fake.backupFolderChoice, enabled: true };
      return structuredClone(fake.backups);
    },
    backupNow: () => {
      const backup = {
        name: `tiny-agent-backup-${clock++}-manual`,
        createdAt: new Date(clock).toISOString(),
        reason: 'manual' as const,
        files: 3,
        bytes: 2048,
      };
      fake.backups.backups.unshift(backup);
      return backup;
    },
    restoreBackup: ({ name }) => ({ restored: name, safetyBackup: `tiny-agent-backup-${clock++}-before-restore`, files: 3 }),
    // Sync: secrets go into `syncSecrets` and come back only as `hasPassword` / `encrypted`; the status follows the
    // switches as main's does.
    getSync: () => structuredClone(fake.sync),
    updateSyncSettings: (patch) => {
      const settings = fake.sync.settings;
      if (patch.webdav) {
        const { url, username, password } = patch.webdav;
        const before = settings.target?.kind === 'webdav' ? settings.target : null;
        const sameOrigin = before !== null && new URL(before.url).origin === new URL(url).origin;
        if (password !== undefined) fake.syncSecrets.password = password;
        else if (!sameOrigin) delete fake.syncSecrets.password;
        settings.target = { kind: 'webdav', url, username, hasPassword: fake.syncSecrets.password !== undefined };
      }
      if (patch.clearTarget) settings.target = null;
      if (patch.passphrase !== undefined) {
        if (patch.passphrase === null) delete fake.syncSecrets.passphrase;
        else fake.syncSecrets.passphrase = patch.passphrase;
        settings.encrypted = patch.passphrase !== null;
      }
      if (patch.intervalMinutes !== undefined) settings.intervalMinutes = patch.intervalMinutes;
      if (patch.enabled !== undefined) settings.enabled = patch.enabled && settings.target !== null;
      if (patch.paused !== undefined) settings.paused = patch.paused;
      const { lastPass } = fake.sync.status;
      const state = !settings.enabled || !settings.target ? 'off' : settings.paused ? 'paused' : 'idle';
      fake.sync.status = { state, ...(lastPass && { lastPass }) };
      return structuredClone(fake.sync);
    },
    // Like main: a chosen folder turns sync on.
    chooseSyncFolder: () => {
      if (fake.syncFolderChoice) {
        fake.sync.settings = { ...fake.sync.settings, enabled: true, target: { kind: 'folder', path: fake.syncFolderChoice } };
        fake.sync.status = { ...fake.sync.status, state: fake.sync.settings.paused ? 'paused' : 'idle' };
      }
      return structuredClone(fake.sync);
    },
    // Main answers after the pass, whose `sync_status` events the test emits first (hold the answer to see them).
    syncNow: () => structuredClone(fake.sync),
    listKnowledgeBases: () => structuredClone(fake.knowledge),
    createKnowledgeBase: ({ name }) => {
      const base = { id: `kb-${clock++}`, name, paths: [], status: 'ready' as const, files: 0, chunks: 0 };
      fake.knowledge.bases.push(base);
      return structuredClone(base);
    },
    renameKnowledgeBase: ({ kbId, name }) => {
      for (const base of fake.knowledge.bases) if (base.id === kbId) base.name = name;
      return structuredClone(fake.knowledge);
    },
    deleteKnowledgeBase: ({ kbId }) => {
      fake.knowledge.bases = fake.knowledge.bases.filter((base) => base.id !== kbId);
      return structuredClone(fake.knowledge);
    },
    addKnowledgePaths: ({ kbId }) => {
      for (const base of fake.knowledge.bases)
        if (base.id === kbId && fake.knowledgePathChoice) base.paths = [...new Set([...base.paths, ...fake.knowledgePathChoice])];
      return structuredClone(fake.knowledge);
    },
    removeKnowledgePath: ({ kbId, path }) => {
      for (const base of fake.knowledge.bases) if (base.id === kbId) base.paths = base.paths.filter((p) => p !== path);
      return structuredClone(fake.knowledge);
    },
    setKnowledgeEmbedding: ({ kbId, embedding }) => {
      for (const base of fake.knowledge.bases)
        if (base.id === kbId) {
          if (embedding) base.embedding = embedding;
          else delete base.embedding;
        }
      return structuredClone(fake.knowledge);
    },
    reindexKnowledgeBase: () => structuredClone(fake.knowledge),
    setSessionKnowledge: ({ sessionId, kbIds }) => {
      // Like main: an id of no base is refused, a choice is kept with the chat.
      const unknown = kbIds.find((kbId) => !fake.knowledge.bases.some((base) => base.id === kbId));
      if (unknown) throw Object.assign(new Error(`No knowledge base "${unknown}".`), { code: 'invalid_input' });
      found(sessionId).chat.knowledgeBases = kbIds;
      return { knowledgeBases: kbIds };
    },
    openKnowledgeFile: () => ({ opened: true }),
    openAttachedDocument: () => ({ opened: true }),
  };

  const invoke = async (method: InvokeMethod, request: unknown): Promise<IpcResult<unknown>> => {
    fake.calls.push({ method, request });
    const hold = holds.get(method);
    if (hold) {
      holds.delete(method);
      await hold;
    }
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      return { ok: false, error: failure };
    }
    try {
      return { ok: true, value: (handlers[method] as (r: unknown) => unknown)(request) };
    } catch (error) {
      const code = (error as { code?: IpcErrorCode }).code ?? 'internal';
      return { ok: false, error: { code, message: (error as Error).message } };
    }
  };

  const methods = Object.fromEntries(
    (Object.keys(handlers) as InvokeMethod[]).map((method) => [method, (request?: unknown) => invoke(method, request)]),
  );
  fake.api = {
    ...methods,
    onSessionEvent(listener: (envelope: SessionEventEnvelope) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onMenuCommand(listener: (command: MenuCommand) => void) {
      menuListeners.add(listener);
      return () => menuListeners.delete(listener);
    },
  } as unknown as TinyAgentApi;
  return fake;
}

/** Installs the fake as `window.api`. */
export function installFakeApi(fake: FakeApi): void {
  Object.defineProperty(window, 'api', { value: fake.api, configurable: true, writable: true });
}

/** A snapshot of a run in progress, for `getSession` of a streaming session. */
export function activeRun(runId: string, seq: number, messages: Message[], queue: QueueState = EMPTY_QUEUE): ActiveRunSnapshot {
  return { runId, seq, messages, queue };
}
