// Settings' questions to a provider — which models it lists, whether a connection works — answered in the
// user's language. Unsaved fields fall back to the saved provider (its key only for its own base URL).
import { AppError } from '../../shared/errors.js';
import type { ProviderProbe } from '../../shared/ipc.js';
import type { ConnectionTestResult } from '../../shared/settings.js';
import type { MainStrings } from '../i18n.js';
import { listModels, ProviderRequestError, testConnection } from '../llm/index.js';
import type { SettingsService } from './settings-service.js';

export interface ProviderCheck {
  /** Model ids the provider lists; a failure is an AppError('provider') naming the cause. */
  listModels(probe: ProviderProbe): Promise<string[]>;
  /** Never throws: the result says what worked or what failed. */
  testConnection(probe: ProviderProbe): Promise<ConnectionTestResult>;
}

export function createProviderCheck(settings: SettingsService, strings: () => MainStrings): ProviderCheck {
  return {
    async listModels(probe) {
      const target = settings.completeProbe(probe);
      try {
        return await listModels({ baseUrl: target.baseUrl, apiKey: target.apiKey });
      } catch (error) {
        const code = error instanceof ProviderRequestError ? error.code : 'unknown';
        const s = strings();
        const detail = error instanceof Error ? ` (${s.providerDetail(error.message)})` : '';
        throw new AppError('provider', `${s.provider(code)}${detail}`);
      }
    },
    async testConnection(probe) {
      const target = settings.completeProbe(probe);
      const result = await testConnection(target);
      const s = strings();
      if (!result.ok)
        return {
          ok: false,
          message: `${s.provider(result.code ?? 'unknown')}${result.message ? ` (${s.providerDetail(result.message)})` : ''}`,
        };
      const count = result.modelCount ?? 0;
      const modelMissing = result.modelFound === false && target.model;
      return {
        ok: true,
        message: modelMissing ? s.connectionOkModelMissing(count, target.model!) : s.connectionOk(count),
        modelCount: count,
      };
    },
  };
}
