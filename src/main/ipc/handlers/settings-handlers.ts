// The IPC handlers of settings, providers and models: each hands its request to the settings service or the check
// of a provider.
import type { LocalDetectOptions } from '../../settings/local-detect.js';
import { detectLocalServers } from '../../settings/local-detect.js';
import type { createProviderCheck } from '../../settings/provider-check.js';
import type { SettingsService } from '../../settings/settings-service.js';
import type { InvokeHandlers } from '../router.js';

export function settingsHandlers(
  settings: SettingsService,
  providers: ReturnType<typeof createProviderCheck>,
  localServerPorts: LocalDetectOptions['ports'],
) {
  return {
    getSettings: () => settings.view(),
    updateSettings: (patch) => settings.update(patch),
    saveProvider: (input) => settings.saveProvider(input),
    deleteProvider: ({ providerId }) => settings.deleteProvider(providerId),
    listModels: (probe) => providers.listModels(probe),
    testConnection: (probe) => providers.testConnection(probe),
    detectLocalServers: () => detectLocalServers({ ports: localServerPorts }),
  } satisfies Partial<InvokeHandlers>;
}
