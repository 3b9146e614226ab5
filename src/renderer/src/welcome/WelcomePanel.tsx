// The welcome panel, shown in place of the conversation while no provider can answer (or when a send could not reach
// a model): a local server found on this computer, or a preset with its API key; a real connection test; a model;
// then the provider is saved in main (the key goes there and never comes back) and becomes the default.
import { useEffect, useId, useRef, useState, type FormEvent, type JSX } from 'react';
import { presetNeedsKey, type LocalServer } from '../../../shared/first-run';
import { originOf, PROVIDER_PRESETS, type ConnectionTestResult, type ProviderPresetId } from '../../../shared/settings';
import { useT } from '../i18n';
import { selectCurrentKey, useAppState } from '../store/appState';
import { selectKeylessTarget } from '../store/welcomeSlice';
import './welcome.css';
import { FormError } from '../ui/FormError';
import { UpdatesChoice } from './UpdatesChoice';

type TestState = { state: 'idle' | 'testing' } | { state: 'done'; result: ConnectionTestResult };

const presetOf = (id: ProviderPresetId) => PROVIDER_PRESETS.find((preset) => preset.id === id)!;

/** Presets whose address the person may change: a custom server, or a local one on another port. */
const EDITABLE_URL: ReadonlySet<ProviderPresetId> = new Set(['custom', 'ollama', 'lmstudio']);

export function WelcomePanel(): JSX.Element {
  const t = useT();
  const id = useId();
  const target = useAppState(selectKeylessTarget);
  const localServers = useAppState((s) => s.localServers);
  const secretsEncrypted = useAppState((s) => s.settings?.secretsEncrypted ?? true);
  const unsent = useAppState((s) => (s.composerText[selectCurrentKey(s)] ?? '').trim() !== '' && s.welcomeOpen);
  const detect = useAppState((s) => s.detectLocalServers);
  const testConnection = useAppState((s) => s.testConnection);
  const listModels = useAppState((s) => s.listModels);
  const finish = useAppState((s) => s.finishWelcome);
  const close = useAppState((s) => s.closeWelcome);

  const initial = target ? presetOf(target.presetId) : PROVIDER_PRESETS[0]!;
  const [presetId, setPresetId] = useState<ProviderPresetId>(initial.id);
  const [baseUrl, setBaseUrl] = useState(target?.baseUrl ?? initial.baseUrl);
  const [apiKey, setApiKey] = useState('');
  const [model, setModel] = useState(target?.model ?? initial.defaultModel);
  /** Models the endpoint listed; null until a test or a detected server lists them. */
  const [models, setModels] = useState<string[] | null>(null);
  const [test, setTest] = useState<TestState>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Answers to an older test (before the preset, URL or key changed) are ignored. */
  const generation = useRef(0);

  useEffect(() => {
    void detect();
  }, [detect]);

  const needsKey = presetNeedsKey(presetId);
  const origin = originOf(baseUrl.trim());
  const ready = origin !== undefined && model.trim() !== '' && (!needsKey || apiKey.trim() !== '') && !saving;

  const reset = () => {
    generation.current++;
    setTest({ state: 'idle' });
    setError(null);
  };

  const choosePreset = (next: ProviderPresetId) => {
    const preset = presetOf(next);
    setPresetId(next);
    setBaseUrl(preset.baseUrl);
    setModel(preset.defaultModel);
    setModels(null);
    reset();
  };

  const chooseLocal = (server: LocalServer) => {
    const preset = presetOf(server.presetId);
    setPresetId(server.presetId);
    setBaseUrl(server.baseUrl);
    setModels(server.models);
    // The server's own first (Ollama lists the model used or pulled last first), not the first by name.
    setModel(server.models[0] ?? preset.defaultModel);
    setApiKey('');
    reset();
  };

  const probe = () => ({
    baseUrl: baseUrl.trim(),
    ...(apiKey.trim() && { apiKey: apiKey.trim() }),
    ...(model.trim() && { model: model.trim() }),
  });

  const runTest = async () => {
    const mine = ++generation.current;
    setTest({ state: 'testing' });
    const result = await testConnection(probe());
    if (mine !== generation.current) return;
    const outcome: ConnectionTestResult = result.ok ? result.value : { ok: false, message: result.error.message };
    setTest({ state: 'done', result: outcome });
    if (!outcome.ok) return;
    const listed = await listModels(probe());
    if (mine !== generation.current || !listed.ok || listed.value.length === 0) return;
    setModels(listed.value);
    if (!listed.value.includes(model.trim())) setModel(listed.value[0]!);
  };

  const submit = async () => {
    if (!ready) return;
    setSaving(true);
    setError(null);
    const result = await finish({ presetId, baseUrl: baseUrl.trim(), apiKey, model: model.trim(), models: models ?? [] });
    setSaving(false);
    if (!result.ok) setError(result.error.message);
  };

  const selectedLocal = (server: LocalServer) => presetId === server.presetId && baseUrl.trim() === server.baseUrl;

  return (
    <section className="welcome" data-testid="welcome" aria-labelledby={`${id}-title`}>
      <div className="welcome-card">
        <h2 id={`${id}-title`} className="welcome-title">
          {t('welcome.title')}
        </h2>
        <p className="welcome-intro">
          {/* The environment's stand-in provider is nobody's choice yet: a first run gets the general words. */}
          {target && !target.fromEnv ? t('welcome.needsKey', { provider: target.name }) : t('welcome.intro')}
        </p>
        {unsent && (
          <p className="welcome-unsent" data-testid="welcome-unsent">
            {t('welcome.unsent')}
          </p>
        )}

        <div className="welcome-local" role="group" aria-labelledby={`${id}-local`} data-testid="welcome-local">
          <h3 id={`${id}-local`} className="welcome-subtitle">
            {t('welcome.local.heading')}
          </h3>
          {localServers === null && <p className="hint">{t('welcome.local.looking')}</p>}
          {localServers?.length === 0 && <p className="hint">{t('welcome.local.none')}</p>}
          {localServers?.map((server) => {
            const name = presetOf(server.presetId).label;
            return (
              <div key={server.presetId} className="welcome-local-server" data-testid="welcome-local-server" data-preset={server.presetId}>
                <span>
                  {server.models.length === 1
                    ? t('welcome.local.foundOne', { name })
                    : t('welcome.local.found', { name, count: server.models.length })}
                </span>
                <button type="button" className="button" aria-pressed={selectedLocal(server)} onClick={() => chooseLocal(server)}>
                  {selectedLocal(server) ? t('welcome.local.using') : t('welcome.local.use', { name })}
                </button>
              </div>
            );
          })}
        </div>

        <form
          className="welcome-form"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-preset`}>{t('welcome.provider')}</label>
            <select
              id={`${id}-preset`}
              data-testid="welcome-preset"
              value={presetId}
              onChange={(event) => choosePreset(event.target.value as ProviderPresetId)}
            >
              {PROVIDER_PRESETS.map((preset) => (
                <option key={preset.id} value={preset.id}>
                  {preset.id === 'custom' ? t('settings.preset.custom') : preset.label}
                </option>
              ))}
            </select>
          </div>

          {EDITABLE_URL.has(presetId) && (
            <div className="field">
              <label htmlFor={`${id}-url`}>{t('welcome.baseUrl')}</label>
              <input
                id={`${id}-url`}
                type="url"
                data-testid="welcome-base-url"
                value={baseUrl}
                placeholder="https://…/v1"
                spellCheck={false}
                onChange={(event) => {
                  setBaseUrl(event.target.value);
                  reset();
                }}
              />
            </div>
          )}

          <div className="field">
            <label htmlFor={`${id}-key`}>{needsKey ? t('welcome.key') : t('welcome.keyOptional')}</label>
            <input
              id={`${id}-key`}
              type="password"
              autoComplete="off"
              spellCheck={false}
              data-testid="welcome-key"
              aria-describedby={`${id}-key-note`}
              required={needsKey}
              value={apiKey}
              placeholder={t('welcome.keyPlaceholder')}
              onChange={(event) => {
                setApiKey(event.target.value);
                reset();
              }}
            />
            <p id={`${id}-key-note`} className="hint">
              {secretsEncrypted ? t('welcome.keyNote', { host: origin ?? baseUrl }) : t('welcome.keyNoteUnencrypted')}
            </p>
          </div>

          <div className="field-row">
            <button
              type="button"
              className="button"
              data-testid="welcome-test"
              disabled={origin === undefined || test.state === 'testing'}
              onClick={() => void runTest()}
            >
              {test.state === 'testing' ? t('welcome.testing') : t('welcome.test')}
            </button>
            <p
              className={`test-result${test.state === 'done' ? (test.result.ok ? ' ok' : ' failed') : ''}`}
              role="status"
              data-testid="welcome-test-result"
              data-ok={test.state === 'done' ? String(test.result.ok) : undefined}
            >
              {test.state === 'done' ? test.result.message : ''}
            </p>
          </div>

          <div className="field">
            <label htmlFor={`${id}-model`}>{t('welcome.model')}</label>
            {models && models.length > 0 ? (
              <select id={`${id}-model`} data-testid="welcome-model" value={model} onChange={(event) => setModel(event.target.value)}>
                {(models.includes(model) ? models : [model, ...models]).map((entry) => (
                  <option key={entry} value={entry}>
                    {entry}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${id}-model`}
                data-testid="welcome-model"
                aria-describedby={`${id}-model-hint`}
                value={model}
                spellCheck={false}
                autoComplete="off"
                onChange={(event) => setModel(event.target.value)}
              />
            )}
            {!models && (
              <p id={`${id}-model-hint`} className="hint">
                {t('welcome.modelHint')}
              </p>
            )}
          </div>

          <UpdatesChoice />

          {/* Held at the bottom of the panel while the form scrolls beneath: on a short window (or with the unsent
              note above) "Start chatting" and why it failed stay in view. */}
          <div className="welcome-footer" data-testid="welcome-footer">
            <FormError testId="welcome-error">{error}</FormError>
            <div className="welcome-actions">
              <button type="button" className="button" data-testid="welcome-later" onClick={close}>
                {t('welcome.later')}
              </button>
              <button type="submit" className="button primary" data-testid="welcome-done" disabled={!ready}>
                {saving ? t('welcome.saving') : t('welcome.done')}
              </button>
            </div>
          </div>
        </form>
      </div>
    </section>
  );
}
