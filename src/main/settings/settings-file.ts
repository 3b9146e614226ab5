// The settings file on disk: a format version, migrations that run only after a backup copy is written,
// and refusal (file untouched) of a version newer than this build understands.
//
//   v0  flat fields, key in plaintext (before format versions)
//   v1  one `provider` with its encrypted key
//   v2  a list of `providers`, each key stored with the origin it was entered for; default model; prompt presets
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import {
  defaultProviderName,
  originOf,
  PROVIDER_PRESETS,
  REQUESTS_PER_RUN,
  type LanguageSetting,
  type ModelRef,
  type PromptPreset,
  type ProviderPresetId,
  type ThemeSetting,
} from '../../shared/settings.js';
import { CURRENCY_SYMBOLS, type CurrencySymbol, type ModelPrices } from '../../shared/usage.js';
import { readFileIfExists, writeFileAtomic } from '../storage/atomic-file.js';

export const SETTINGS_FORMAT_VERSION = 2;

/** One saved provider. The key only ever as ciphertext, and always together with the origin it belongs to. */
export interface StoredProvider {
  id: string;
  name: string;
  presetId: ProviderPresetId;
  baseUrl: string;
  model: string;
  models: string[];
  enabled: boolean;
  /** base64 of the SecretBox output. */
  encryptedApiKey?: string;
  /** `scheme://host[:port]` the key was entered for; a key is never used for any other origin. */
  keyOrigin?: string;
  /** Prices per million tokens by model id, as the person set them. */
  prices?: ModelPrices;
}

/** What is stored. */
export interface StoredSettings {
  version: typeof SETTINGS_FORMAT_VERSION;
  providers: StoredProvider[];
  defaultModel: ModelRef | null;
  /** `null` until the person changes the shipped presets. */
  presets: PromptPreset[] | null;
  systemPrompt: string | null;
  language: LanguageSetting;
  theme: ThemeSetting;
  /** Absent: the default (REQUESTS_PER_RUN.default). */
  maxRequestsPerRun?: number;
  /** Absent: on (unless TINY_AGENT_AUTO_TITLE=0 says otherwise). */
  autoTitle?: boolean;
  /** Absent: the first of CURRENCY_SYMBOLS. */
  currency?: CurrencySymbol;
  /** The environment's provider's id when it is not ENV_PROVIDER_ID (a saved provider with that id was deleted). */
  envProviderId?: string;
}

export const DEFAULT_STORED_SETTINGS: StoredSettings = {
  version: SETTINGS_FORMAT_VERSION,
  providers: [],
  defaultModel: null,
  presets: null,
  systemPrompt: null,
  language: 'system',
  theme: 'system',
};

const presetIdSchema = z.enum(['openai', 'deepseek', 'qwen', 'moonshot', 'siliconflow', 'openrouter', 'ollama', 'lmstudio', 'custom']);
const modelRefSchema = z.object({ providerId: z.string().min(1), model: z.string().min(1) });
export const chatParamsSchema = z.object({
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  maxOutputTokens: z.number().int().positive().max(10_000_000).optional(),
  reasoningEffort: z.enum(['low', 'medium', 'high']).optional(),
});
/** A price per million tokens: a plain amount, up to a million. */
const priceAmount = z.number().min(0).max(1_000_000);
/** Prices by model id (the IPC form is the same, without unknown fields). */
export const modelPricesSchema = z.record(
  z.string().min(1).max(200),
  z.object({ input: priceAmount, output: priceAmount, cachedInput: priceAmount.optional() }),
);
export const currencySchema = z.enum(CURRENCY_SYMBOLS);
const promptPresetSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  systemPrompt: z.string().max(20_000),
  model: modelRefSchema.optional(),
  params: chatParamsSchema,
});

const storedSchema = z.object({
  version: z.literal(2),
  providers: z.array(
    z.object({
      id: z.string().min(1),
      name: z.string(),
      presetId: presetIdSchema.catch('custom'),
      baseUrl: z.string(),
      model: z.string(),
      models: z.array(z.string()).catch([]),
      enabled: z.boolean().catch(true),
      encryptedApiKey: z.string().optional(),
      keyOrigin: z.string().optional(),
      prices: modelPricesSchema.optional().catch(undefined),
    }),
  ),
  defaultModel: modelRefSchema.nullable().catch(null),
  presets: z.array(promptPresetSchema).nullable().catch(null),
  systemPrompt: z.string().nullable().catch(null),
  language: z.enum(['system', 'zh-CN', 'en']).catch('system'),
  theme: z.enum(['system', 'light', 'dark']).catch('system'),
  maxRequestsPerRun: z.number().int().min(REQUESTS_PER_RUN.min).max(REQUESTS_PER_RUN.max).optional().catch(undefined),
  autoTitle: z.boolean().optional().catch(undefined),
  currency: currencySchema.optional().catch(undefined),
  envProviderId: z.string().min(1).max(100).optional().catch(undefined),
});

const v1Schema = z.object({
  version: z.literal(1),
  provider: z
    .object({ presetId: presetIdSchema, baseUrl: z.string(), model: z.string(), encryptedApiKey: z.string().optional() })
    .optional(),
  systemPrompt: z.string().nullable().catch(null),
  language: z.enum(['system', 'zh-CN', 'en']).catch('system'),
  theme: z.enum(['system', 'light', 'dark']).catch('system'),
});

/** A version-0 file (before format versions): flat fields, key in plaintext. Migrated with the key encrypted. */
const legacySchema = z.object({
  baseUrl: z.string().optional(),
  model: z.string().optional(),
  apiKey: z.string().optional(),
  language: z.enum(['system', 'zh-CN', 'en']).optional(),
  theme: z.enum(['system', 'light', 'dark']).optional(),
});

export interface LoadedSettings {
  settings: StoredSettings;
  /** A plaintext key found in a legacy file for the first provider, to be encrypted by the caller (never kept on disk in plaintext). */
  legacyPlainKey?: string;
  /** Set when the file was migrated; the path of the backup copy. */
  backupPath?: string;
}

/** A fresh provider id: short, random, stable for the provider's life. */
export function newProviderId(): string {
  return `p-${randomBytes(4).toString('hex')}`;
}

/** A provider record with the given endpoint; the first entry of a migrated file. */
export function storedProvider(fields: {
  presetId: ProviderPresetId;
  baseUrl: string;
  model: string;
  name?: string;
  id?: string;
}): StoredProvider {
  return {
    id: fields.id ?? newProviderId(),
    name: fields.name?.trim() || defaultProviderName(fields.baseUrl, fields.presetId),
    presetId: fields.presetId,
    baseUrl: fields.baseUrl,
    model: fields.model,
    models: fields.model ? [fields.model] : [],
    enabled: true,
  };
}

/** Reads and, if needed, migrates the settings file. Unknown newer version or unreadable → AppError, file untouched. */
export async function loadSettingsFile(path: string): Promise<LoadedSettings> {
  const text = await readFileIfExists(path);
  if (text === undefined) return { settings: { ...DEFAULT_STORED_SETTINGS } };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError('storage', `Settings file ${path} is not valid JSON; it was left untouched.`);
  }
  const version = typeof raw === 'object' && raw !== null && 'version' in raw ? (raw as { version: unknown }).version : 0;
  if (typeof version === 'number' && version > SETTINGS_FORMAT_VERSION) {
    throw new AppError(
      'unsupported_version',
      `Settings file ${path} has format version ${version}, newer than this Tiny Agent understands (${SETTINGS_FORMAT_VERSION}). Update Tiny Agent; the file was left untouched.`,
    );
  }
  const malformed = () => new AppError('storage', `Settings file ${path} is malformed; it was left untouched.`);
  if (version === SETTINGS_FORMAT_VERSION) {
    const parsed = storedSchema.safeParse(raw);
    if (!parsed.success) throw malformed();
    return { settings: parsed.data };
  }
  if (version === 1) {
    const parsed = v1Schema.safeParse(raw);
    if (!parsed.success) throw malformed();
    // v1 holds only ciphertext: the backup is the file as it was.
    const backupPath = `${path}.v1.bak`;
    await writeFileAtomic(backupPath, text);
    return { backupPath, settings: fromV1(parsed.data) };
  }
  const legacy = legacySchema.safeParse(raw);
  if (version !== 0 || !legacy.success) throw malformed();
  const backupPath = `${path}.v0.bak`;
  const old = legacy.data;
  // The backup keeps everything but the plaintext key, which moves into encrypted storage: a backup must not
  // become the one place the key stays readable on disk.
  const { apiKey, ...rest } = raw as Record<string, unknown>;
  await writeFileAtomic(
    backupPath,
    `${JSON.stringify(apiKey === undefined ? rest : { ...rest, apiKey: '[moved to encrypted storage]' }, null, 2)}\n`,
  );
  const baseUrl = old.baseUrl ?? (old.apiKey || old.model ? PROVIDER_PRESETS[0]!.baseUrl : undefined);
  const preset = PROVIDER_PRESETS.find((p) => p.baseUrl === baseUrl);
  return {
    backupPath,
    legacyPlainKey: old.apiKey,
    settings: fromV1({
      version: 1,
      language: old.language ?? 'system',
      theme: old.theme ?? 'system',
      systemPrompt: null,
      provider: baseUrl ? { presetId: preset?.id ?? 'custom', baseUrl, model: old.model ?? preset?.defaultModel ?? '' } : undefined,
    }),
  };
}

/** v1 → v2: the single provider becomes the first (and default) entry; its key is kept, bound to its origin. */
function fromV1(old: z.infer<typeof v1Schema>): StoredSettings {
  const settings: StoredSettings = { ...DEFAULT_STORED_SETTINGS, systemPrompt: old.systemPrompt, language: old.language, theme: old.theme };
  if (!old.provider) return settings;
  const provider = storedProvider(old.provider);
  const origin = originOf(old.provider.baseUrl);
  if (old.provider.encryptedApiKey && origin) {
    provider.encryptedApiKey = old.provider.encryptedApiKey;
    provider.keyOrigin = origin;
  }
  settings.providers = [provider];
  settings.defaultModel = provider.model ? { providerId: provider.id, model: provider.model } : null;
  return settings;
}

/** Writes the settings atomically. */
export async function saveSettingsFile(path: string, settings: StoredSettings): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(settings, null, 2)}\n`);
}
