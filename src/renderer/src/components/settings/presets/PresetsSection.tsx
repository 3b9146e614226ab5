// Settings' prompt presets ("assistants"): start a chat from one, add, edit, delete. The list is saved whole on
// each change (a preset being edited when its Save is pressed); until the first change the shipped presets (in the
// current language) are shown.
import { useId, useState, type FormEvent, type JSX } from 'react';
import type { PromptPreset, SettingsView } from '../../../../../shared/settings';
import { useT } from '../../../i18n';
import { useAppState } from '../../../store/appState';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../ui/icons';
import { modelGroups, refKey } from '../../chat-settings/modelGroups';
import { ModelOptions } from '../../chat-settings/ModelOptions';
import { ParamsFields, paramsDraft, parseParams, type ParamsDraft } from '../../chat-settings/ParamsFields';
import { DialogActions } from '../../../ui/DialogActions';
import { FormError } from '../../../ui/FormError';
import { Field } from '../../../ui/Field';
import { useUnsavedDraft } from '../leaveGuard';
import { PromptVariables } from '../../chat-settings/PromptVariables';

export function PresetsSection({ settings }: { settings: SettingsView }): JSX.Element {
  const t = useT();
  const id = useId();
  const updateSettings = useAppState((s) => s.updateSettings);
  const startFromPreset = useAppState((s) => s.startFromPreset);
  /** The preset being edited; a new one has an id not yet in the list. */
  const [editing, setEditing] = useState<PromptPreset | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (presets: PromptPreset[]) => {
    const result = await updateSettings({ presets });
    setError(result.ok ? null : t('presets.saveFailed', { message: result.error.message }));
    return result.ok;
  };

  const newPreset = () => setEditing({ id: `preset-${Date.now().toString(36)}`, name: '', systemPrompt: '', params: {} });

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h3 id={`${id}-title`} className="settings-subtitle">
          {t('presets.section')}
        </h3>
        <button type="button" className="button" data-testid="preset-add" onClick={newPreset}>
          <PlusIcon />
          {t('presets.add')}
        </button>
      </div>
      <p className="hint">{t('presets.hint')}</p>
      <ul className="preset-list" data-testid="preset-list">
        {settings.presets.map((preset) => (
          <li key={preset.id} className="preset-item" data-testid="preset-item" data-preset-id={preset.id}>
            <span className="preset-name" title={preset.systemPrompt}>
              {preset.name}
            </span>
            <button
              type="button"
              className="button small"
              data-testid="preset-start"
              aria-label={t('presets.startLabel', { name: preset.name })}
              onClick={() => startFromPreset(preset)}
            >
              {t('presets.start')}
            </button>
            <button
              type="button"
              className="icon-button"
              data-testid="preset-edit"
              aria-label={`${t('presets.edit')} ${preset.name}`}
              title={t('presets.edit')}
              onClick={() => setEditing(preset)}
            >
              <PencilIcon />
            </button>
            <button
              type="button"
              className="icon-button"
              data-testid="preset-delete"
              aria-label={`${t('presets.delete')} ${preset.name}`}
              title={t('presets.delete')}
              onClick={() => void save(settings.presets.filter((p) => p.id !== preset.id))}
            >
              <TrashIcon />
            </button>
          </li>
        ))}
      </ul>
      {editing && (
        <PresetEditor
          key={editing.id}
          preset={editing}
          settings={settings}
          onCancel={() => setEditing(null)}
          onSave={async (preset) => {
            const exists = settings.presets.some((p) => p.id === preset.id);
            const next = exists ? settings.presets.map((p) => (p.id === preset.id ? preset : p)) : [...settings.presets, preset];
            if (await save(next)) setEditing(null);
          }}
        />
      )}
      <FormError>{error}</FormError>
    </section>
  );
}

function PresetEditor({
  preset,
  settings,
  onCancel,
  onSave,
}: {
  preset: PromptPreset;
  settings: SettingsView;
  onCancel: () => void;
  onSave: (preset: PromptPreset) => Promise<void>;
}): JSX.Element {
  const t = useT();
  const [name, setName] = useState(preset.name);
  const [systemPrompt, setSystemPrompt] = useState(preset.systemPrompt);
  const [model, setModel] = useState(preset.model ? refKey(preset.model) : '');
  const [params, setParams] = useState<ParamsDraft>(paramsDraft(preset.params));
  const [error, setError] = useState<string | null>(null);
  const groups = modelGroups(settings.providers);
  const [initial] = useState(() => JSON.stringify([preset.name, preset.systemPrompt, model, params]));
  const [sending, setSending] = useState(false);
  useUnsavedDraft(
    name.trim() || preset.name || t('presets.add'),
    JSON.stringify([name, systemPrompt, model, params]) !== initial && !sending,
  );

  const submit = async (event: FormEvent) => {
    // A form inside the settings form would submit both: this one is a fieldset with its own button.
    event.preventDefault();
    const parsed = parseParams(params, t);
    if (!parsed.ok) return setError(parsed.message);
    if (!name.trim()) return setError(`${t('presets.name')}?`);
    const ref = groups.flatMap((group) => group.options).find((option) => refKey(option) === model);
    setSending(true);
    await onSave({ id: preset.id, name: name.trim(), systemPrompt, params: parsed.params, ...(ref && { model: ref }) });
    setSending(false);
  };

  return (
    <fieldset className="preset-editor" data-testid="preset-editor">
      <Field label={t('presets.name')}>
        {(control) => <input {...control} data-testid="preset-name" value={name} autoFocus onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label={t('chatSettings.systemPrompt')}>
        {(control) => (
          <textarea
            {...control}
            data-testid="preset-system-prompt"
            rows={4}
            value={systemPrompt}
            onChange={(e) => setSystemPrompt(e.target.value)}
          />
        )}
      </Field>
      <PromptVariables onInsert={(token) => setSystemPrompt((text) => text + token)} />
      <Field label={t('presets.model')}>
        {(control) => (
          <select {...control} data-testid="preset-model" value={model} onChange={(e) => setModel(e.target.value)}>
            <option value="">{t('presets.modelDefault')}</option>
            <ModelOptions groups={groups} />
          </select>
        )}
      </Field>
      <ParamsFields value={params} onChange={setParams} />
      <FormError>{error}</FormError>
      <DialogActions
        className="field-row end"
        onCancel={onCancel}
        confirm={t('presets.save')}
        testId="preset-save"
        onConfirm={(event) => void submit(event)}
      />
    </fieldset>
  );
}
