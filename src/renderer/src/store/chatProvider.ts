// Whether the open chat (or the new chat) has a model it can send to: no provider exists yet, its provider is listed
// and on, or its provider is gone (removed, or the environment's set aside) or switched off. The header's picker
// shows it and Send refuses on it: a chat never goes to another provider in place of its own.
import type { ModelRef, ProviderView, SettingsView } from '../../../shared/settings';
import type { AppState } from './state';
import { selectNextModel } from './welcomeSlice';

export type ChatProvider =
  /** No provider exists: nothing to choose from until one is set up. */
  | { state: 'none' }
  /** No model chosen and no default (every provider off): the picker asks for one. */
  | { state: 'unchosen' }
  | { state: 'ready'; model: ModelRef; provider: ProviderView }
  | { state: 'gone'; model: ModelRef }
  | { state: 'off'; model: ModelRef; provider: ProviderView };

/** What `model` (the chat's own, else the default) runs on, given the providers main lists. */
export function chatProvider(settings: Pick<SettingsView, 'providers'>, model: ModelRef | null): ChatProvider {
  if (settings.providers.length === 0) return { state: 'none' };
  if (!model) return { state: 'unchosen' };
  const provider = settings.providers.find((p) => p.id === model.providerId);
  if (!provider) return { state: 'gone', model };
  return provider.enabled ? { state: 'ready', model, provider } : { state: 'off', model, provider };
}

/** The open chat's provider state; undefined until settings have loaded. */
export const selectChatProvider = (s: AppState): ChatProvider | undefined =>
  s.settings ? chatProvider(s.settings, selectNextModel(s)) : undefined;
