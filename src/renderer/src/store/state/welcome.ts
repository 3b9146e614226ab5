// Contract of the welcome slice: the first-run panel, what the person chose in it, and the local servers found.
import type { IpcResult } from '../../../../shared/errors';
import type { LocalServer } from '../../../../shared/first-run';
import type { ProviderPresetId, SettingsView } from '../../../../shared/settings';

/** What the person chose in the welcome panel. */
export interface WelcomeChoice {
  presetId: ProviderPresetId;
  baseUrl: string;
  /** Empty for a server that needs none. */
  apiKey: string;
  model: string;
  /** Models the endpoint listed (offered per chat later). */
  models: string[];
}

export interface WelcomeData {
  /** Asked for: by a send that could not reach a model, or by the setup hint. */
  welcomeOpen: boolean;
  /** The person closed the first-run panel for now; a send or the hint brings it back. */
  welcomeDismissed: boolean;
  /** Local servers found on this computer; null until looked for. */
  localServers: LocalServer[] | null;
}

export interface WelcomeActions {
  openWelcome(): void;
  closeWelcome(): void;
  /** Asks main which local servers answer on 127.0.0.1; a failed ask finds none. */
  detectLocalServers(): Promise<void>;
  /** Saves the choice as a provider (or the key into the chat's own provider), makes it the default and closes. */
  finishWelcome(choice: WelcomeChoice): Promise<IpcResult<SettingsView>>;
}

export type WelcomeSlice = WelcomeData & WelcomeActions;
