// Settings: provider preset, base URL, API key (write-only), model (list from the endpoint, or typed), connection
// test, default system prompt, language and theme. Nothing changes until Save, except "Remove saved key".
import { useEffect, useId, useRef, useState, type FormEvent, type JSX } from 'react';
import type { ProviderProbe } from '../../../shared/ipc';
import {
  PROVIDER_PRESETS,
  type ConnectionTestResult,
  type LanguageSetting,
  type ProviderPresetId,
  type SettingsPatch,
  type SettingsView,
  type ThemeSetting,
} from '../../../shared/settings';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { Dialog } from './Dialog';
import { RefreshIcon } from './icons';

const LANGUAGES: readonly LanguageSetting[] = ['system', 'zh-CN', 'en'];
const THEMES: readonly ThemeSetting[] = ['system', 'light', 'dark'];

type ModelsState = { state: 'idle' | 'loading' } | { state: 'done'; list: string[] } | { state: 'failed'; message: string };
type TestState = { state: 'idle' | 'testing' } | { state: 'done'; result: ConnectionTestResult };

export function SettingsDialog(): JSX.Element {
  const t = useT();
  const settings = useAppState((s) => s.settings);
  const setSettingsOpen = useAppState((s) => s.setSettingsOpen);
  const close = () => setSettingsOpen(false);
  return (
    <Dialog title={t('settings.title')} onClose={close} className="settings-dialog" testId="settings-dialog">
      {settings ? <SettingsForm settings={settings} onDone={close} /> : <p role="status">{t('settings.loading')}</p>}
    </Dialog>
  );
}

function SettingsForm({ settings, onDone }: { settings: SettingsView; onDone: () => void }): JSX.Element {
  const t = useT();
  const id = useId();
  const updateSettings = useAppState((s) => s.updateSettings);
  const listModels = useAppState((s) => s.listModels);
  const testConnection = useAppState((s) => s.testConnection);

  const [presetId, setPresetId] = useState<ProviderPresetId>(settings.provider.presetId);
  const [baseUrl, setBaseUrl] = useState(settings.provider.baseUrl);
  const [model, setModel] = useState(settings.provider.model);
  /** A new key to save; empty leaves the saved key as it is. */
  const [apiKey, setApiKey] = useState('');
  const [systemPrompt, setSystemPrompt] = useState(settings.systemPrompt ?? '');
  const [language, setLanguage] = useState<LanguageSetting>(settings.language);
  const [theme, setTheme] = useState<ThemeSetting>(settings.theme);
  const [models, setModels] = useState<ModelsState>({ state: 'idle' });
  const [test, setTest] = useState<TestState>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  /** Answers to an older probe (before the preset or URL changed) are ignored. */
  const probeGeneration = useRef(0);

  const preset = PROVIDER_PRESETS.find((p) => p.id === presetId);
  const { hasApiKey } = settings.provider;

  const probe = (): ProviderProbe => ({
    ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
    ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
    ...(model.trim() ? { model: model.trim() } : {}),
  });

  const loadModels = async () => {
    const generation = ++probeGeneration.current;
    setModels({ state: 'loading' });
    const result = await listModels(probe());
    if (generation !== probeGeneration.current) return;
    setModels(result.ok ? { state: 'done', list: result.value } : { state: 'failed', message: result.error.message });
  };

  // The saved provider's models, once when the dialog opens; later loads are asked for with the refresh button.
  useEffect(() => {
    void loadModels();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening, not on every keystroke
  }, []);

  const choosePreset = (next: ProviderPresetId) => {
    setPresetId(next);
    const chosen = PROVIDER_PRESETS.find((p) => p.id === next);
    if (chosen && chosen.id !== 'custom') {
      setBaseUrl(chosen.baseUrl);
      setModel(chosen.defaultModel);
    }
    probeGeneration.current++;
    setModels({ state: 'idle' });
    setTest({ state: 'idle' });
  };

  const runTest = async () => {
    const generation = probeGeneration.current;
    setTest({ state: 'testing' });
    const result = await testConnection(probe());
    if (generation !== probeGeneration.current) return;
    setTest({ state: 'done', result: result.ok ? result.value : { ok: false, message: result.error.message } });
  };

  const clearKey = async () => {
    const result = await updateSettings({ provider: { apiKey: null } });
    setSaveError(result.ok ? null : t('settings.saveFailed', { message: result.error.message }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const patch: SettingsPatch = {
      provider: {
        presetId,
        model: model.trim(),
        ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
        ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      },
      systemPrompt: systemPrompt.trim() ? systemPrompt : null,
      language,
      theme,
    };
    setSaving(true);
    const result = await updateSettings(patch);
    setSaving(false);
    if (!result.ok) {
      setSaveError(t('settings.saveFailed', { message: result.error.message }));
      return;
    }
    setApiKey('');
    onDone();
  };

  const keyState = hasApiKey ? t('settings.apiKeyIsSet') : preset?.needsKey === false ? t('settings.apiKeyNotNeeded') : t('settings.apiKeyNotSet');

  return (
    <form className="settings-form" onSubmit={(event) => void save(event)}>
      <div className="field">
        <label htmlFor={`${id}-preset`}>{t('settings.provider')}</label>
        <select
          id={`${id}-preset`}
          data-testid="settings-preset"
          data-autofocus
          value={presetId}
          onChange={(event) => choosePreset(event.target.value as ProviderPresetId)}
        >
          {PROVIDER_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.id === 'custom' ? t('settings.preset.custom') : p.label}
            </option>
          ))}
        </select>
      </div>

      <div className="field">
        <label htmlFor={`${id}-url`}>{t('settings.baseUrl')}</label>
        <input
          id={`${id}-url`}
          type="url"
          data-testid="settings-base-url"
          value={baseUrl}
          placeholder="https://…/v1"
          spellCheck={false}
          onChange={(event) => setBaseUrl(event.target.value)}
        />
      </div>

      <div className="field">
        <label htmlFor={`${id}-key`}>{t('settings.apiKey')}</label>
        <div className="field-row">
          <input
            id={`${id}-key`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            data-testid="settings-api-key"
            aria-describedby={`${id}-key-state`}
            value={apiKey}
            placeholder={hasApiKey ? t('settings.apiKeySetPlaceholder') : t('settings.apiKeyEmptyPlaceholder')}
            onChange={(event) => setApiKey(event.target.value)}
          />
          {hasApiKey && (
            <button type="button" className="button" data-testid="settings-clear-key" onClick={() => void clearKey()}>
              {t('settings.clearKey')}
            </button>
          )}
        </div>
        <p id={`${id}-key-state`} className="hint" data-testid="settings-key-state" data-key-set={hasApiKey}>
          {keyState}
          {!settings.secretsEncrypted && ` ${t('settings.apiKeyNotEncrypted')}`}
        </p>
      </div>

      <div className="field">
        <label htmlFor={`${id}-model`}>{t('settings.model')}</label>
        <div className="field-row">
          <input
            id={`${id}-model`}
            data-testid="settings-model"
            list={`${id}-models`}
            value={model}
            placeholder={t('settings.modelPlaceholder')}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => setModel(event.target.value)}
          />
          <button
            type="button"
            className="icon-button"
            data-testid="settings-load-models"
            aria-label={t('settings.loadModels')}
            title={t('settings.loadModels')}
            disabled={models.state === 'loading'}
            onClick={() => void loadModels()}
          >
            <RefreshIcon />
          </button>
        </div>
        <datalist id={`${id}-models`} data-testid="settings-model-options">
          {models.state === 'done' && models.list.map((name) => <option key={name} value={name} />)}
        </datalist>
        <p className="hint" role="status" data-testid="settings-models-status">
          {models.state === 'loading' && t('settings.modelsLoading')}
          {models.state === 'done' && t('settings.modelsCount', { count: models.list.length })}
          {models.state === 'failed' && t('settings.modelsFailed', { message: models.message })}
        </p>
      </div>

      <div className="field">
        <div className="field-row">
          <button type="button" className="button" data-testid="settings-test" disabled={test.state === 'testing'} onClick={() => void runTest()}>
            {test.state === 'testing' ? t('settings.testing') : t('settings.test')}
          </button>
          <p
            className={test.state === 'done' ? (test.result.ok ? 'test-result ok' : 'test-result failed') : 'test-result'}
            role="status"
            data-testid="settings-test-result"
            data-ok={test.state === 'done' ? test.result.ok : undefined}
          >
            {test.state === 'done' && `${test.result.ok ? t('settings.testOk') : t('settings.testFailed')} ${test.result.message}`}
          </p>
        </div>
      </div>

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
          <select id={`${id}-theme`} data-testid="settings-theme" value={theme} onChange={(event) => setTheme(event.target.value as ThemeSetting)}>
            {THEMES.map((value) => (
              <option key={value} value={value}>
                {t(`settings.theme.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {saveError && (
        <p className="form-error" role="alert" data-testid="settings-error">
          {saveError}
        </p>
      )}

      <div className="dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          {t('dialog.cancel')}
        </button>
        <button type="submit" className="button primary" data-testid="settings-save" disabled={saving}>
          {saving ? t('settings.saving') : t('settings.save')}
        </button>
      </div>
    </form>
  );
}
