// Settings' list of providers (the environment's one while nothing is saved), "Add provider", and the default model
// for new chats. Editing happens in ProviderEditor; the default model is saved as soon as it is chosen.
import { useId, useState, type JSX } from 'react';
import type { ModelRef, SettingsView } from '../../../../../shared/settings';
import { useT } from '../../../i18n';
import { useAppState } from '../../../store/appState';
import { PencilIcon, PlusIcon } from '../../../ui/icons';
import { modelGroups, refKey } from '../../chat-settings/modelGroups';
import { ModelOptions } from '../../chat-settings/ModelOptions';
import { FormError } from '../../../ui/FormError';

export function ProvidersSection({
  settings,
  onEdit,
}: {
  settings: SettingsView;
  onEdit: (providerId: string | null) => void;
}): JSX.Element {
  const t = useT();
  const id = useId();
  const updateSettings = useAppState((s) => s.updateSettings);
  // The welcome panel again, for a newcomer who chose "Later" or wants its guided setup for another provider.
  const setSettingsOpen = useAppState((s) => s.setSettingsOpen);
  const showWelcome = useAppState((s) => s.openWelcome);
  const openWelcome = () => {
    setSettingsOpen(false);
    showWelcome();
  };
  const [error, setError] = useState<string | null>(null);
  const groups = modelGroups(settings.providers);
  const current = settings.defaultModel;

  const chooseDefault = async (key: string) => {
    const ref = groups.flatMap((group) => group.options).find((option) => refKey(option) === key);
    if (!ref) return;
    const result = await updateSettings({ defaultModel: { providerId: ref.providerId, model: ref.model } satisfies ModelRef });
    setError(result.ok ? null : t('settings.saveFailed', { message: result.error.message }));
  };

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h3 id={`${id}-title`} className="settings-subtitle">
          {t('providers.section')}
        </h3>
        <div className="section-actions">
          <button type="button" className="button" data-testid="settings-open-welcome" onClick={openWelcome}>
            {t('welcome.reopen')}
          </button>
          <button type="button" className="button" data-testid="settings-provider-add" onClick={() => onEdit(null)}>
            <PlusIcon />
            {t('providers.add')}
          </button>
        </div>
      </div>
      <ul className="provider-list">
        {settings.providers.map((provider) => (
          <li
            key={provider.id}
            className="provider-row"
            data-testid="settings-provider"
            data-provider-id={provider.id}
            data-enabled={provider.enabled}
          >
            <button
              type="button"
              className="provider-open"
              // Named by what it shows (name, address, state), as voice control users read it; the title says what it does.
              title={t('providers.edit', { name: provider.name })}
              onClick={() => onEdit(provider.id)}
            >
              <span className="provider-name">{provider.name}</span>
              <span className="provider-url">{provider.baseUrl}</span>
              <span className="provider-tags">
                {current?.providerId === provider.id && <span className="tag accent">{t('providers.default')}</span>}
                {!provider.enabled && <span className="tag">{t('providers.off')}</span>}
                {provider.fromEnv && <span className="tag">{t('providers.fromEnv')}</span>}
                <span className="tag">{provider.hasApiKey ? t('providers.keySet') : t('providers.noKey')}</span>
                <span className="tag">{t('providers.modelCount', { count: provider.models.length })}</span>
              </span>
              <PencilIcon />
            </button>
          </li>
        ))}
      </ul>
      <div className="field">
        <label htmlFor={`${id}-default`}>{t('providers.defaultModel')}</label>
        <select
          id={`${id}-default`}
          data-testid="settings-default-model"
          value={current ? refKey(current) : ''}
          onChange={(event) => void chooseDefault(event.target.value)}
        >
          {!current && <option value="">{t('providers.noModels')}</option>}
          <ModelOptions groups={groups} />
        </select>
      </div>
      <FormError>{error}</FormError>
    </section>
  );
}
