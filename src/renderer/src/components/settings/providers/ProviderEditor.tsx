// One provider's editor: preset, base URL, API key (write-only), its default model, the models offered per chat
// (listed by the endpoint or typed), a connection test. A new provider needs only URL, key and model; its name
// defaults from the host. Moving a saved key's provider to another address asks whether the key belongs there.
import { useEffect, useId, useRef, useState, type FormEvent, type JSX } from 'react';
import type { ProviderProbe } from '../../../../../shared/ipc';
import {
  originOf,
  PROVIDER_PRESETS,
  type ConnectionTestResult,
  type ProviderInput,
  type ProviderPresetId,
  type ProviderView,
} from '../../../../../shared/settings';
import { useT } from '../../../i18n';
import { useAppState } from '../../../store/appState';
import { RefreshIcon } from '../../../ui/icons';
import { ModelPricesEditor } from '../../../usage/ModelPricesEditor';
import { priceRowsOf, pricesFromRows } from '../../../usage/priceRows';
import { DialogActions } from '../../../ui/DialogActions';
import { FormError } from '../../../ui/FormError';

type ModelsState = { state: 'idle' | 'loading' } | { state: 'done'; list: string[] } | { state: 'failed'; message: string };
type TestState = { state: 'idle' | 'testing' } | { state: 'done'; result: ConnectionTestResult };

interface ProviderEditorProps {
  /** Null for a new provider. */
  provider: ProviderView | null;
  secretsEncrypted: boolean;
  onDone: () => void;
}

export function ProviderEditor({ provider, secretsEncrypted, onDone }: ProviderEditorProps): JSX.Element {
  const t = useT();
  const id = useId();
  const saveProvider = useAppState((s) => s.saveProvider);
  const deleteProvider = useAppState((s) => s.deleteProvider);
  const listModels = useAppState((s) => s.listModels);
  const testConnection = useAppState((s) => s.testConnection);

  const [presetId, setPresetId] = useState<ProviderPresetId>(provider?.presetId ?? 'custom');
  const [name, setName] = useState(provider?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(provider?.baseUrl ?? '');
  const [model, setModel] = useState(provider?.model ?? '');
  const [modelsText, setModelsText] = useState((provider?.models ?? []).join('\n'));
  const [enabled, setEnabled] = useState(provider?.enabled ?? true);
  const [priceRows, setPriceRows] = useState(() => priceRowsOf(provider?.prices));
  /** A new key to save; empty leaves the saved key as it is. */
  const [apiKey, setApiKey] = useState('');
  const [models, setModels] = useState<ModelsState>({ state: 'idle' });
  const [test, setTest] = useState<TestState>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Set while asking whether the saved key belongs to the new address. */
  const [askKeyMove, setAskKeyMove] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  /** Answers to an older probe (before the preset or URL changed) are ignored. */
  const probeGeneration = useRef(0);

  const preset = PROVIDER_PRESETS.find((p) => p.id === presetId);
  const hasApiKey = provider?.hasApiKey ?? false;
  const saved = provider !== null && !provider.fromEnv;

  const probe = (): ProviderProbe => ({
    ...(provider ? { providerId: provider.id } : {}),
    ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
    ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
    ...(model.trim() ? { model: model.trim() } : {}),
  });

  const typedModels = () =>
    modelsText
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);

  const loadModels = async (merge: boolean) => {
    const generation = ++probeGeneration.current;
    setModels({ state: 'loading' });
    const result = await listModels(probe());
    if (generation !== probeGeneration.current) return;
    setModels(result.ok ? { state: 'done', list: result.value } : { state: 'failed', message: result.error.message });
    if (result.ok && merge)
      setModelsText((text) =>
        [
          ...new Set([
            ...text
              .split('\n')
              .map((l) => l.trim())
              .filter(Boolean),
            ...result.value,
          ]),
        ].join('\n'),
      );
  };

  // A saved provider's models, once when the editor opens; later loads are asked for with the refresh button.
  useEffect(() => {
    if (provider) void loadModels(false);
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
    if (!provider) return;
    const result = await saveProvider({ id: provider.id, apiKey: null });
    setError(result.ok ? null : t('settings.saveFailed', { message: result.error.message }));
  };

  const submit = async (keepKeyForNewOrigin?: boolean) => {
    const url = baseUrl.trim();
    const movesKey = provider !== null && hasApiKey && !apiKey.trim() && originOf(url) !== originOf(provider.baseUrl);
    if (movesKey && keepKeyForNewOrigin === undefined) {
      setAskKeyMove(true);
      return;
    }
    setAskKeyMove(false);
    const prices = pricesFromRows(priceRows);
    if (!prices) {
      setError(t('usage.priceInvalid'));
      return;
    }
    const input: ProviderInput = {
      ...(provider ? { id: provider.id } : {}),
      presetId,
      enabled,
      models: typedModels(),
      // Sent when there is something to set or to clear; absent leaves the saved prices as they are.
      ...((Object.keys(prices).length > 0 || Object.keys(provider?.prices ?? {}).length > 0) && { prices }),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(url ? { baseUrl: url } : {}),
      ...(model.trim() ? { model: model.trim() } : {}),
      ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      ...(keepKeyForNewOrigin !== undefined ? { keepKeyForNewOrigin } : {}),
    };
    setSaving(true);
    const result = await saveProvider(input);
    setSaving(false);
    if (!result.ok) {
      setError(t('settings.saveFailed', { message: result.error.message }));
      return;
    }
    setApiKey('');
    onDone();
  };

  const remove = async () => {
    if (!provider) return;
    const result = await deleteProvider(provider.id);
    if (!result.ok) setError(t('settings.saveFailed', { message: result.error.message }));
    else onDone();
  };

  const keyState = hasApiKey
    ? t('settings.apiKeyIsSet')
    : preset?.needsKey === false
      ? t('settings.apiKeyNotNeeded')
      : t('settings.apiKeyNotSet');

  return (
    <form
      className="settings-form provider-editor"
      data-testid="provider-editor"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="settings-subtitle">{provider ? t('providers.editTitle', { name: provider.name }) : t('providers.newTitle')}</h3>
      <div className="field-pair">
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
          <label htmlFor={`${id}-name`}>{t('providers.name')}</label>
          <input
            id={`${id}-name`}
            data-testid="settings-provider-name"
            value={name}
            placeholder={t('providers.namePlaceholder')}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
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
          {hasApiKey && saved && (
            <button type="button" className="button" data-testid="settings-clear-key" onClick={() => void clearKey()}>
              {t('settings.clearKey')}
            </button>
          )}
        </div>
        <p id={`${id}-key-state`} className="hint" data-testid="settings-key-state" data-key-set={hasApiKey}>
          {keyState}
          {!secretsEncrypted && ` ${t('settings.apiKeyNotEncrypted')}`}
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
            onClick={() => void loadModels(true)}
          >
            <RefreshIcon />
          </button>
        </div>
        <datalist id={`${id}-models`} data-testid="settings-model-options">
          {models.state === 'done' && models.list.map((entry) => <option key={entry} value={entry} />)}
        </datalist>
        <p className="hint" role="status" data-testid="settings-models-status">
          {models.state === 'loading' && t('settings.modelsLoading')}
          {models.state === 'done' && t('settings.modelsCount', { count: models.list.length })}
          {models.state === 'failed' && t('settings.modelsFailed', { message: models.message })}
        </p>
      </div>

      <div className="field">
        <label htmlFor={`${id}-list`}>{t('providers.models')}</label>
        <textarea
          id={`${id}-list`}
          data-testid="settings-provider-models"
          rows={3}
          spellCheck={false}
          aria-describedby={`${id}-list-hint`}
          value={modelsText}
          onChange={(event) => setModelsText(event.target.value)}
        />
        <p id={`${id}-list-hint`} className="hint">
          {t('providers.modelsHint')}
        </p>
      </div>

      <ModelPricesEditor rows={priceRows} models={[...new Set([model.trim(), ...typedModels()].filter(Boolean))]} onChange={setPriceRows} />

      <div className="field-row">
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="settings-provider-enabled"
            checked={enabled}
            onChange={(event) => setEnabled(event.target.checked)}
          />
          {t('providers.enabled')}
        </label>
      </div>

      <div className="field">
        <div className="field-row">
          <button
            type="button"
            className="button"
            data-testid="settings-test"
            disabled={test.state === 'testing'}
            onClick={() => void runTest()}
          >
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

      {askKeyMove && provider && (
        <div
          className="confirm-box"
          role="alertdialog"
          aria-labelledby={`${id}-move-title`}
          aria-describedby={`${id}-move-body`}
          data-testid="settings-key-move"
        >
          <p id={`${id}-move-title`} className="confirm-title">
            {t('providers.keyMoveTitle')}
          </p>
          <p id={`${id}-move-body`}>
            {t('providers.keyMoveBody', { from: originOf(provider.baseUrl) ?? provider.baseUrl, to: originOf(baseUrl.trim()) ?? baseUrl })}
          </p>
          <div className="field-row">
            {/* The safe answer first and focused: a key goes nowhere it was not entered for unless the person says so. */}
            <button
              type="button"
              className="button primary"
              data-testid="settings-key-move-drop"
              autoFocus
              onClick={() => void submit(false)}
            >
              {t('providers.keyMoveDrop')}
            </button>
            <button type="button" className="button" data-testid="settings-key-move-keep" onClick={() => void submit(true)}>
              {t('providers.keyMoveKeep')}
            </button>
          </div>
        </div>
      )}

      {confirmRemove && provider && (
        <div className="confirm-box" role="alertdialog" aria-labelledby={`${id}-remove`} data-testid="settings-provider-remove-confirm">
          <p id={`${id}-remove`}>{t('providers.removeConfirm', { name: provider.name })}</p>
          <div className="field-row">
            <button type="button" className="button danger" data-testid="settings-provider-remove-yes" onClick={() => void remove()}>
              {t('providers.remove')}
            </button>
            <button type="button" className="button" onClick={() => setConfirmRemove(false)}>
              {t('dialog.cancel')}
            </button>
          </div>
        </div>
      )}

      <FormError testId="settings-error">{error}</FormError>

      <DialogActions
        cancelLabel={t('providers.back')}
        onCancel={onDone}
        cancelTestId="settings-provider-back"
        confirm={saving ? t('settings.saving') : t('settings.save')}
        testId="settings-save"
        disabled={saving}
      >
        {saved && (
          <button
            type="button"
            className="button danger-text push-left"
            data-testid="settings-provider-remove"
            onClick={() => setConfirmRemove(true)}
          >
            {t('providers.remove')}
          </button>
        )}
      </DialogActions>
    </form>
  );
}
