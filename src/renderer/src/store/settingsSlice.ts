// The app's settings as main keeps them (never an API key), the language and theme they resolve to, the settings
// dialog, and the calls that test a provider before it is saved.
import type { StateCreator, StoreApi } from 'zustand';
import type { LanguageSetting, Locale, SettingsView } from '../../../shared/settings';
import { systemLocale } from '../i18n';
import { showIpcError } from './bannersSlice';
import { sessionKey } from './openSession';
import type { AppState, SettingsSlice } from './state';

export function settingsInitial(): Pick<SettingsSlice, 'settings' | 'locale' | 'theme' | 'settingsOpen'> {
  return { settings: null, locale: systemLocale(), theme: 'system', settingsOpen: false };
}

export function resolveLocale(language: LanguageSetting): Locale {
  return language === 'system' ? systemLocale() : language;
}

/** What a settings answer from main changes: the settings, and the language and theme they choose. */
export function settingsApplied(settings: SettingsView): Pick<SettingsSlice, 'settings' | 'locale' | 'theme'> {
  return { settings, locale: resolveLocale(settings.language), theme: settings.theme };
}

/** Loads the settings; a failure shows in the open session's banner. */
export async function loadSettings(store: Pick<StoreApi<AppState>, 'setState' | 'getState'>): Promise<void> {
  const result = await window.api.getSettings();
  if (result.ok) store.setState(settingsApplied(result.value));
  else showIpcError(store, sessionKey(store.getState().currentSession), result.error);
}

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set, get, store) => ({
  ...settingsInitial(),

  async updateSettings(patch) {
    const result = await window.api.updateSettings(patch);
    if (result.ok) set(settingsApplied(result.value));
    return result;
  },

  listModels: (probe) => window.api.listModels(probe),
  testConnection: (probe) => window.api.testConnection(probe),

  setSettingsOpen(settingsOpen) {
    set({ settingsOpen });
    // The first load may have failed; the dialog would otherwise wait forever.
    if (settingsOpen && !get().settings) void loadSettings(store);
  },
});
