// The models a chat can run on, grouped by provider (enabled ones only), and filtering for the picker.
import type { ModelRef, ProviderView } from '../../../../shared/settings';

export interface ModelGroup {
  provider: ProviderView;
  options: ModelRef[];
}

/** Enabled providers with their models, in Settings' order; a provider's default model is always offered. */
export function modelGroups(providers: readonly ProviderView[], filter = ''): ModelGroup[] {
  const needle = filter.trim().toLowerCase();
  const groups: ModelGroup[] = [];
  for (const provider of providers) {
    if (!provider.enabled) continue;
    const names = [...new Set([provider.model, ...provider.models].filter(Boolean))];
    const providerMatches = needle !== '' && provider.name.toLowerCase().includes(needle);
    const options = names
      .filter((model) => needle === '' || providerMatches || model.toLowerCase().includes(needle))
      .map((model) => ({ providerId: provider.id, model }));
    if (options.length) groups.push({ provider, options });
  }
  return groups;
}

/** A stable key for a model of a provider. */
export function refKey(ref: ModelRef): string {
  return `${ref.providerId}\u0000${ref.model}`;
}
