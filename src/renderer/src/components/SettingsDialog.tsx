// Settings: providers (list, editor), prompt presets, default system prompt, language and theme. Providers and
// presets save as they are edited; the general fields change only on Save.
import { useEffect, useId, useRef, useState, type FormEvent, type JSX } from 'react';
import { REQUESTS_PER_RUN, type LanguageSetting, type SettingsPatch, type SettingsView, type ThemeSetting } from '../../../shared/settings';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { Dialog } from '../ui/Dialog';
import { McpSettings } from './settings/McpSettings';
import { PresetsSection } from './settings/presets/PresetsSection';
import { ProviderEditor } from './settings/providers/ProviderEditor';
import { ProvidersSection } from './settings/providers/ProvidersSection';
import { UsageSettings } from '../usage/UsageSettings';
import { DialogActions } from '../ui/DialogActions';
import { FormError } from '../ui/FormError';

const LANGUAGES: readonly LanguageSetting[] = ['system', 'zh-CN', 'en'];
const THEMES: readonly ThemeSetting[] = ['system', 'light', 'dark'];

/** The request limit typed in the field, clamped to its bounds; empty, unreadable or unchanged leaves it as it is. */
function requestLimitPatch(typed: string, current: number): Pick<SettingsPatch, 'maxRequestsPerRun'> {
  const n = Math.min(REQUESTS_PER_RUN.max, Math.max(REQUESTS_PER_RUN.min, Math.round(Number(typed))));
  return typed.trim() && Number.isFinite(n) && n !== current ? { maxRequestsPerRun: n } : {};
}

export function SettingsDialog(): JSX.Element {
  const t = useT();
  const settings = useAppState((s) => s.settings);
  const setSettingsOpen = useAppState((s) => s.setSettingsOpen);
  const close = () => setSettingsOpen(false);
  /** The provider being edited: its id, `null` for a new one; undefined shows the overview. */
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const provider = editing ? settings?.providers.find((p) => p.id === editing) : undefined;
  const bodyRef = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  // Switching between the overview and a provider's editor replaces the focused control: focus moves into the new page.
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    const root = bodyRef.current;
    (root?.querySelector<HTMLElement>('[data-autofocus]') ?? root?.querySelector<HTMLElement>('button, input, select, textarea'))?.focus();
  }, [editing]);
  let body: JSX.Element;
  if (!settings) body = <p role="status">{t('settings.loading')}</p>;
  else if (editing !== undefined) {
    body = (
      <ProviderEditor
        key={editing ?? 'new'}
        provider={provider ?? null}
        secretsEncrypted={settings.secretsEncrypted}
        onDone={() => setEditing(undefined)}
      />
    );
  } else {
    body = (
      <>
        <ProvidersSection settings={settings} onEdit={setEditing} />
        <PresetsSection settings={settings} />
        <UsageSettings settings={settings} />
        <McpSettings />
        <SettingsForm settings={settings} onDone={close} />
      </>
    );
  }
  return (
    <Dialog title={t('settings.title')} onClose={close} className="settings-dialog" testId="settings-dialog">
      <div ref={bodyRef}>{body}</div>
    </Dialog>
  );
}

function SettingsForm({ settings, onDone }: { settings: SettingsView; onDone: () => void }): JSX.Element {
  const t = useT();
  const id = useId();
  const updateSettings = useAppState((s) => s.updateSettings);
  const [systemPrompt, setSystemPrompt] = useState(settings.systemPrompt ?? '');
  const [language, setLanguage] = useState<LanguageSetting>(settings.language);
  const [theme, setTheme] = useState<ThemeSetting>(settings.theme);
  const [maxRequests, setMaxRequests] = useState(String(settings.maxRequestsPerRun));
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const patch: SettingsPatch = {
      systemPrompt: systemPrompt.trim() ? systemPrompt : null,
      language,
      theme,
      ...requestLimitPatch(maxRequests, settings.maxRequestsPerRun),
    };
    setSaving(true);
    const result = await updateSettings(patch);
    setSaving(false);
    if (!result.ok) {
      setSaveError(t('settings.saveFailed', { message: result.error.message }));
      return;
    }
    onDone();
  };

  return (
    <form className="settings-form" onSubmit={(event) => void save(event)}>
      <div className="field">
        <label htmlFor={`${id}-prompt`}>{t('settings.systemPrompt')}</label>
        <textarea
          id={`${id}-prompt`}
          data-testid="settings-system-prompt"
          rows={4}
          aria-describedby={`${id}-prompt-hint`}
          value={systemPrompt}
          onChange={(event) => setSystemPrompt(event.target.value)}
        />
        <p id={`${id}-prompt-hint`} className="hint">
          {t('settings.systemPromptHint')}
        </p>
      </div>

      <div className="field-pair">
        <div className="field">
          <label htmlFor={`${id}-language`}>{t('settings.language')}</label>
          <select
            id={`${id}-language`}
            data-testid="settings-language"
            value={language}
            onChange={(event) => setLanguage(event.target.value as LanguageSetting)}
          >
            {LANGUAGES.map((value) => (
              <option key={value} value={value}>
                {t(`settings.language.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-theme`}>{t('settings.theme')}</label>
          <select
            id={`${id}-theme`}
            data-testid="settings-theme"
            value={theme}
            onChange={(event) => setTheme(event.target.value as ThemeSetting)}
          >
            {THEMES.map((value) => (
              <option key={value} value={value}>
                {t(`settings.theme.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="field">
        <label htmlFor={`${id}-max-requests`}>{t('settings.maxRequestsPerRun')}</label>
        <input
          id={`${id}-max-requests`}
          data-testid="settings-max-requests"
          type="number"
          inputMode="numeric"
          min={REQUESTS_PER_RUN.min}
          max={REQUESTS_PER_RUN.max}
          step={1}
          aria-describedby={`${id}-max-requests-hint`}
          value={maxRequests}
          onChange={(event) => setMaxRequests(event.target.value)}
        />
        <p id={`${id}-max-requests-hint`} className="hint">
          {t('settings.maxRequestsPerRunHint')}
        </p>
      </div>

      <FormError testId="settings-error">{saveError}</FormError>

      <DialogActions
        onCancel={onDone}
        confirm={saving ? t('settings.saving') : t('settings.save')}
        testId="settings-save"
        disabled={saving}
      />
    </form>
  );
}
