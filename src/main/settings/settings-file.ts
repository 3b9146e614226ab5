// The settings file on disk: a format version, migrations that run only after a backup copy is written,
// and refusal (file untouched) of a version newer than this build understands.
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { PROVIDER_PRESETS, REQUESTS_PER_RUN, type LanguageSetting, type ProviderPresetId, type ThemeSetting } from '../../shared/settings.js';
import { readFileIfExists, writeFileAtomic } from '../storage/atomic-file.js';

export const SETTINGS_FORMAT_VERSION = 1;

/** What is stored. The API key only ever as ciphertext (base64 of safeStorage output). */
export interface StoredSettings {
  version: typeof SETTINGS_FORMAT_VERSION;
  provider?: { presetId: ProviderPresetId; baseUrl: string; model: string; encryptedApiKey?: string };
  systemPrompt: string | null;
  language: LanguageSetting;
  theme: ThemeSetting;
  /** Absent: the default (REQUESTS_PER_RUN.default). */
  maxRequestsPerRun?: number;
}

export const DEFAULT_STORED_SETTINGS: StoredSettings = {
  version: SETTINGS_FORMAT_VERSION,
  systemPrompt: null,
  language: 'system',
  theme: 'system',
};

const storedSchema = z.object({
  version: z.literal(1),
  provider: z
    .object({
      presetId: z.enum(['openai', 'deepseek', 'qwen', 'moonshot', 'siliconflow', 'openrouter', 'ollama', 'lmstudio', 'custom']),
      baseUrl: z.string(),
      model: z.string(),
      encryptedApiKey: z.string().optional(),
    })
    .optional(),
  systemPrompt: z.string().nullable().catch(null),
  language: z.enum(['system', 'zh-CN', 'en']).catch('system'),
  theme: z.enum(['system', 'light', 'dark']).catch('system'),
  maxRequestsPerRun: z.number().int().min(REQUESTS_PER_RUN.min).max(REQUESTS_PER_RUN.max).optional().catch(undefined),
});

/** A version-0 file (before format versions): flat fields, key in plaintext. Migrated to v1 with the key encrypted. */
const legacySchema = z.object({
  baseUrl: z.string().optional(),
  model: z.string().optional(),
  apiKey: z.string().optional(),
  language: z.enum(['system', 'zh-CN', 'en']).optional(),
  theme: z.enum(['system', 'light', 'dark']).optional(),
});

export interface LoadedSettings {
  settings: StoredSettings;
  /** A plaintext key found in a legacy file, to be encrypted by the caller (never kept on disk in plaintext). */
  legacyPlainKey?: string;
  /** Set when the file was migrated; the path of the backup copy. */
  backupPath?: string;
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
  if (version === SETTINGS_FORMAT_VERSION) {
    const parsed = storedSchema.safeParse(raw);
    if (!parsed.success) throw new AppError('storage', `Settings file ${path} is malformed; it was left untouched.`);
    return { settings: parsed.data };
  }
  const legacy = legacySchema.safeParse(raw);
  if (version !== 0 || !legacy.success) throw new AppError('storage', `Settings file ${path} is malformed; it was left untouched.`);
  const backupPath = `${path}.v0.bak`;
  const old = legacy.data;
  // The backup keeps everything but the plaintext key, which moves into encrypted storage: a backup must not
  // become the one place the key stays readable on disk.
  const { apiKey, ...rest } = raw as Record<string, unknown>;
  await writeFileAtomic(backupPath, `${JSON.stringify(apiKey === undefined ? rest : { ...rest, apiKey: '[moved to encrypted storage]' }, null, 2)}\n`);
  const baseUrl = old.baseUrl ?? (old.apiKey || old.model ? PROVIDER_PRESETS[0]!.baseUrl : undefined);
  return {
    backupPath,
    legacyPlainKey: old.apiKey,
    settings: {
      ...DEFAULT_STORED_SETTINGS,
      language: old.language ?? 'system',
      theme: old.theme ?? 'system',
      provider: baseUrl
        ? {
            presetId: PROVIDER_PRESETS.find((p) => p.baseUrl === baseUrl)?.id ?? 'custom',
            baseUrl,
            model: old.model ?? PROVIDER_PRESETS.find((p) => p.baseUrl === baseUrl)?.defaultModel ?? '',
          }
        : undefined,
    },
  };
}

/** Writes the settings atomically. */
export async function saveSettingsFile(path: string, settings: StoredSettings): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(settings, null, 2)}\n`);
}
