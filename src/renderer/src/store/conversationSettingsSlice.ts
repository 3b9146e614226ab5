// The store slice for providers, prompt presets and per-chat settings (model, system prompt, parameters). A chat
// not yet created keeps its choices in `newChatSettings` until its first send creates it in main with them.
import type { StateCreator } from 'zustand';
import type { IpcResult } from '../../../shared/errors';
import type { ChatSettingsPatch } from '../../../shared/sessions';
import type { SettingsView } from '../../../shared/settings';
import { NEW_CHAT_KEY, sessionKey } from './openSession';
import { without } from './records';
import { settingsApplied } from './settingsSlice';
import type { AppState, ConversationSettingsData, ConversationSettingsSlice } from './state';

export function initialConversationSettings(): ConversationSettingsData {
  return { newChatSettings: {}, chatSettingsOpen: false, modelPickerOpen: false };
}

export const createConversationSettingsSlice: StateCreator<AppState, [], [], ConversationSettingsSlice> = (set, get) => {
  const api = () => window.api;
  const withSettings = async (work: Promise<IpcResult<SettingsView>>) => {
    const result = await work;
    if (result.ok) set(settingsApplied(result.value));
    return result;
  };
  /** Applies a chat change to the open stored chat, or to the new chat's choices. */
  const changeChat = async (patch: ChatSettingsPatch): Promise<IpcResult<unknown>> => {
    const sessionId = get().currentSession.id;
    if (sessionId === null) {
      set((s) => ({ newChatSettings: { ...s.newChatSettings, ...patch }, errors: modelChosen(s.errors, NEW_CHAT_KEY, patch) }));
      return { ok: true, value: undefined };
    }
    const result = await api().updateChat({ sessionId, ...patch });
    if (!result.ok) {
      set((s) => ({
        errors: { ...s.errors, [sessionId]: { code: result.error.code, message: result.error.message, unsentText: '', retry: null } },
      }));
      return result;
    }
    set((s) => ({
      errors: modelChosen(s.errors, sessionId, patch),
      ...(s.currentSession.id === sessionId && {
        currentSession: { ...s.currentSession, chat: result.value.chat, systemPrompt: result.value.systemPrompt },
      }),
    }));
    return result;
  };

  return {
    ...initialConversationSettings(),
    saveProvider: (input) => withSettings(api().saveProvider(input)),
    deleteProvider: (providerId) => withSettings(api().deleteProvider({ providerId })),
    async setChatModel(model) {
      await changeChat({ model });
    },
    saveChatSettings: (patch) => changeChat(patch),
    setChatSettingsOpen: (chatSettingsOpen) => set({ chatSettingsOpen }),
    setModelPickerOpen: (modelPickerOpen) => set({ modelPickerOpen }),
    startFromPreset(preset) {
      if (get().isSessionLoading) return;
      get().newChat();
      set((s) => ({
        newChatSettings: { systemPrompt: preset.systemPrompt, params: preset.params, ...(preset.model && { model: preset.model }) },
        settingsOpen: false,
        errors: without(s.errors, sessionKey(s.currentSession)),
      }));
    },
  };
};

/** A model chosen for the chat answers its "provider not available" banner: that banner goes. */
function modelChosen(errors: AppState['errors'], key: string, patch: ChatSettingsPatch): AppState['errors'] {
  return patch.model && errors[key]?.code === 'provider_unavailable' ? without(errors, key) : errors;
}
