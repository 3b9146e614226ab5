// First run: the one rule for "no provider configured" and the local model servers main may offer. The renderer's
// send guard, the welcome panel and main's check before a chat is created all decide with these functions.
import { PROVIDER_PRESETS, type ModelRef, type ProviderPresetId, type ProviderView, type SettingsView } from './settings.js';

/** What readiness looks at: the provider's preset, whether it is on, whether a key is held for its address. */
export type ProviderReadiness = Pick<ProviderView, 'presetId' | 'enabled' | 'hasApiKey'>;

/**
 * A cloud preset (OpenAI, DeepSeek, …) cannot answer without an API key. Local servers (Ollama, LM Studio) need none,
 * and neither does a custom address: the person set that server up and knows whether it asks for one.
 */
export function presetNeedsKey(presetId: ProviderPresetId): boolean {
  return PROVIDER_PRESETS.find((preset) => preset.id === presetId)?.needsKey ?? false;
}

/** The provider needs a key and holds none: any request to it would fail before reaching a model. */
export function lacksKey(provider: ProviderReadiness): boolean {
  return presetNeedsKey(provider.presetId) && !provider.hasApiKey;
}

/** The provider can answer: it is enabled and holds a key or needs none. */
export function providerReady(provider: ProviderReadiness): boolean {
  return provider.enabled && !lacksKey(provider);
}

/** "No provider configured": not one provider can answer (the welcome panel shows instead of a failing request). */
export function noProviderReady(settings: Pick<SettingsView, 'providers'>): boolean {
  return !settings.providers.some(providerReady);
}

/**
 * A send on `model` (the default model when absent) must stop at the welcome panel: no provider can answer at all,
 * or the chat's own provider needs a key and has none. A chat whose provider was removed or switched off is not a
 * setup problem: main names that cause.
 */
export function sendNeedsSetup(settings: Pick<SettingsView, 'providers' | 'defaultModel'>, model?: ModelRef | null): boolean {
  if (noProviderReady(settings)) return true;
  const providerId = (model ?? settings.defaultModel)?.providerId;
  const target = settings.providers.find((provider) => provider.id === providerId);
  return target !== undefined && target.enabled && lacksKey(target);
}

/** The presets main looks for on this computer's loopback address. */
export type LocalPresetId = Extract<ProviderPresetId, 'ollama' | 'lmstudio'>;

/** A model server answering on 127.0.0.1, with the models it listed. */
export interface LocalServer {
  presetId: LocalPresetId;
  /** `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  /** In the order the server lists them: its first (for Ollama, the one used or pulled last) is the one offered. */
  models: string[];
}
