// Settings as the renderer sees them: providers, the default model, prompt presets. API keys are write-only: the
// renderer learns only whether one is set.
import type { CurrencySymbol, ModelPrices } from './usage.js';

export type ProviderPresetId =
  'openai' | 'deepseek' | 'qwen' | 'moonshot' | 'siliconflow' | 'openrouter' | 'ollama' | 'lmstudio' | 'custom';

export interface ProviderPreset {
  id: ProviderPresetId;
  label: string;
  baseUrl: string;
  defaultModel: string;
  /** Local servers work without a key. */
  needsKey: boolean;
}

export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  { id: 'openai', label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', defaultModel: 'gpt-4o-mini', needsKey: true },
  { id: 'deepseek', label: 'DeepSeek', baseUrl: 'https://api.deepseek.com/v1', defaultModel: 'deepseek-chat', needsKey: true },
  {
    id: 'qwen',
    label: 'Qwen (DashScope)',
    baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    defaultModel: 'qwen-plus',
    needsKey: true,
  },
  { id: 'moonshot', label: 'Moonshot', baseUrl: 'https://api.moonshot.cn/v1', defaultModel: 'moonshot-v1-8k', needsKey: true },
  {
    id: 'siliconflow',
    label: 'SiliconFlow',
    baseUrl: 'https://api.siliconflow.cn/v1',
    defaultModel: 'deepseek-ai/DeepSeek-V3',
    needsKey: true,
  },
  { id: 'openrouter', label: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', defaultModel: 'openai/gpt-4o-mini', needsKey: true },
  { id: 'ollama', label: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1', defaultModel: 'llama3.1', needsKey: false },
  { id: 'lmstudio', label: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1', defaultModel: 'local-model', needsKey: false },
  { id: 'custom', label: 'Custom', baseUrl: '', defaultModel: '', needsKey: false },
];

export type LanguageSetting = 'system' | 'zh-CN' | 'en';
export type ThemeSetting = 'system' | 'light' | 'dark';
export type Locale = 'zh-CN' | 'en';

/** A model of one provider: what a chat runs on. `model` is the id as the provider names it. */
export interface ModelRef {
  providerId: string;
  model: string;
}

export type ReasoningEffort = 'low' | 'medium' | 'high';

/** Request parameters of a chat or a preset; an absent field means the provider's default (nothing is sent). */
export interface ChatParams {
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
  /** Sent as `reasoning_effort` only when set; absent = off. */
  reasoningEffort?: ReasoningEffort;
}

/**
 * The id of the provider taken from OPENAI_BASE_URL / OPENAI_API_KEY / OPENAI_MODEL while nothing is saved (listed only
 * when one of them is set). Once a saved provider with this id is deleted, the environment's provider gets another id.
 */
export const ENV_PROVIDER_ID = 'env';

/** One provider as the renderer sees it. Its key never reaches the renderer: only whether one is stored. */
export interface ProviderView {
  id: string;
  /** Shown in lists; defaults from the base URL's host. */
  name: string;
  presetId: ProviderPresetId;
  baseUrl: string;
  /** The model a new chat on this provider starts with. */
  model: string;
  /** Models to choose from per chat: listed by the endpoint and typed by hand (always includes `model`). */
  models: string[];
  enabled: boolean;
  /** Whether a key is stored for this provider's origin (or comes from OPENAI_API_KEY). */
  hasApiKey: boolean;
  /** The environment's provider: listed while nothing is saved; saving it turns it into a saved one. */
  fromEnv: boolean;
  /** Prices the person set for some of its models (per million tokens; absent: none); other models' answers show no cost. */
  prices?: ModelPrices;
  /** Whether a model takes images, for the models the person set (others: `guessTakesImages`, model-images.ts). */
  takesImages?: Record<string, boolean>;
}

/** A named system prompt with an optional model and parameters, to start a chat from ("assistants"). */
export interface PromptPreset {
  id: string;
  name: string;
  systemPrompt: string;
  model?: ModelRef;
  params: ChatParams;
}

export interface SettingsView {
  /**
   * Saved providers in the order the person arranged them; while nothing is saved, the environment's one if OPENAI_*
   * names it, else none (no provider exists yet).
   */
  providers: ProviderView[];
  /** What a new chat starts with; `null` when no provider is usable. */
  defaultModel: ModelRef | null;
  /** The person's presets, or the shipped ones (in the current locale) until they change any. */
  presets: PromptPreset[];
  /** The default system prompt for new sessions; `null` means the built-in one for the current locale. */
  systemPrompt: string | null;
  language: LanguageSetting;
  theme: ThemeSetting;
  /** The locale main resolved from `language` and the system locale. */
  locale: Locale;
  /** False when the OS offers no encryption; keys are then kept only for this run, never written in plaintext. */
  secretsEncrypted: boolean;
  /** Most model requests one run may make (tool-call rounds included) before it ends with a notice. */
  maxRequestsPerRun: number;
  /** After a chat's first answer its model writes the chat's name, unless the person named it. */
  autoTitle: boolean;
  /** The model that writes summaries of long chats; `null`: each chat's own model (also when the chosen one's provider is gone). */
  summaryModel: ModelRef | null;
  /** Shown before every cost. */
  currency: CurrencySymbol;
}

/** Default and bounds of `maxRequestsPerRun`. */
export const REQUESTS_PER_RUN = { default: 25, min: 1, max: 1_000 } as const;

export interface SettingsPatch {
  defaultModel?: ModelRef;
  /** Replaces the whole preset list. */
  presets?: PromptPreset[];
  systemPrompt?: string | null;
  language?: LanguageSetting;
  theme?: ThemeSetting;
  maxRequestsPerRun?: number;
  autoTitle?: boolean;
  /** `null`: summaries by each chat's own model again. */
  summaryModel?: ModelRef | null;
  currency?: CurrencySymbol;
}

/** Adds (no `id`) or edits (with `id`) one provider. Absent fields keep their value (a new one gets defaults). */
export interface ProviderInput {
  id?: string;
  presetId?: ProviderPresetId;
  name?: string;
  baseUrl?: string;
  model?: string;
  models?: string[];
  enabled?: boolean;
  /** A new key; `null` removes the stored key; absent leaves it unchanged. */
  apiKey?: string | null;
  /**
   * Only read when `baseUrl` moves to another origin while a key is stored and no new key is given: true keeps the
   * key for the new address (the person confirmed it belongs there); otherwise the key is dropped.
   */
  keepKeyForNewOrigin?: boolean;
  /** Replaces the provider's whole price list. */
  prices?: ModelPrices;
  /** Replaces the provider's whole "takes images" list (models absent from it: guessed from their id). */
  takesImages?: Record<string, boolean>;
}

export interface ConnectionTestResult {
  ok: boolean;
  /** Readable, in the user's language. */
  message: string;
  /** Models the endpoint listed, when it answered. */
  modelCount?: number;
}

/** `scheme://host[:port]` of a base URL — what a key is bound to; undefined when it is not a URL. */
export function originOf(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** A provider's default name: its preset's label, else the base URL's host. */
export function defaultProviderName(baseUrl: string, presetId?: ProviderPresetId): string {
  const preset =
    PROVIDER_PRESETS.find((p) => p.id === presetId && p.id !== 'custom') ??
    PROVIDER_PRESETS.find((p) => p.id !== 'custom' && p.baseUrl === baseUrl);
  if (preset) return preset.label;
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}
