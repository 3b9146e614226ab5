// Contract of the settings slice: the app's settings as main keeps them, the language and theme, the settings dialog.
import type { IpcResult } from '../../../../shared/errors';
import type { ProviderProbe } from '../../../../shared/ipc';
import type { ConnectionTestResult, Locale, SettingsPatch, SettingsView, ThemeSetting } from '../../../../shared/settings';

export interface SettingsSlice {
  settings: SettingsView | null;
  locale: Locale;
  theme: ThemeSetting;
  settingsOpen: boolean;
  updateSettings(patch: SettingsPatch): Promise<IpcResult<SettingsView>>;
  listModels(probe: ProviderProbe): Promise<IpcResult<string[]>>;
  testConnection(probe: ProviderProbe): Promise<IpcResult<ConnectionTestResult>>;
  /** Opening also loads the settings if they are not there yet. */
  setSettingsOpen(open: boolean): void;
}
