// Settings: providers (each with its own key), the default model, prompt presets, default system prompt, language,
// theme. Owns the API keys: encrypted at rest with the injected SecretBox, each bound to the origin it was entered
// for, handed to the provider layer only for that origin, and never included in a SettingsView or a log line.
import { join } from 'node:path';
import { UNREAD_COPY_SUFFIX } from '../storage/atomic-file.js';
import { AppError } from '../../shared/errors.js';
import { lacksKey } from '../../shared/first-run.js';
import { takesImages } from '../../shared/model-images.js';
import type { StartupNotice } from '../../shared/app-status.js';
import type { ProviderProbe } from '../../shared/ipc.js';
import {
  defaultProviderName,
  ENV_PROVIDER_ID,
  originOf,
  PROVIDER_PRESETS,
  REQUESTS_PER_RUN,
  type ChatParams,
  type Locale,
  type ModelRef,
  type ProviderInput,
  type ProviderView,
  type SettingsPatch,
  type SettingsView,
} from '../../shared/settings.js';
import type { AgentModel } from '../agent/types.js';
import { localeFromSystem, mainStrings } from '../i18n.js';
import { contextWindowOf } from './model-limits.js';
import { shippedPresets } from './prompt-presets.js';
import type { SecretBox } from './secret-box.js';
import {
  DEFAULT_STORED_SETTINGS,
  loadSettingsFile,
  newProviderId,
  saveSettingsFile,
  SETTINGS_FILE,
  SETTINGS_MAX_BYTES,
  SettingsFileError,
  storedProvider,
  type StoredProvider,
  type StoredSettings,
} from './settings-file.js';
import { CURRENCY_SYMBOLS } from '../../shared/usage.js';
import { BACKUP_KEEP, type BackupSettings } from '../../shared/sync.js';

export interface SettingsServiceOptions {
  dataDir: string;
  /** OPENAI_BASE_URL / OPENAI_API_KEY / OPENAI_MODEL give a provider while none is saved. */
  env: Readonly<Record<string, string | undefined>>;
  secrets: SecretBox;
  /** The OS locale, e.g. 'zh-CN' or 'en-US'. */
  systemLocale: string;
  log?: (message: string) => void;
}

/** A decrypted key and the origin it belongs to (memory only). */
interface HeldKey {
  key: string;
  origin: string;
}

export class SettingsService {
  private stored: StoredSettings;
  /** Decrypted keys by provider id (memory only), each with the origin it was entered for. */
  private keys = new Map<string, HeldKey>();
  private encryptionAvailable = false;

  private constructor(
    private readonly options: SettingsServiceOptions,
    private readonly path: string,
    stored: StoredSettings,
    /** Set when the file on disk must not be overwritten (newer version, unreadable, too large); says why. */
    private readonly readOnly: SettingsFileError['problem'] | undefined,
    /** What was set aside when the file was read, for the window to say. */
    readonly loadNotice: StartupNotice | undefined,
  ) {
    this.stored = stored;
  }

  /**
   * Loads (and migrates) the settings file. Never throws: an unreadable, too large or newer file leaves defaults in
   * memory, read-only; a file with unreadable parts gives the rest, a copy of it as it was kept beside it. Either way
   * `loadNotice` says what was set aside.
   */
  static async open(options: SettingsServiceOptions): Promise<SettingsService> {
    const path = join(options.dataDir, SETTINGS_FILE);
    const log = options.log ?? (() => {});
    let service: SettingsService;
    try {
      const loaded = await loadSettingsFile(path);
      const notice: StartupNotice | undefined = loaded.ignored && {
        file: 'settings',
        problem: 'partlyUnreadable',
        parts: loaded.ignored,
        keptAs: `${SETTINGS_FILE}${UNREAD_COPY_SUFFIX}`,
      };
      if (notice) log(`${SETTINGS_FILE}: could not read ${notice.parts!.join(', ')}; the file as it was is kept as ${notice.keptAs}`);
      service = new SettingsService(options, path, loaded.settings, undefined, notice);
      service.encryptionAvailable = await options.secrets.isAsyncEncryptionAvailable();
      await service.decryptSavedKeys();
      if (loaded.backupPath) {
        log(`Settings migrated to format ${loaded.settings.version}; backup at ${loaded.backupPath}`);
        const first = service.stored.providers[0];
        if (loaded.legacyPlainKey && first) await service.storeKey(first, loaded.legacyPlainKey);
        await service.persist();
      }
    } catch (error) {
      const problem = error instanceof SettingsFileError ? error.problem : 'unreadable';
      log(error instanceof Error ? error.message : 'Settings could not be read.');
      const notice: StartupNotice = {
        file: 'settings',
        problem,
        readOnly: true,
        ...(error instanceof SettingsFileError && error.parts && { parts: error.parts }),
        ...(problem === 'tooLarge' && { limitBytes: SETTINGS_MAX_BYTES }),
      };
      service = new SettingsService(options, path, { ...DEFAULT_STORED_SETTINGS }, problem, notice);
      service.encryptionAvailable = await options.secrets.isAsyncEncryptionAvailable().catch(() => false);
    }
    return service;
  }

  /** What the renderer may know: everything but the keys, each reduced to `hasApiKey`. */
  view(): SettingsView {
    return {
      providers: this.providers().map((provider) => this.providerView(provider)),
      defaultModel: this.defaultModel(),
      presets: this.stored.presets ?? shippedPresets(this.locale()),
      systemPrompt: this.stored.systemPrompt,
      language: this.stored.language,
      theme: this.stored.theme,
      locale: this.locale(),
      secretsEncrypted: this.encryptionAvailable,
      maxRequestsPerRun: this.maxRequestsPerRun(),
      autoTitle: this.autoTitle(),
      summaryModel: this.summaryModel(),
      currency: this.stored.currency ?? CURRENCY_SYMBOLS[0],
    };
  }

  /** Why the settings file is read-only, if it is: the error every change is refused with, in the current language. */
  get loadProblem(): AppError | undefined {
    if (!this.readOnly) return undefined;
    const strings = mainStrings(this.locale());
    return this.readOnly === 'newerVersion'
      ? new AppError('unsupported_version', strings.settingsNewerVersion())
      : new AppError('storage', this.readOnly === 'tooLarge' ? strings.settingsTooLarge() : strings.settingsUnreadable());
  }

  locale(): Locale {
    return this.stored.language === 'system' ? localeFromSystem(this.options.systemLocale) : this.stored.language;
  }

  /** Whether a chat's model writes its name after the first answer: the person's choice, else on unless the environment says 0. */
  autoTitle(): boolean {
    return this.stored.autoTitle ?? this.options.env.TINY_AGENT_AUTO_TITLE?.trim() !== '0';
  }

  /** The model chosen to write summaries of long chats, while its provider is there; null: each chat's own model. */
  summaryModel(): ModelRef | null {
    const chosen = this.stored.summaryModel;
    return chosen && this.providers().some((p) => p.id === chosen.providerId) ? chosen : null;
  }

  /** The backup block: what the file says, else off with no folder. */
  backup(): BackupSettings {
    return this.stored.backup ?? { enabled: false, folder: null, keep: BACKUP_KEEP.default };
  }

  /** Changes the backup block (the folder only from main's dialog) and persists it. */
  async updateBackup(patch: Partial<BackupSettings>): Promise<BackupSettings> {
    await this.commit({ ...this.stored, backup: { ...this.backup(), ...patch } }, this.keys);
    return this.backup();
  }

  /** Most model requests one run may make. */
  maxRequestsPerRun(): number {
    return this.stored.maxRequestsPerRun ?? REQUESTS_PER_RUN.default;
  }

  /** The user's default system prompt, or undefined for the built-in one. */
  customSystemPrompt(): string | undefined {
    return this.stored.systemPrompt?.trim() ? this.stored.systemPrompt : undefined;
  }

  /** What a new chat starts with: the chosen default if its provider is usable, else the first usable provider's model. */
  defaultModel(): ModelRef | null {
    const providers = this.providers().filter((p) => p.enabled);
    const chosen = this.stored.defaultModel;
    if (chosen && providers.some((p) => p.id === chosen.providerId)) return chosen;
    const first = providers.find((p) => p.model);
    return first ? { providerId: first.id, model: first.model } : null;
  }

  /** Every key main holds (for log redaction). */
  secretValues(): string[] {
    const values = [...this.keys.values()].map((held) => held.key);
    if (this.options.env.OPENAI_API_KEY) values.push(this.options.env.OPENAI_API_KEY);
    return values;
  }

  /** Applies a validated patch and persists it. Refused (AppError) when the file on disk is newer than this build. */
  async update(patch: SettingsPatch): Promise<SettingsView> {
    const next: StoredSettings = { ...this.stored };
    if (patch.language) next.language = patch.language;
    if (patch.theme) next.theme = patch.theme;
    if (patch.maxRequestsPerRun !== undefined) next.maxRequestsPerRun = patch.maxRequestsPerRun;
    if (patch.autoTitle !== undefined) next.autoTitle = patch.autoTitle;
    if (patch.summaryModel !== undefined) {
      if (patch.summaryModel) this.providerOrThrow(patch.summaryModel.providerId);
      next.summaryModel = patch.summaryModel;
    }
    if (patch.currency !== undefined) next.currency = patch.currency;
    if (patch.systemPrompt !== undefined) next.systemPrompt = patch.systemPrompt?.trim() ? patch.systemPrompt : null;
    if (patch.presets) next.presets = patch.presets;
    if (patch.defaultModel) {
      this.providerOrThrow(patch.defaultModel.providerId);
      next.defaultModel = patch.defaultModel;
    }
    await this.commit(next, this.keys);
    return this.view();
  }

  /**
   * Adds or edits one provider. A key belongs to the origin it was entered for: moving the base URL to another origin
   * without a new key drops the stored key — decrypted or not — unless the person confirmed it belongs there too.
   * Other providers and their keys are never touched.
   */
  async saveProvider(input: ProviderInput): Promise<SettingsView> {
    const existing = input.id === undefined ? undefined : this.providerOrThrow(input.id);
    const presetId = input.presetId ?? existing?.presetId ?? 'custom';
    const preset = PROVIDER_PRESETS.find((p) => p.id === presetId);
    const presetChanged = existing !== undefined && presetId !== existing.presetId;
    const baseUrl = input.baseUrl ?? (presetChanged || !existing ? preset?.baseUrl : existing.baseUrl) ?? '';
    if (!originOf(baseUrl)) throw new AppError('invalid_input', mainStrings(this.locale()).invalidInput('baseUrl must be an http(s) URL'));
    const model = input.model ?? (presetChanged || !existing ? preset?.defaultModel : existing.model) ?? '';
    const models = [...new Set([...(input.models ?? existing?.models ?? []), ...(model ? [model] : [])])];
    const nameChanged = input.name !== undefined && input.name.trim() !== '';
    const keepsDefaultName = !existing || existing.name === defaultProviderName(existing.baseUrl, existing.presetId);
    const fromEnv = existing?.id === this.envProviderId() && this.stored.providers.length === 0;

    const provider: StoredProvider = {
      ...(existing && !fromEnv ? existing : storedProvider({ presetId, baseUrl, model, id: existing?.id ?? newProviderId() })),
      presetId,
      baseUrl,
      model,
      models,
      enabled: input.enabled ?? existing?.enabled ?? true,
      ...(input.prices !== undefined && { prices: input.prices }),
      ...(input.takesImages !== undefined && { takesImages: input.takesImages }),
      name: nameChanged ? input.name!.trim() : keepsDefaultName ? defaultProviderName(baseUrl, presetId) : existing.name,
    };
    const keys = new Map(this.keys);
    const origin = originOf(baseUrl)!;
    const keyOrigin = provider.keyOrigin ?? keys.get(provider.id)?.origin;
    if (typeof input.apiKey === 'string' && input.apiKey.length > 0) {
      keys.set(provider.id, { key: input.apiKey, origin });
      await this.sealKey(provider, input.apiKey, origin);
    } else if (input.apiKey === null || (keyOrigin !== undefined && keyOrigin !== origin && !input.keepKeyForNewOrigin)) {
      keys.delete(provider.id);
      delete provider.encryptedApiKey;
      delete provider.keyOrigin;
    } else if (keyOrigin !== undefined && keyOrigin !== origin) {
      // Confirmed by the person: the same key serves the new address.
      if (provider.encryptedApiKey) provider.keyOrigin = origin;
      const held = keys.get(provider.id);
      if (held) keys.set(provider.id, { ...held, origin });
    }

    const next: StoredSettings = { ...this.stored, providers: [...this.stored.providers] };
    const index = next.providers.findIndex((p) => p.id === provider.id);
    if (index === -1) next.providers.push(provider);
    else next.providers[index] = provider;
    const isDefault = next.defaultModel?.providerId === provider.id || (fromEnv && !next.defaultModel) || next.providers.length === 1;
    if (isDefault && model) next.defaultModel = { providerId: provider.id, model };
    await this.commit(next, keys);
    return this.view();
  }

  /** Removes a saved provider and its key. Chats that used it say so on their next send. */
  async deleteProvider(id: string): Promise<SettingsView> {
    const provider = this.providerOrThrow(id);
    if (!this.stored.providers.includes(provider))
      throw new AppError('invalid_input', mainStrings(this.locale()).invalidInput('the environment provider cannot be removed'));
    const keys = new Map(this.keys);
    keys.delete(id);
    const next: StoredSettings = {
      ...this.stored,
      providers: this.stored.providers.filter((p) => p.id !== id),
      defaultModel: this.stored.defaultModel?.providerId === id ? null : this.stored.defaultModel,
    };
    // The environment's provider taken over in Settings kept its id; when it comes back it is not the provider just
    // deleted (it may have been moved to another address), so it gets an id no chat was on.
    if (id === this.envProviderId()) next.envProviderId = `${ENV_PROVIDER_ID}-${newProviderId().slice(2)}`;
    await this.commit(next, keys);
    return this.view();
  }

  /**
   * The model a run talks to: `ref` (or the default model) with its provider's key — only if the key was entered for
   * that provider's origin — and the chat's parameters. A removed, set-aside or disabled provider → `provider_unavailable`
   * naming what happened (a chat never falls back to another provider).
   */
  resolveModel(ref?: ModelRef | null, params: ChatParams = {}): AgentModel {
    const target = ref ?? this.defaultModel();
    const strings = mainStrings(this.locale());
    if (!target) throw new AppError('invalid_input', strings.noProvider());
    const provider = this.providers().find((p) => p.id === target.providerId);
    if (!provider) {
      // Never another provider in its place: the chat says what happened to its own, and the person chooses.
      const setAside = target.providerId === this.envProviderId() && this.envNamesProvider();
      throw new AppError(
        'provider_unavailable',
        setAside ? strings.envProviderSetAside(target.model) : strings.providerMissing(target.model),
      );
    }
    if (!provider.enabled) throw new AppError('provider_unavailable', strings.providerDisabled(provider.name));
    const apiKey = this.keyFor(provider);
    if (lacksKey({ ...provider, hasApiKey: apiKey !== undefined })) throw new AppError('invalid_input', strings.needsKey(provider.name));
    const env = this.options.env;
    return {
      id: target.model,
      providerId: provider.id,
      baseUrl: provider.baseUrl,
      apiKey,
      contextWindow: positiveInt(env.TINY_AGENT_CONTEXT_WINDOW) ?? contextWindowOf(target.model),
      takesImages: takesImages(target.model, provider.takesImages),
      // Empty means the provider's default: nothing is sent (the context policy still keeps room for an answer).
      maxOutputTokens: params.maxOutputTokens ?? positiveInt(env.TINY_AGENT_MAX_OUTPUT_TOKENS),
      requestTimeoutMs: positiveInt(env.TINY_AGENT_REQUEST_TIMEOUT_MS),
      firstTokenTimeoutMs: positiveInt(env.TINY_AGENT_FIRST_TOKEN_TIMEOUT_MS),
      ...(params.temperature !== undefined && { temperature: params.temperature }),
      ...(params.topP !== undefined && { topP: params.topP }),
      ...(params.reasoningEffort !== undefined && { reasoningEffort: params.reasoningEffort }),
    };
  }

  /**
   * Fills a connection probe's missing fields from the saved provider `providerId`. Its saved key is used only when the
   * probed URL has that key's origin.
   */
  completeProbe(probe: ProviderProbe): { baseUrl: string; apiKey?: string; model?: string } {
    // Without a provider id the probe is for a provider being added: it has no saved key yet.
    const provider = probe.providerId === undefined ? undefined : this.providers().find((p) => p.id === probe.providerId);
    const baseUrl = probe.baseUrl ?? provider?.baseUrl ?? PROVIDER_PRESETS[0]!.baseUrl;
    const savedKey = provider && originOf(baseUrl) === originOf(provider.baseUrl) ? this.keyFor(provider) : undefined;
    return { baseUrl, apiKey: probe.apiKey || savedKey, model: probe.model ?? provider?.model };
  }

  /**
   * Saved providers, or the environment's one while nothing is saved — only when the environment names one: with no
   * OPENAI_* variable there is no provider at all (not a stand-in for OpenAI that nobody chose).
   */
  private providers(): StoredProvider[] {
    if (this.stored.providers.length > 0) return this.stored.providers;
    if (!this.envNamesProvider()) return [];
    const env = this.options.env;
    const baseUrl = this.envBaseUrl();
    const preset = PROVIDER_PRESETS.find((p) => p.baseUrl === baseUrl);
    const model = env.OPENAI_MODEL?.trim() || preset?.defaultModel || PROVIDER_PRESETS[0]!.defaultModel;
    return [{ ...storedProvider({ id: this.envProviderId(), presetId: preset?.id ?? 'custom', baseUrl, model }) }];
  }

  /** OPENAI_BASE_URL, OPENAI_API_KEY or OPENAI_MODEL is set. */
  private envNamesProvider(): boolean {
    const env = this.options.env;
    return [env.OPENAI_BASE_URL, env.OPENAI_API_KEY, env.OPENAI_MODEL].some((value) => Boolean(value?.trim()));
  }

  /** The environment's provider's id: ENV_PROVIDER_ID until a provider with that id was deleted. */
  private envProviderId(): string {
    return this.stored.envProviderId ?? ENV_PROVIDER_ID;
  }

  private providerOrThrow(id: string): StoredProvider {
    const provider = this.providers().find((p) => p.id === id);
    if (!provider) throw new AppError('not_found', mainStrings(this.locale()).providerNotFound(id));
    return provider;
  }

  private providerView(provider: StoredProvider): ProviderView {
    return {
      id: provider.id,
      name: provider.name,
      presetId: provider.presetId,
      baseUrl: provider.baseUrl,
      model: provider.model,
      models: provider.models,
      enabled: provider.enabled,
      hasApiKey: this.keyFor(provider) !== undefined,
      fromEnv: this.stored.providers.length === 0,
      ...(provider.prices && Object.keys(provider.prices).length > 0 && { prices: provider.prices }),
      ...(provider.takesImages && Object.keys(provider.takesImages).length > 0 && { takesImages: provider.takesImages }),
    };
  }

  /**
   * The key to send to `provider`, checked before every run: a held key only for the origin it was entered for; the
   * environment's key only for the environment's base URL.
   */
  private keyFor(provider: StoredProvider): string | undefined {
    const origin = originOf(provider.baseUrl);
    const held = this.keys.get(provider.id);
    if (held && origin && held.origin === origin && (provider.keyOrigin === undefined || provider.keyOrigin === origin)) return held.key;
    const envKey = this.options.env.OPENAI_API_KEY?.trim();
    if (envKey && provider.baseUrl === this.envBaseUrl() && !provider.encryptedApiKey) return envKey;
    return undefined;
  }

  private envBaseUrl(): string {
    return (this.options.env.OPENAI_BASE_URL?.trim() || PROVIDER_PRESETS[0]!.baseUrl).replace(/\/+$/, '');
  }

  /** Persists `next` (and adopts `keys`) only if the write succeeds: memory and disk never disagree. */
  private async commit(next: StoredSettings, keys: Map<string, HeldKey>): Promise<void> {
    const refused = this.loadProblem;
    if (refused) throw refused;
    await saveSettingsFile(this.path, next);
    this.stored = next;
    this.keys = keys;
  }

  /** Encrypts `key` into `provider` with the origin it belongs to; without OS encryption nothing is written. */
  private async sealKey(provider: StoredProvider, key: string, origin: string): Promise<void> {
    if (this.encryptionAvailable) {
      provider.encryptedApiKey = (await this.options.secrets.encryptStringAsync(key)).toString('base64');
      provider.keyOrigin = origin;
    } else {
      // Without OS encryption the key lives in memory for this run only; plaintext never reaches the disk.
      delete provider.encryptedApiKey;
      delete provider.keyOrigin;
    }
  }

  /** A key for `provider` at its current origin (migration), held in memory and sealed into the stored record. */
  private async storeKey(provider: StoredProvider, key: string): Promise<void> {
    const origin = originOf(provider.baseUrl);
    if (!origin) return;
    this.keys.set(provider.id, { key, origin });
    await this.sealKey(provider, key, origin);
  }

  /** Decrypts each saved key whose stored origin matches its provider's; a key bound elsewhere is never decrypted. */
  private async decryptSavedKeys(): Promise<void> {
    if (!this.encryptionAvailable) return;
    const log = this.options.log ?? (() => {});
    let reEncrypt = false;
    for (const provider of this.stored.providers) {
      const origin = originOf(provider.baseUrl);
      if (!provider.encryptedApiKey) continue;
      if (!origin || provider.keyOrigin !== origin) {
        log(`The saved API key of "${provider.name}" was entered for another address; it is not used.`);
        continue;
      }
      try {
        const { result, shouldReEncrypt } = await this.options.secrets.decryptStringAsync(Buffer.from(provider.encryptedApiKey, 'base64'));
        this.keys.set(provider.id, { key: result, origin });
        if (shouldReEncrypt) {
          await this.sealKey(provider, result, origin);
          reEncrypt = true;
        }
      } catch {
        log(`The saved API key of "${provider.name}" could not be decrypted; enter it again in Settings.`);
      }
    }
    if (reEncrypt) await this.persist();
  }

  private async persist(): Promise<void> {
    await saveSettingsFile(this.path, this.stored);
  }
}

function positiveInt(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
