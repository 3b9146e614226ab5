// Points to Settings when the default provider needs an API key and none is saved.
import type { JSX } from 'react';
import { PROVIDER_PRESETS } from '../../../shared/settings';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';

export function SetupHint(): JSX.Element | null {
  const t = useT();
  const provider = useAppState((s) => s.settings?.providers.find((p) => p.id === s.settings?.defaultModel?.providerId));
  const setSettingsOpen = useAppState((s) => s.setSettingsOpen);
  const preset = PROVIDER_PRESETS.find((p) => p.id === provider?.presetId);
  if (!provider || !preset?.needsKey || provider.hasApiKey) return null;
  return (
    <div className="setup-hint" data-testid="setup-hint">
      <span>{t('setup.needKey', { provider: preset.label })}</span>
      <button type="button" className="button" onClick={() => setSettingsOpen(true)}>
        {t('setup.openSettings')}
      </button>
    </div>
  );
}
