// Runtime validation of every invoke request, checked against the contract's types at compile time.
import { z } from 'zod';
import { LIMITS, type InvokeMethod, type InvokeRequest } from '../../shared/ipc.js';

const sessionId = z.string().uuid({ message: 'sessionId must be a session id' });
const sessionRef = z.strictObject({ sessionId });
const messageText = z
  .string()
  .max(LIMITS.maxMessageChars, { message: `text is longer than ${LIMITS.maxMessageChars} characters` })
  .transform((text) => text.trim())
  .refine((text) => text.length > 0, { message: 'text must not be empty' });
const sessionName = z
  .string()
  .max(LIMITS.maxNameChars * 10)
  .transform((name) => name.trim().slice(0, LIMITS.maxNameChars))
  .refine((name) => name.length > 0, { message: 'name must not be empty' });
const httpUrl = z
  .string()
  .max(LIMITS.maxUrlChars)
  .refine((url) => /^https?:\/\/[^\s]+$/i.test(url.trim()), { message: 'must be an http(s) URL' })
  .transform((url) => url.trim().replace(/\/+$/, ''));
const modelName = z.string().trim().max(200);
const apiKey = z.string().trim().max(1_000);
const providerProbe = z.strictObject({ baseUrl: httpUrl.optional(), apiKey: apiKey.optional(), model: modelName.optional() });
const mcpServerName = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'a server name uses only letters, digits, "-" and "_" (at most 32)' });
const secretMap = z.record(z.string().min(1).max(200), z.string().max(10_000).nullable());
const noInput = z.undefined().or(z.null()).transform(() => undefined);

type Schemas = { [K in InvokeMethod]: z.ZodType<InvokeRequest<K>, unknown> };

export const requestSchemas = {
  listSessions: noInput,
  createSession: z
    .strictObject({
      name: sessionName.optional(),
      systemPrompt: z.string().max(LIMITS.maxSystemPromptChars).optional(),
    })
    .optional()
    .transform((req) => req ?? {}),
  getSession: sessionRef,
  renameSession: z.strictObject({ sessionId, name: sessionName }),
  deleteSession: sessionRef,
  pinSession: z.strictObject({ sessionId, pinned: z.boolean() }),
  send: z.strictObject({ sessionId, text: messageText }),
  regenerate: sessionRef,
  steer: z.strictObject({ sessionId, text: messageText }),
  followUp: z.strictObject({ sessionId, text: messageText }),
  abort: sessionRef,
  peekQueue: sessionRef,
  clearQueue: z.strictObject({ sessionId, which: z.enum(['steering', 'followUp', 'all']) }),
  getSettings: noInput,
  updateSettings: z.strictObject({
    provider: z
      .strictObject({
        presetId: z.enum(['openai', 'deepseek', 'qwen', 'moonshot', 'siliconflow', 'openrouter', 'ollama', 'lmstudio', 'custom']).optional(),
        baseUrl: httpUrl.optional(),
        model: modelName.pipe(z.string().min(1, { message: 'model must not be empty' })).optional(),
        apiKey: apiKey.nullable().optional(),
      })
      .optional(),
    systemPrompt: z.string().max(LIMITS.maxSystemPromptChars).nullable().optional(),
    language: z.enum(['system', 'zh-CN', 'en']).optional(),
    theme: z.enum(['system', 'light', 'dark']).optional(),
  }),
  listModels: providerProbe.optional().transform((req) => req ?? {}),
  testConnection: providerProbe.optional().transform((req) => req ?? {}),
  openExternal: z.strictObject({ url: z.string().max(LIMITS.maxUrlChars) }),
  searchMessages: z.strictObject({
    query: z.string().max(LIMITS.maxSearchChars, { message: `query is longer than ${LIMITS.maxSearchChars} characters` }),
    limit: z.number().int().min(1).max(LIMITS.maxSearchHits).optional(),
    includeReasoning: z.boolean().optional(),
  }),
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
} satisfies Schemas;
