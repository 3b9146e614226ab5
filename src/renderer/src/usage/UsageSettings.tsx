// Settings for chat names and cost: whether a chat's model names it after the first answer, and the currency symbol
// costs are shown with. Each saves as soon as it is changed, like the default model.
import { useId, useState, type JSX } from 'react';
import type { SettingsPatch, SettingsView } from '../../../shared/settings';
import { CURRENCY_SYMBOLS, type CurrencySymbol } from '../../../shared/usage';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { FormError } from '../ui/FormError';

export function UsageSettings({ settings }: { settings: SettingsView }): JSX.Element {
  const t = useT();
  const id = useId();
  const updateSettings = useAppState((s) => s.updateSettings);
  const [error, setError] = useState<string | null>(null);
  const save = async (patch: SettingsPatch) => {
    const result = await updateSettings(patch);
    setError(result.ok ? null : t('usage.saveFailed', { message: result.error.message }));
  };
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settings-subtitle">
        {t('usage.settingsSection')}
      </h3>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="settings-auto-title"
            aria-describedby={`${id}-title-hint`}
            checked={settings.autoTitle}
            onChange={(event) => void save({ autoTitle: event.target.checked })}
          />
          {t('usage.autoTitle')}
        </label>
        <p id={`${id}-title-hint`} className="hint">
          {t('usage.autoTitleHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-currency`}>{t('usage.currency')}</label>
        <select
          id={`${id}-currency`}
          data-testid="settings-currency"
          value={settings.currency}
          onChange={(event) => void save({ currency: event.target.value as CurrencySymbol })}
        >
          {CURRENCY_SYMBOLS.map((symbol) => (
            <option key={symbol} value={symbol}>
              {symbol}
            </option>
          ))}
        </select>
      </div>
      <FormError>{error}</FormError>
    </section>
  );
}
