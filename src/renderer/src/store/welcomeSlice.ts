// First run: the welcome panel (pick a preset or a detected local server, paste a key, test it, pick a model) shown
// while no provider can answer, and the send guard that opens it instead of sending a request bound to fail.
import type { StateCreator } from 'zustand';
import { lacksKey, noProviderReady, sendNeedsSetup } from '../../../shared/first-run';
import type { ModelRef, ProviderView } from '../../../shared/settings';
import type { AppState, WelcomeData, WelcomeSlice } from './state';

export function initialWelcome(): WelcomeData {
  return { welcomeOpen: false, welcomeDismissed: false, localServers: null };
}

/** The model the open chat (or the new chat) runs on next: its own choice, else Settings' default. */
export const selectNextModel = (s: AppState): ModelRef | null =>
  (s.currentSession.id === null ? s.newChatSettings.model : s.currentSession.chat.model) ?? s.settings?.defaultModel ?? null;

/** A send from the open chat would stop at the welcome panel (unknown while settings have not loaded). */
export const selectSendNeedsSetup = (s: AppState): boolean => s.settings !== null && sendNeedsSetup(s.settings, selectNextModel(s));

/** The provider the open chat would use when it only lacks its key: the panel fills that one in. */
export const selectKeylessTarget = (s: AppState): ProviderView | undefined => {
  const providerId = selectNextModel(s)?.providerId;
  const provider = s.settings?.providers.find((p) => p.id === providerId);
  return provider && provider.enabled && lacksKey(provider) ? provider : undefined;
};

/**
 * The panel is shown in place of the conversation when asked for, or while no provider can answer and the person has
 * not closed it. Never over Settings (the fuller form of the same thing) or in a window that cannot save anything.
 */
export const selectWelcomeShown = (s: AppState): boolean =>
  s.settings !== null &&
  !s.settingsOpen &&
  !s.appProblems.includes('locked') &&
  (s.welcomeOpen || (noProviderReady(s.settings) && !s.welcomeDismissed));

export const createWelcomeSlice: StateCreator<AppState, [], [], WelcomeSlice> = (set, get) => {
  return {
    ...initialWelcome(),
    openWelcome: () => set({ welcomeOpen: true }),
    closeWelcome: () => set({ welcomeOpen: false, welcomeDismissed: true }),

    async detectLocalServers() {
      const result = await window.api.detectLocalServers();
      set({ localServers: result.ok ? result.value : [] });
    },

    async finishWelcome(choice) {
      const before = get().settings?.providers.map((p) => p.id) ?? [];
      const target = selectKeylessTarget(get());
      const fillTarget = target !== undefined && target.presetId === choice.presetId;
      const key = choice.apiKey.trim() ? { apiKey: choice.apiKey.trim() } : {};
      const saved = await get().saveProvider(
        fillTarget
          ? { id: target.id, ...key, model: choice.model, models: choice.models }
          : { presetId: choice.presetId, baseUrl: choice.baseUrl, ...key, model: choice.model, models: choice.models },
      );
      if (!saved.ok) return saved;
      const providerId = fillTarget ? target.id : saved.value.providers.find((p) => !before.includes(p.id))?.id;
      if (providerId === undefined) return saved;
      const ref: ModelRef = { providerId, model: choice.model };
      const result = await get().updateSettings({ defaultModel: ref });
      if (!result.ok) return result;
      // The open chat still on a provider that cannot answer moves to the one just set up.
      if (selectSendNeedsSetup(get())) await get().setChatModel(ref);
      set({ welcomeOpen: false, welcomeDismissed: false });
      return result;
    },
  };
};
