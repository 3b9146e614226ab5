// Settings as the renderer sees them. The API key is write-only: the renderer learns only whether one is set.

export type ProviderPresetId =
  | 'openai'
  | 'deepseek'
  | 'qwen'
  | 'moonshot'
  | 'siliconflow'
  | 'openrouter'
  | 'ollama'
  | 'lmstudio'
  | 'custom';

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
  { id: 'qwen', label: 'Qwen (DashScope)', baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1', defaultModel: 'qwen-plus', needsKey: true },
  { id: 'moonshot', label: 'Moonshot', baseUrl: 'https://api.moonshot.cn/v1', defaultModel: 'moonshot-v1-8k', needsKey: true },
  { id: 'siliconflow', label: 'SiliconFlow', baseUrl: 'https://api.siliconflow.cn/v1', defaultModel: 'deepseek-ai/DeepSeek-V3', needsKey: true },
  { id: 'openrouter', label: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', defaultModel: 'openai/gpt-4o-mini', needsKey: true },
  { id: 'ollama', label: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1', defaultModel: 'llama3.1', needsKey: false },
  { id: 'lmstudio', label: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1', defaultModel: 'local-model', needsKey: false },
  { id: 'custom', label: 'Custom', baseUrl: '', defaultModel: '', needsKey: false },
];

export type LanguageSetting = 'system' | 'zh-CN' | 'en';
export type ThemeSetting = 'system' | 'light' | 'dark';
export type Locale = 'zh-CN' | 'en';

export interface ProviderView {
  presetId: ProviderPresetId;
  baseUrl: string;
  model: string;
  /** Whether a key is stored (or comes from OPENAI_API_KEY). The key itself never reaches the renderer. */
  hasApiKey: boolean;
}

export interface SettingsView {
  provider: ProviderView;
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
}

/** Default and bounds of `maxRequestsPerRun`. */
export const REQUESTS_PER_RUN = { default: 25, min: 1, max: 1_000 } as const;

export interface SettingsPatch {
  provider?: {
    presetId?: ProviderPresetId;
    baseUrl?: string;
    model?: string;
    /** A new key; `null` removes the stored key; absent leaves it unchanged. */
    apiKey?: string | null;
  };
  systemPrompt?: string | null;
  language?: LanguageSetting;
  theme?: ThemeSetting;
  maxRequestsPerRun?: number;
}

export interface ConnectionTestResult {
  ok: boolean;
  /** Readable, in the user's language. */
  message: string;
  /** Models the endpoint listed, when it answered. */
  modelCount?: number;
}
