// Contract of the conversation-settings slice: providers, prompt presets and the open (or new) chat's own settings.
import type { IpcResult } from '../../../../shared/errors';
import type { ChatSettingsPatch } from '../../../../shared/sessions';
import type { ModelRef, PromptPreset, ProviderInput, SettingsView } from '../../../../shared/settings';

export interface ConversationSettingsData {
  /** Model, system prompt and parameters chosen for the new chat (sent with its creation). */
  newChatSettings: ChatSettingsPatch;
  chatSettingsOpen: boolean;
  /** The header's model list is open (the picker, or a banner's "Choose a model", opens it). */
  modelPickerOpen: boolean;
}

export interface ConversationSettingsActions {
  /** Adds or edits a provider; the answer carries the updated settings (or the error to show). */
  saveProvider(input: ProviderInput): Promise<IpcResult<SettingsView>>;
  deleteProvider(providerId: string): Promise<IpcResult<SettingsView>>;
  /** The open chat's model from its next run on (the new chat's until it is created). */
  setChatModel(model: ModelRef): Promise<void>;
  /** The open chat's system prompt and parameters from its next run on. */
  saveChatSettings(patch: Required<Pick<ChatSettingsPatch, 'systemPrompt' | 'params'>>): Promise<IpcResult<unknown>>;
  setChatSettingsOpen(open: boolean): void;
  setModelPickerOpen(open: boolean): void;
  /** Opens a new chat set up from `preset`: its system prompt, model (if any) and parameters. */
  startFromPreset(preset: PromptPreset): void;
}

export type ConversationSettingsSlice = ConversationSettingsData & ConversationSettingsActions;
