// Settings: provider, default system prompt, language, theme. Owns the API key: encrypted at rest with the
// injected SecretBox, handed to the provider layer only, and never included in a SettingsView or a log line.
import { join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import type { ProviderProbe } from '../../shared/ipc.js';
import {
  PROVIDER_PRESETS,
  REQUESTS_PER_RUN,
  type Locale,
  type ProviderPresetId,
  type SettingsPatch,
  type SettingsView,
} from '../../shared/settings.js';
import type { AgentModel } from '../agent/types.js';
import { localeFromSystem } from '../i18n.js';
import { contextWindowOf, DEFAULT_MAX_OUTPUT_TOKENS } from './model-limits.js';
import type { SecretBox } from './secret-box.js';
import { loadSettingsFile, saveSettingsFile, type StoredSettings, DEFAULT_STORED_SETTINGS } from './settings-file.js';

export interface SettingsServiceOptions {
  dataDir: string;
  /** OPENAI_BASE_URL / OPENAI_API_KEY / OPENAI_MODEL give the provider when none is saved. */
  env: Readonly<Record<string, string | undefined>>;
  secrets: SecretBox;
  /** The OS locale, e.g. 'zh-CN' or 'en-US'. */
  systemLocale: string;
  log?: (message: string) => void;
}

interface ProviderConfig {
  presetId: ProviderPresetId;
  baseUrl: string;
  model: string;
  apiKey?: string;
}

export class SettingsService {
  private stored: StoredSettings;
  /** Decrypted key of the saved provider (memory only). */
  private savedKey: string | undefined;
  private encryptionAvailable = false;

  private constructor(
    private readonly options: SettingsServiceOptions,
    private readonly path: string,
    stored: StoredSettings,
    /** Set when the file on disk must not be overwritten (newer version, unreadable). */
    private readonly readOnlyReason: AppError | undefined,
  ) {
    this.stored = stored;
  }

  /** Loads (and migrates) the settings file. Never throws: an unreadable or newer file leaves defaults in memory, read-only. */
  static async open(options: SettingsServiceOptions): Promise<SettingsService> {
    const path = join(options.dataDir, 'settings.json');
    const log = options.log ?? (() => {});
    let service: SettingsService;
    try {
      const loaded = await loadSettingsFile(path);
      service = new SettingsService(options, path, loaded.settings, undefined);
      service.encryptionAvailable = await options.secrets.isAsyncEncryptionAvailable();
      await service.decryptSavedKey();
      if (loaded.backupPath) {
        log(`Settings migrated to format ${loaded.settings.version}; backup at ${loaded.backupPath}`);
        if (loaded.legacyPlainKey) await service.storeKey(loaded.legacyPlainKey);
        else await service.persist();
      }
    } catch (error) {
      const reason = error instanceof AppError ? error : new AppError('storage', 'Settings could not be read.');
      log(reason.message);
      service = new SettingsService(options, path, { ...DEFAULT_STORED_SETTINGS }, reason);
      service.encryptionAvailable = await options.secrets.isAsyncEncryptionAvailable().catch(() => false);
    }
    return service;
  }

  /** What the renderer may know: everything but the key, which is reduced to `hasApiKey`. */
  view(): SettingsView {
    const provider = this.provider();
    return {
      provider: { presetId: provider.presetId, baseUrl: provider.baseUrl, model: provider.model, hasApiKey: Boolean(provider.apiKey) },
      systemPrompt: this.stored.systemPrompt,
      language: this.stored.language,
      theme: this.stored.theme,
      locale: this.locale(),
      secretsEncrypted: this.encryptionAvailable,
      maxRequestsPerRun: this.maxRequestsPerRun(),
    };
  }

  /** Why the settings file is read-only, if it is. */
  get loadProblem(): AppError | undefined {
    return this.readOnlyReason;
  }

  locale(): Locale {
    return this.stored.language === 'system' ? localeFromSystem(this.options.systemLocale) : this.stored.language;
  }

  /** Most model requests one run may make. */
  maxRequestsPerRun(): number {
    return this.stored.maxRequestsPerRun ?? REQUESTS_PER_RUN.default;
  }

  /** The user's default system prompt, or undefined for the built-in one. */
  customSystemPrompt(): string | undefined {
    return this.stored.systemPrompt?.trim() ? this.stored.systemPrompt : undefined;
  }

  /** Applies a validated patch and persists it. Refused (AppError) when the file on disk is newer than this build. */
  async update(patch: SettingsPatch): Promise<SettingsView> {
    if (this.readOnlyReason) throw this.readOnlyReason;
    const next: StoredSettings = { ...this.stored };
    if (patch.language) next.language = patch.language;
    if (patch.theme) next.theme = patch.theme;
    if (patch.maxRequestsPerRun !== undefined) next.maxRequestsPerRun = patch.maxRequestsPerRun;
    if (patch.systemPrompt !== undefined) next.systemPrompt = patch.systemPrompt?.trim() ? patch.systemPrompt : null;
    let newKey: string | null | undefined;
    if (patch.provider) {
      const current = this.provider();
      const presetId = patch.provider.presetId ?? current.presetId;
      const preset = PROVIDER_PRESETS.find((p) => p.id === presetId);
      const presetChanged = presetId !== current.presetId;
      const baseUrl = patch.provider.baseUrl ?? (presetChanged && preset?.baseUrl ? preset.baseUrl : current.baseUrl);
      const model = patch.provider.model ?? (presetChanged && preset?.defaultModel ? preset.defaultModel : current.model);
      next.provider = { presetId, baseUrl, model, encryptedApiKey: this.stored.provider?.encryptedApiKey };
      if (!next.provider.encryptedApiKey) delete next.provider.encryptedApiKey;
      newKey = patch.provider.apiKey;
      // A key belongs to the endpoint it was entered for: moving to another base URL without a new key forgets it,
      // so it is never sent to a different host.
      if (newKey === undefined && baseUrl !== current.baseUrl && this.savedKey !== undefined) newKey = null;
      if (newKey === undefined && !this.stored.provider && this.options.env.OPENAI_API_KEY && baseUrl === this.envBaseUrl()) {
        // Saving the provider that came from the environment keeps the environment's key working.
        newKey = this.options.env.OPENAI_API_KEY;
      }
    }
    const previous = { stored: this.stored, savedKey: this.savedKey };
    this.stored = next;
    try {
      if (newKey === null) {
        this.savedKey = undefined;
        if (this.stored.provider) delete this.stored.provider.encryptedApiKey;
        await this.persist();
      } else if (typeof newKey === 'string' && newKey.length > 0) {
        await this.storeKey(newKey);
      } else {
        await this.persist();
      }
    } catch (error) {
      // What could not be saved does not take effect either: memory and disk never disagree.
      this.stored = previous.stored;
      this.savedKey = previous.savedKey;
      throw error;
    }
    return this.view();
  }

  /** The model sessions talk to, key included (for the provider only). */
  resolveModel(): AgentModel {
    const provider = this.provider();
    const env = this.options.env;
    return {
      id: provider.model,
      baseUrl: provider.baseUrl,
      apiKey: provider.apiKey,
      contextWindow: positiveInt(env.TINY_AGENT_CONTEXT_WINDOW) ?? contextWindowOf(provider.model),
      maxOutputTokens: positiveInt(env.TINY_AGENT_MAX_OUTPUT_TOKENS) ?? DEFAULT_MAX_OUTPUT_TOKENS,
      requestTimeoutMs: positiveInt(env.TINY_AGENT_REQUEST_TIMEOUT_MS),
      firstTokenTimeoutMs: positiveInt(env.TINY_AGENT_FIRST_TOKEN_TIMEOUT_MS),
    };
  }

  /** Fills a connection probe's missing fields from the saved provider; the saved key is used only for the saved base URL. */
  completeProbe(probe: ProviderProbe): { baseUrl: string; apiKey?: string; model?: string } {
    const provider = this.provider();
    const baseUrl = probe.baseUrl ?? provider.baseUrl;
    const apiKey = probe.apiKey || (baseUrl === provider.baseUrl ? provider.apiKey : undefined);
    return { baseUrl, apiKey, model: probe.model ?? provider.model };
  }

  private provider(): ProviderConfig {
    const saved = this.stored.provider;
    const env = this.options.env;
    if (saved) {
      const envKey = saved.baseUrl === this.envBaseUrl() ? env.OPENAI_API_KEY : undefined;
      return { presetId: saved.presetId, baseUrl: saved.baseUrl, model: saved.model, apiKey: this.savedKey ?? envKey };
    }
    const openai = PROVIDER_PRESETS[0]!;
    const baseUrl = this.envBaseUrl();
    const preset = PROVIDER_PRESETS.find((p) => p.baseUrl === baseUrl);
    return {
      presetId: preset?.id ?? 'custom',
      baseUrl,
      model: env.OPENAI_MODEL?.trim() || preset?.defaultModel || openai.defaultModel,
      apiKey: env.OPENAI_API_KEY?.trim() || undefined,
    };
  }

  private envBaseUrl(): string {
    return (this.options.env.OPENAI_BASE_URL?.trim() || PROVIDER_PRESETS[0]!.baseUrl).replace(/\/+$/, '');
  }

  private async storeKey(key: string): Promise<void> {
    this.savedKey = key;
    if (this.stored.provider) {
      if (this.encryptionAvailable) {
        const encrypted = await this.options.secrets.encryptStringAsync(key);
        this.stored.provider.encryptedApiKey = encrypted.toString('base64');
      } else {
        // Without OS encryption the key lives in memory for this run only; plaintext never reaches the disk.
        delete this.stored.provider.encryptedApiKey;
      }
    }
    await this.persist();
  }

  private async decryptSavedKey(): Promise<void> {
    const encrypted = this.stored.provider?.encryptedApiKey;
    if (!encrypted || !this.encryptionAvailable) return;
    try {
      const { result, shouldReEncrypt } = await this.options.secrets.decryptStringAsync(Buffer.from(encrypted, 'base64'));
      this.savedKey = result;
      if (shouldReEncrypt) await this.storeKey(result);
    } catch {
      (this.options.log ?? (() => {}))('The saved API key could not be decrypted; enter it again in Settings.');
    }
  }

  private async persist(): Promise<void> {
    await saveSettingsFile(this.path, this.stored);
  }
}

function positiveInt(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
