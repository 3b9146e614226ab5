// Settings for long chats: which model writes the summary of a chat's oldest messages — each chat's own (the
// default) or one chosen here. Saved as soon as it is chosen, like the default model.
import { useId, useState, type JSX } from 'react';
import type { SettingsView } from '../../../../shared/settings';
import { ModelOptions } from '../../components/chat-settings/ModelOptions';
import { modelGroups, refKey } from '../../components/chat-settings/modelGroups';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';
import { FormError } from '../../ui/FormError';

/** The value of "each chat's own model" in the select (no model key is empty). */
const CHAT_MODEL = '';

export function SummaryModelSettings({ settings }: { settings: SettingsView }): JSX.Element {
  const t = useT();
  const id = useId();
  const updateSettings = useAppState((s) => s.updateSettings);
  const [error, setError] = useState<string | null>(null);
  const groups = modelGroups(settings.providers);
  const options = groups.flatMap((group) => group.options);
  const chosen = settings.summaryModel;
  // A chosen model no longer offered by its provider stays visible as the choice, so the select never lies.
  const unlisted = chosen && !options.some((option) => refKey(option) === refKey(chosen)) ? chosen : null;

  const choose = async (key: string) => {
    const listed = [...options, ...(unlisted ? [unlisted] : [])];
    const ref = key === CHAT_MODEL ? null : listed.find((option) => refKey(option) === key);
    if (ref === undefined) return;
    const result = await updateSettings({ summaryModel: ref && { providerId: ref.providerId, model: ref.model } });
    setError(result.ok ? null : t('condense.saveFailed', { message: result.error.message }));
  };

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settings-subtitle">
        {t('condense.settings')}
      </h3>
      <div className="field">
        <label htmlFor={`${id}-model`}>{t('condense.summaryModel')}</label>
        <select
          id={`${id}-model`}
          data-testid="settings-summary-model"
          aria-describedby={`${id}-hint`}
          value={chosen ? refKey(chosen) : CHAT_MODEL}
          onChange={(event) => void choose(event.target.value)}
        >
          <option value={CHAT_MODEL}>{t('condense.summaryModelChat')}</option>
          {unlisted && <option value={refKey(unlisted)}>{unlisted.model}</option>}
          <ModelOptions groups={groups} />
        </select>
        <p id={`${id}-hint`} className="hint">
          {t('condense.summaryModelHint')}
        </p>
      </div>
      <FormError>{error}</FormError>
    </section>
  );
}
