// Runtime validation of every invoke request, checked against the contract's types at compile time.
import { COMPARE_LIMITS } from '../../shared/compare.js';
import { z } from 'zod';
import { ATTACHMENT_LIMITS, cleanFileName } from '../../shared/attachments.js';
import { LIMITS, type InvokeMethod, type InvokeRequest } from '../../shared/ipc.js';
import { PAGE } from '../../shared/paging.js';
import { PREVIEW_MAX_SOURCE_CHARS } from '../../shared/preview-document.js';
import { BACKUP_KEEP, SYNC_INTERVAL, SYNC_PASSPHRASE_MIN } from '../../shared/sync.js';
import { originOf, REQUESTS_PER_RUN } from '../../shared/settings.js';
import { WEB_SEARCH_ENGINES } from '../../shared/web-tools.js';
import { MAX_ALLOWED_HOSTS, type WebSearchInput } from '../../shared/builtin-tools.js';
import { chatParamsSchema, currencySchema, modelPricesSchema } from '../settings/settings-file.js';
import { cutText, EXPORT_FORMATS } from '../../shared/transfer.js';
import { UI_STATE_LIMITS } from '../../shared/ui-state.js';
import { isDraftKey, scrollAnchorSchema } from '../ui-state/index.js';
import { desktopPatchSchema } from '../desktop/desktop-file.js';

const sessionId = z.string().uuid({ message: 'sessionId must be a session id' });
const sessionRef = z.strictObject({ sessionId });
/** A chat folder's id (a UUID when made here; one imported from a chat's line may be any short id). */
const folderId = z.string().min(1).max(200);
const folderName = z.string().max(LIMITS.maxNameChars * 10);
/** A stored message's id (16 hex digits as written; older or hand-made files may use other short ids). */
const messageId = z.string().min(1).max(200);
/** A position among a session's shown messages. */
const position = z.number().int().min(0).max(100_000_000);
const pageLimit = z.number().int().min(1).max(PAGE.maxMessages).optional();
const messageText = z
  .string()
  .max(LIMITS.maxMessageChars, { message: `text is longer than ${LIMITS.maxMessageChars} characters` })
  .transform((text) => text.trim())
  .refine((text) => text.length > 0, { message: 'text must not be empty' });
const sessionName = z
  .string()
  .max(LIMITS.maxNameChars * 10)
  .transform((name) => cutText(name.trim(), LIMITS.maxNameChars))
  .refine((name) => name.length > 0, { message: 'name must not be empty' });
const httpUrl = z
  .string()
  .max(LIMITS.maxUrlChars)
  .refine((url) => /^https?:\/\/[^\s]+$/i.test(url.trim()), { message: 'must be an http(s) URL' })
  .transform((url) => url.trim().replace(/\/+$/, ''));
const modelName = z.string().trim().max(200);
const apiKey = z.string().trim().max(1_000);
const providerId = z.string().trim().min(1).max(100);
const providerProbe = z.strictObject({
  providerId: providerId.optional(),
  baseUrl: httpUrl.optional(),
  apiKey: apiKey.optional(),
  model: modelName.optional(),
});
const requiredModelName = modelName.pipe(z.string().min(1, { message: 'model must not be empty' }));
const presetId = z.enum(['openai', 'deepseek', 'qwen', 'moonshot', 'siliconflow', 'openrouter', 'ollama', 'lmstudio', 'custom']);
const modelRef = z.strictObject({ providerId, model: requiredModelName });
/** The same ranges as the stored form, without unknown fields. */
const chatParams = z.strictObject(chatParamsSchema.shape);
const systemPrompt = z.string().max(LIMITS.maxSystemPromptChars);
const promptPreset = z.strictObject({
  id: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1, { message: 'name must not be empty' }).max(LIMITS.maxNameChars),
  systemPrompt,
  model: modelRef.optional(),
  params: chatParams,
});
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, { message: 'must be a sha256 hex digest' });
// The contract's largest file; what a kind of file may weigh is decided from its bytes (attachments/attachment-store.ts).
const fileBytes = z.instanceof(Uint8Array).refine((bytes) => bytes.length <= ATTACHMENT_LIMITS.maxImageBytes, {
  message: `a file may have at most ${ATTACHMENT_LIMITS.maxImageBytes} bytes`,
});
const fileName = z
  .string()
  .max(ATTACHMENT_LIMITS.maxNameChars * 4)
  // Only the last path segment, without control characters: a name is shown and sent, never used as a path.
  .transform(cleanFileName)
  .refine((name) => name.length > 0, { message: 'name must not be empty' });
const mcpServerName = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'a server name uses only letters, digits, "-" and "_" (at most 32)' });
/** A host fetch_page may read although it is private: a host name or an IP address (IPv6 without brackets), lower-cased. */
const allowedHost = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$|^[0-9a-f:.]*:[0-9a-f:.]*$/, {
    message: 'host must be a host name or an IP address',
  });
const builtinToolId = z.enum(['web_search', 'fetch_page', 'run_python', 'search_knowledge']);
/** A knowledge base's id (knowledge.json's form: made here as a UUID, by hand any short id). */
const knowledgeId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'kbId must be a knowledge base id' });
const knowledgeName = sessionName;
/** A path main handed out (a base's path, a citation's file): absolute, bounded, no NUL. */
const absolutePath = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => !p.includes('\0') && (p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\')), {
    message: 'must be an absolute path',
  });
const secretMap = z.record(z.string().min(1).max(200), z.string().max(10_000).nullable());
/** A patch of the window's state: a bounded number of entries, each draft no longer than the composer holds. */
const fewEntries = (record: Record<string, unknown>) => Object.keys(record).length <= UI_STATE_LIMITS.maxPatchEntries;
const tooMany = { message: `at most ${UI_STATE_LIMITS.maxPatchEntries} entries per change` };
const uiStatePatch = z.strictObject({
  lastSessionId: sessionId.nullable().optional(),
  drafts: z
    .record(
      z.string().refine(isDraftKey, { message: 'a draft belongs to a session id or the new chat' }),
      z.string().max(UI_STATE_LIMITS.maxDraftChars, { message: `a draft has at most ${UI_STATE_LIMITS.maxDraftChars} characters` }),
    )
    .refine(fewEntries, tooMany)
    .optional(),
  anchors: z.record(sessionId, scrollAnchorSchema.nullable()).refine(fewEntries, tooMany).optional(),
});
const noInput = z
  .undefined()
  .or(z.null())
  .transform(() => undefined);

type Schemas = { [K in InvokeMethod]: z.ZodType<InvokeRequest<K>, unknown> };

export const requestSchemas = {
  listSessions: noInput,
  listFirstSessions: z.strictObject({
    limit: z.number().int().min(1).max(LIMITS.maxFirstSessions),
    after: z
      .strictObject({ id: sessionId, pinned: z.boolean(), updatedAt: z.number().finite(), createdAt: z.number().finite() })
      .optional(),
  }),
  createSession: z
    .strictObject({
      name: sessionName.optional(),
      systemPrompt: systemPrompt.optional(),
      model: modelRef.optional(),
      params: chatParams.optional(),
      knowledgeBases: z.array(knowledgeId).max(50).optional(),
    })
    .optional()
    .transform((req) => req ?? {}),
  getSession: z.strictObject({ sessionId, around: messageId.optional() }),
  getMessages: z.union([
    z.strictObject({ sessionId, before: position, limit: pageLimit }),
    z.strictObject({ sessionId, from: position, limit: pageLimit }),
    z.strictObject({ sessionId, around: messageId, limit: pageLimit }),
  ]),
  renameSession: z.strictObject({ sessionId, name: sessionName }),
  deleteSession: sessionRef,
  pinSession: z.strictObject({ sessionId, pinned: z.boolean() }),
  send: z
    .strictObject({
      sessionId,
      text: z
        .string()
        .max(LIMITS.maxMessageChars, { message: `text is longer than ${LIMITS.maxMessageChars} characters` })
        .transform((text) => text.trim()),
      attachments: z.array(sha256).max(ATTACHMENT_LIMITS.maxPerMessage).optional(),
      webSearch: z.boolean().optional(),
      readPage: z.boolean().optional(),
    })
    .refine((req) => req.text.length > 0 || (req.attachments?.length ?? 0) > 0, { message: 'text must not be empty' })
    .transform((req) =>
      req.attachments?.length
        ? { ...req, attachments: [...new Set(req.attachments)] }
        : {
            sessionId: req.sessionId,
            text: req.text,
            ...(req.webSearch && { webSearch: true }),
            ...(req.readPage && { readPage: true }),
          },
    ),
  regenerate: z.strictObject({ sessionId, messageId: messageId.optional() }),
  editMessage: z.strictObject({ sessionId, messageId, text: messageText }),
  switchBranch: z.strictObject({ sessionId, messageId, version: z.number().int().min(1).max(1_000_000) }),
  steer: z.strictObject({ sessionId, text: messageText }),
  followUp: z.strictObject({ sessionId, text: messageText }),
  abort: sessionRef,
  peekQueue: sessionRef,
  clearQueue: z.strictObject({ sessionId, which: z.enum(['steering', 'followUp', 'all']) }),
  dismissFailure: sessionRef,
  removeQueued: z.strictObject({
    sessionId,
    which: z.enum(['steering', 'followUp']),
    index: z.number().int().min(0).max(10_000),
    text: messageText,
  }),
  getSettings: noInput,
  updateSettings: z.strictObject({
    defaultModel: modelRef.optional(),
    presets: z.array(promptPreset).max(200).optional(),
    systemPrompt: systemPrompt.nullable().optional(),
    language: z.enum(['system', 'zh-CN', 'en']).optional(),
    theme: z.enum(['system', 'light', 'dark']).optional(),
    maxRequestsPerRun: z.number().int().min(REQUESTS_PER_RUN.min).max(REQUESTS_PER_RUN.max).optional(),
    autoTitle: z.boolean().optional(),
    summaryModel: modelRef.nullable().optional(),
    currency: currencySchema.optional(),
  }),
  saveProvider: z.strictObject({
    id: providerId.optional(),
    presetId: presetId.optional(),
    name: z.string().trim().max(LIMITS.maxNameChars).optional(),
    baseUrl: httpUrl.optional(),
    model: requiredModelName.optional(),
    models: z.array(requiredModelName).max(2_000).optional(),
    enabled: z.boolean().optional(),
    apiKey: apiKey.nullable().optional(),
    keepKeyForNewOrigin: z.boolean().optional(),
    prices: z.record(modelName.pipe(z.string().min(1)), z.strictObject(modelPricesSchema.valueType.shape)).optional(),
    takesImages: z
      .record(modelName.pipe(z.string().min(1)), z.boolean())
      .refine((map) => Object.keys(map).length <= 2_000, { message: 'at most 2000 models' })
      .optional(),
  }),
  deleteProvider: z.strictObject({ providerId }),
  updateChat: z.strictObject({
    sessionId,
    model: modelRef.optional(),
    systemPrompt: systemPrompt.optional(),
    params: chatParams.optional(),
    compareModels: z.array(modelRef).min(COMPARE_LIMITS.minModels).max(COMPARE_LIMITS.maxModels).nullable().optional(),
  }),
  listModels: providerProbe.optional().transform((req) => req ?? {}),
  testConnection: providerProbe.optional().transform((req) => req ?? {}),
  openExternal: z.strictObject({ url: z.string().max(LIMITS.maxUrlChars) }),
  openPreviewInBrowser: z.strictObject({ kind: z.enum(['html', 'svg']), source: z.string().min(1).max(PREVIEW_MAX_SOURCE_CHARS) }),
  searchMessages: z.strictObject({
    query: z.string().max(LIMITS.maxSearchChars, { message: `query is longer than ${LIMITS.maxSearchChars} characters` }),
    limit: z.number().int().min(1).max(LIMITS.maxSearchHits).optional(),
    includeReasoning: z.boolean().optional(),
    folderId: z.string().min(1).max(100).optional(),
  }),
  findInSession: z.strictObject({
    sessionId,
    query: z.string().max(LIMITS.maxSearchChars, { message: `query is longer than ${LIMITS.maxSearchChars} characters` }),
  }),
  getAppStatus: noInput,
  detectLocalServers: noInput,
  addAttachment: z.strictObject({
    name: fileName,
    bytes: fileBytes,
    scaled: fileBytes.optional(),
    readingId: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/)
      .optional(),
  }),
  readAttachment: z.strictObject({ sha256 }),
  openAttachedDocument: z.strictObject({ sha256, name: z.string().min(1).max(1_000) }),
  approveTool: z.strictObject({ sessionId, toolCallId: z.string().min(1).max(200), decision: z.enum(['once', 'always', 'deny']) }),
  setSessionServers: z.strictObject({ sessionId, servers: z.array(mcpServerName).max(100).nullable() }),
  getMcpSettings: noInput,
  saveMcpServer: z.strictObject({
    previousName: mcpServerName.optional(),
    name: mcpServerName,
    transport: z.enum(['stdio', 'http']),
    command: z.string().max(4_096).optional(),
    args: z.array(z.string().max(4_096)).max(200).optional(),
    cwd: z.string().max(4_096).optional(),
    url: z.string().max(LIMITS.maxUrlChars).optional(),
    env: secretMap.optional(),
    headers: secretMap.optional(),
    enabled: z.boolean(),
  }),
  removeMcpServer: z.strictObject({ name: mcpServerName }),
  restartMcpServer: z.strictObject({ name: mcpServerName }),
  importMcpConfig: z.strictObject({ text: z.string().max(1_000_000) }),
  setMcpOptions: z.strictObject({ startAtLaunch: z.boolean() }),
  revokeToolApproval: z.strictObject({ server: mcpServerName, tool: z.string().min(1).max(200) }),
  setMcpTools: z.strictObject({ server: mcpServerName, tools: z.array(z.string().min(1).max(200)).min(1).max(10_000), on: z.boolean() }),
  exportSession: z.strictObject({ sessionId, format: z.enum(EXPORT_FORMATS) }),
  exportAllSessions: noInput,
  importSessions: noInput,
  cancelImport: z.strictObject({ importId: z.string().uuid({ message: 'importId must be an import id' }) }),
  getUiState: noInput,
  updateUiState: uiStatePatch,
  windowPainted: noInput,
  listFolders: noInput,
  createFolder: z.strictObject({ name: folderName }),
  renameFolder: z.strictObject({ folderId, name: folderName }),
  deleteFolder: z.strictObject({ folderId }),
  setFolderCollapsed: z.strictObject({ folderId, collapsed: z.boolean() }),
  moveSessionToFolder: z.strictObject({ sessionId, folderId: folderId.nullable() }),
  exportFolder: z.strictObject({ folderId }),
  getDesktop: noInput,
  updateDesktop: desktopPatchSchema,
  checkForUpdates: noInput,
  restartToUpdate: noInput,
  quickAskOpenInApp: sessionRef,
  hideQuickAsk: noInput,
  compare: z.strictObject({
    sessionId,
    text: messageText,
    models: z.array(modelRef).min(COMPARE_LIMITS.minModels).max(COMPARE_LIMITS.maxModels),
    attachments: z.array(sha256).max(ATTACHMENT_LIMITS.maxPerMessage).optional(),
  }),
  stopCompare: z.strictObject({ sessionId, runId: z.string().uuid().optional() }),
  regenerateWith: z.strictObject({
    sessionId,
    runId: z.string().uuid().optional(),
    messageId: messageId.optional(),
    model: modelRef.optional(),
  }),
  mergeAnswers: z.strictObject({ sessionId, messageId }),
  dismissCompare: sessionRef,
  forkSession: z.strictObject({ sessionId, messageId }),
  getCondense: sessionRef,
  condenseNow: sessionRef,
  undoCondense: sessionRef,
  setCondenseOff: z.strictObject({ sessionId, off: z.boolean() }),
  getBuiltinTools: noInput,
  setWebSearch: z.strictObject({
    engine: z.enum(['none', ...WEB_SEARCH_ENGINES] as [string, ...string[]]).transform((e) => e as WebSearchInput['engine']),
    url: z
      .string()
      .trim()
      .max(2000)
      .refine((url) => url === '' || originOf(url) !== undefined, { message: 'url must be an http(s) URL' }),
    apiKey: z.string().trim().max(1000).nullable().optional(),
  }),
  setBuiltinToolPolicy: z.strictObject({ tool: builtinToolId, policy: z.enum(['ask', 'always']) }),
  setFetchAllowedHosts: z.strictObject({
    hosts: z
      .array(allowedHost)
      .max(MAX_ALLOWED_HOSTS)
      .transform((hosts) => [...new Set(hosts)]),
  }),
  setSessionBuiltinTools: z.strictObject({ sessionId, tools: z.array(builtinToolId).max(16) }),
  getBackups: noInput,
  updateBackupSettings: z.strictObject({
    enabled: z.boolean().optional(),
    keep: z.number().int().min(BACKUP_KEEP.min).max(BACKUP_KEEP.max).optional(),
  }),
  chooseBackupFolder: noInput,
  backupNow: noInput,
  restoreBackup: z.strictObject({
    name: z
      .string()
      .min(1)
      .max(300)
      .regex(/^tiny-agent-backup-[A-Za-z0-9-]+$/),
  }),
  getSync: noInput,
  updateSyncSettings: z
    .strictObject({
      enabled: z.boolean().optional(),
      paused: z.boolean().optional(),
      intervalMinutes: z.number().int().min(SYNC_INTERVAL.min).max(SYNC_INTERVAL.max).optional(),
      webdav: z
        .strictObject({
          url: httpUrl.transform((url) => url.trim()),
          username: z.string().max(500),
          password: z.string().min(1).max(1_000).optional(),
        })
        .optional(),
      passphrase: z.string().min(SYNC_PASSPHRASE_MIN).max(1_000).nullable().optional(),
      clearTarget: z.literal(true).optional(),
    })
    .refine((patch) => !(patch.clearTarget && patch.webdav), { message: 'clearTarget and webdav cannot go together' }),
  chooseSyncFolder: noInput,
  syncNow: noInput,
  listKnowledgeBases: noInput,
  createKnowledgeBase: z.strictObject({ name: knowledgeName }),
  renameKnowledgeBase: z.strictObject({ kbId: knowledgeId, name: knowledgeName }),
  deleteKnowledgeBase: z.strictObject({ kbId: knowledgeId }),
  addKnowledgePaths: z.strictObject({ kbId: knowledgeId, kind: z.enum(['files', 'folder']) }),
  removeKnowledgePath: z.strictObject({ kbId: knowledgeId, path: absolutePath }),
  setKnowledgeEmbedding: z.strictObject({
    kbId: knowledgeId,
    embedding: z.strictObject({ providerId: z.string().min(1).max(200), model: z.string().trim().min(1).max(200) }).nullable(),
  }),
  reindexKnowledgeBase: z.strictObject({ kbId: knowledgeId }),
  setSessionKnowledge: z.strictObject({ sessionId, kbIds: z.array(knowledgeId).max(50) }),
  openKnowledgeFile: z.strictObject({ file: absolutePath }),
} satisfies Schemas;
