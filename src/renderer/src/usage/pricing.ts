// Prices and the currency as the views need them, read from the settings in the store; cost is computed where it is
// shown, so a price set today also prices the answers already on screen.
import type { SettingsView } from '../../../shared/settings';
import { CURRENCY_SYMBOLS, priceFor, type ModelPrice } from '../../../shared/usage';
import { useAppState } from '../store/appState';

/** The price of `model` of provider `providerId` (undefined: none set, or settings not loaded). */
export function priceIn(settings: SettingsView | null, providerId: string | undefined, model: string): ModelPrice | undefined {
  return settings ? priceFor(settings.providers, providerId, model) : undefined;
}

export function usePrice(providerId: string | undefined, model: string): ModelPrice | undefined {
  return useAppState((s) => priceIn(s.settings, providerId, model));
}

export function useCurrency(): string {
  return useAppState((s) => s.settings?.currency ?? CURRENCY_SYMBOLS[0]);
}
