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
import { promises as fs } from 'node:fs';
import { isAbsolute } from 'node:path';
import { BACKUP_KEEP, type BackupSettings } from '../../shared/sync.js';
import { readFileIfExists, UNREAD_COPY_SUFFIX, writeFileAtomic } from '../storage/atomic-file.js';

export const SETTINGS_FORMAT_VERSION = 2;

/** The settings file's name in the data folder. */
export const SETTINGS_FILE = 'settings.json';

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
  /** Whether each model takes images, for the models the person set (the others are guessed from their id). */
  takesImages?: Record<string, boolean>;
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
  /** Absent or null: summaries of long chats by each chat's own model. */
  summaryModel?: ModelRef | null;
  /** Absent: the first of CURRENCY_SYMBOLS. */
  currency?: CurrencySymbol;
  /** The environment's provider's id when it is not ENV_PROVIDER_ID (a saved provider with that id was deleted). */
  envProviderId?: string;
  /** Absent: backups off, no folder, BACKUP_KEEP.default kept. */
  backup?: BackupSettings;
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
/** Per model id: whether it takes images (the IPC form is the same). */
export const takesImagesSchema = z.record(z.string().min(1).max(200), z.boolean());
const promptPresetSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  systemPrompt: z.string().max(20_000),
  model: modelRefSchema.optional(),
  params: chatParamsSchema,
});

/** The backup block as stored: an absolute folder (or none), a bounded count (hand-edited wrong: the block is ignored). */
export const backupSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  folder: z
    .string()
    .min(1)
    .max(4_096)
    .refine((folder) => isAbsolute(folder), { message: 'folder must be an absolute path' })
    .nullable(),
  keep: z.number().int().min(BACKUP_KEEP.min).max(BACKUP_KEEP.max),
});

const languageSchema = z.enum(['system', 'zh-CN', 'en']);
const themeSchema = z.enum(['system', 'light', 'dark']);

/** What a provider record must have; without it the record is left out. */
const providerCore = z.object({ id: z.string().min(1), name: z.string(), baseUrl: z.string(), model: z.string() });
/** A provider record's other fields, each read alone (a bad one takes its default and is named). */
const providerFields = {
  presetId: presetIdSchema,
  models: z.array(z.string()),
  enabled: z.boolean(),
  encryptedApiKey: z.string(),
  keyOrigin: z.string(),
  prices: modelPricesSchema,
  takesImages: takesImagesSchema,
} satisfies Record<Exclude<keyof StoredProvider, keyof z.infer<typeof providerCore>>, z.ZodType>;

/** Top-level fields besides `version`, `providers` and `presets`, each read alone. */
const topFields = {
  defaultModel: modelRefSchema.nullable(),
  systemPrompt: z.string().nullable(),
  language: languageSchema,
  theme: themeSchema,
  maxRequestsPerRun: z.number().int().min(REQUESTS_PER_RUN.min).max(REQUESTS_PER_RUN.max),
  autoTitle: z.boolean(),
  summaryModel: modelRefSchema.nullable(),
  currency: currencySchema,
  envProviderId: z.string().min(1).max(100),
  backup: backupSettingsSchema,
} satisfies Record<Exclude<keyof StoredSettings, 'version' | 'providers' | 'presets'>, z.ZodType>;

/**
 * A version-2 file, field by field and entry by entry: what is readable is used, what is not (a wrong type, a provider
 * or preset that cannot be read, a field this build does not know) is named in `ignored` — in the order of the file,
 * as the file names it (`theme`, `providers[1]`, `providers[0].models`).
 */
function readV2(raw: Record<string, unknown>): { settings: StoredSettings; ignored: string[] } {
  const settings: StoredSettings = { ...DEFAULT_STORED_SETTINGS };
  const ignored: string[] = [];
  const target = settings as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'version') continue;
    if (key === 'providers') {
      if (Array.isArray(value)) settings.providers = readList(value, key, ignored, readProvider);
      else ignored.push(key);
    } else if (key === 'presets') {
      if (value === null) settings.presets = null;
      else if (Array.isArray(value)) settings.presets = readList(value, key, ignored, (item) => promptPresetSchema.safeParse(item).data);
      else ignored.push(key);
    } else if (key in topFields) {
      const parsed = topFields[key as keyof typeof topFields].safeParse(value);
      if (parsed.success) target[key] = parsed.data;
      else ignored.push(key);
    } else {
      ignored.push(key);
    }
  }
  return { settings, ignored };
}

function readList<T>(
  items: unknown[],
  name: string,
  ignored: string[],
  read: (item: unknown, path: string, ignored: string[]) => T | undefined,
): T[] {
  const kept: T[] = [];
  items.forEach((item, i) => {
    const value = read(item, `${name}[${i}]`, ignored);
    if (value === undefined) ignored.push(`${name}[${i}]`);
    else kept.push(value);
  });
  return kept;
}

function readProvider(item: unknown, path: string, ignored: string[]): StoredProvider | undefined {
  const core = providerCore.safeParse(item);
  if (!core.success) return undefined;
  const provider: StoredProvider = { ...core.data, presetId: 'custom', models: [], enabled: true };
  const target = provider as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(item as Record<string, unknown>)) {
    if (key in core.data) continue;
    const parsed = key in providerFields ? providerFields[key as keyof typeof providerFields].safeParse(value) : undefined;
    if (parsed?.success) target[key] = parsed.data;
    else ignored.push(`${path}.${key}`);
  }
  return provider;
}

const v1Schema = z.object({
  version: z.literal(1),
  provider: z
    .object({ presetId: presetIdSchema, baseUrl: z.string(), model: z.string(), encryptedApiKey: z.string().optional() })
    .optional(),
  systemPrompt: z.string().nullable().catch(null),
  language: languageSchema.catch('system'),
  theme: themeSchema.catch('system'),
});

/** A version-0 file (before format versions): flat fields, key in plaintext. Migrated with the key encrypted. */
const legacySchema = z.object({
  baseUrl: z.string().optional(),
  model: z.string().optional(),
  apiKey: z.string().optional(),
  language: languageSchema.optional(),
  theme: themeSchema.optional(),
});

export interface LoadedSettings {
  settings: StoredSettings;
  /** A plaintext key found in a legacy file for the first provider, to be encrypted by the caller (never kept on disk in plaintext). */
  legacyPlainKey?: string;
  /** Set when the file was migrated; the path of the backup copy. */
  backupPath?: string;
  /** Parts of a version-2 file that could not be read (see `readV2`); the file as it was is then kept beside it. */
  ignored?: string[];
}

/** Larger than this, the file is not read at all (a settings file of thousands of providers is far smaller). */
export const SETTINGS_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Why the settings file cannot be written over: it could not be used at all, or parts of it could not be read and no
 * copy of it could be kept (`parts` names them). It is then left untouched and nothing is saved over it.
 */
export class SettingsFileError extends AppError {
  constructor(
    code: 'storage' | 'unsupported_version',
    message: string,
    readonly problem: 'unreadable' | 'newerVersion' | 'tooLarge' | 'partlyUnreadable',
    readonly parts?: string[],
  ) {
    super(code, message);
  }
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

/**
 * Reads and, if needed, migrates the settings file. Too large, not JSON, not an object, or of a newer version →
 * SettingsFileError, file untouched. A version-2 file with parts that cannot be read gives the rest, names the parts,
 * and first copies the file as it was beside it (`settings.json.unread.bak`), so nothing unread is ever lost.
 */
export async function loadSettingsFile(path: string): Promise<LoadedSettings> {
  const size = await fileSize(path);
  if (size === undefined) return { settings: { ...DEFAULT_STORED_SETTINGS } };
  if (size > SETTINGS_MAX_BYTES)
    throw new SettingsFileError(
      'storage',
      `Settings file ${path} is larger than ${SETTINGS_MAX_BYTES} bytes; it was left untouched.`,
      'tooLarge',
    );
  const text = await readFileIfExists(path);
  if (text === undefined) return { settings: { ...DEFAULT_STORED_SETTINGS } };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new SettingsFileError('storage', `Settings file ${path} is not valid JSON; it was left untouched.`, 'unreadable');
  }
  const malformed = () => new SettingsFileError('storage', `Settings file ${path} is malformed; it was left untouched.`, 'unreadable');
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw malformed();
  const version = 'version' in raw ? (raw as { version: unknown }).version : 0;
  if (typeof version === 'number' && version > SETTINGS_FORMAT_VERSION) {
    throw new SettingsFileError(
      'unsupported_version',
      `Settings file ${path} has format version ${version}, newer than this Tiny Agent understands (${SETTINGS_FORMAT_VERSION}). Update Tiny Agent; the file was left untouched.`,
      'newerVersion',
    );
  }
  if (version === SETTINGS_FORMAT_VERSION) {
    const { settings, ignored } = readV2(raw as Record<string, unknown>);
    if (ignored.length === 0) return { settings };
    // Written before anything else may write the settings file: what could not be read survives in the copy.
    await writeFileAtomic(`${path}${UNREAD_COPY_SUFFIX}`, text).catch((error: unknown) => {
      throw new SettingsFileError(
        'storage',
        `Parts of ${path} could not be read and no copy of it could be kept (${String(error)}); it was left untouched.`,
        'partlyUnreadable',
        ignored,
      );
    });
    return { settings, ignored };
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

/** The file's size in bytes, or undefined when it does not exist. */
async function fileSize(path: string): Promise<number | undefined> {
  try {
    return (await fs.stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
