// One provider's editor: preset, base URL, API key (write-only), one list of its models (listed by the endpoint or
// typed; each offered in chats or not, taking images or not), prices, a connection test. A new provider needs only
// URL, key and a model; its name defaults from the host. Nothing here is saved before Save (Cancel leaves the
// provider as it was); removing the provider asks first. Moving a saved key's provider to another address asks
// whether the key belongs there.
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
import { ModelPricesEditor } from '../../../usage/ModelPricesEditor';
import { priceRowsOf, pricesFromRows } from '../../../usage/priceRows';
import { DialogActions } from '../../../ui/DialogActions';
import { FormError } from '../../../ui/FormError';
import { useUnsavedDraft } from '../leaveGuard';
import { offeredModels, rowsOf, startingModel, withListed, withTyped, type ModelRow } from './modelRows';
import { ProviderModels, type ModelsListing } from './ProviderModels';

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
  const appDefault = useAppState((s) => s.settings?.defaultModel);
  const [rows, setRows] = useState<ModelRow[]>(() => rowsOf(provider ? [provider.model, ...provider.models] : []));
  /** A model name typed in the list's box and not added yet: Save adds it too. */
  const [typed, setTyped] = useState('');
  const [images, setImages] = useState<Record<string, boolean>>(provider?.takesImages ?? {});
  /** The saved key is to be removed on Save. */
  const [clearKey, setClearKey] = useState(false);
  const [enabled, setEnabled] = useState(provider?.enabled ?? true);
  const [priceRows, setPriceRows] = useState(() => priceRowsOf(provider?.prices));
  /** A new key to save; empty leaves the saved key as it is. */
  const [apiKey, setApiKey] = useState('');
  const [listing, setListing] = useState<ModelsListing>({ state: 'idle' });
  const [test, setTest] = useState<TestState>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Set while asking whether the saved key belongs to the new address. */
  const [askKeyMove, setAskKeyMove] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  /** Answers to an older probe (before the preset or URL changed) are ignored. */
  const probeGeneration = useRef(0);

  const preset = PROVIDER_PRESETS.find((p) => p.id === presetId);
  const hasApiKey = (provider?.hasApiKey ?? false) && !clearKey;
  const saved = provider !== null && !provider.fromEnv;
  /** What Save sends as the offered models: the ticked rows, and a name still in the box. */
  const offered = offeredModels(withTyped(rows, typed));
  const model = startingModel(offered, provider?.model ?? '', appDefault?.providerId === provider?.id ? appDefault?.model : undefined);

  // Leaving Settings with changes here asks first (the form's fields as they were opened, against now).
  const snapshot = JSON.stringify([presetId, name, baseUrl, offered, images, enabled, priceRows, apiKey, clearKey]);
  const [initial] = useState(snapshot);
  useUnsavedDraft(provider ? t('providers.editTitle', { name: provider.name }) : t('providers.newTitle'), snapshot !== initial && !saving);

  const probe = (): ProviderProbe => ({
    ...(provider ? { providerId: provider.id } : {}),
    ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
    ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
    ...(model ? { model } : {}),
  });

  /** Adds the models the endpoint lists to the list (not offered until ticked). */
  const loadModels = async () => {
    const generation = ++probeGeneration.current;
    setListing({ state: 'loading' });
    const result = await listModels(probe());
    if (generation !== probeGeneration.current) return;
    setListing(result.ok ? { state: 'done', count: result.value.length } : { state: 'failed', message: result.error.message });
    if (result.ok) setRows((current) => withListed(current, result.value));
  };

  // A saved provider's models, once when the editor opens; later loads are asked for with the refresh button.
  useEffect(() => {
    if (provider) void loadModels();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening, not on every keystroke
  }, []);

  const choosePreset = (next: ProviderPresetId) => {
    const previous = PROVIDER_PRESETS.find((p) => p.id === presetId);
    setPresetId(next);
    const chosen = PROVIDER_PRESETS.find((p) => p.id === next);
    if (chosen && chosen.id !== 'custom') {
      setBaseUrl(chosen.baseUrl);
      // The last preset's model goes unless the provider offered it before; the new preset's model is offered.
      const keep = new Set(provider ? [provider.model, ...provider.models] : []);
      setRows((current) =>
        withTyped(
          current.filter((row) => row.model !== previous?.defaultModel || keep.has(row.model)),
          chosen.defaultModel,
        ),
      );
    }
    probeGeneration.current++;
    setListing({ state: 'idle' });
    setTest({ state: 'idle' });
  };

  const runTest = async () => {
    const generation = probeGeneration.current;
    setTest({ state: 'testing' });
    const result = await testConnection(probe());
    if (generation !== probeGeneration.current) return;
    setTest({ state: 'done', result: result.ok ? result.value : { ok: false, message: result.error.message } });
    // A connection that works shows its models in the list.
    if (result.ok && result.value.ok && listing.state !== 'done') void loadModels();
  };

  const submit = async (keepKeyForNewOrigin?: boolean) => {
    const url = baseUrl.trim();
    if (offered.length === 0) {
      setError(t('providers.modelsNone'));
      return;
    }
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
      models: offered,
      // Sent when there is something to set or to clear; absent leaves the saved lists as they are.
      ...((Object.keys(prices).length > 0 || Object.keys(provider?.prices ?? {}).length > 0) && { prices }),
      ...((Object.keys(images).length > 0 || Object.keys(provider?.takesImages ?? {}).length > 0) && { takesImages: images }),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(url ? { baseUrl: url } : {}),
      ...(model ? { model } : {}),
      ...(apiKey.trim() ? { apiKey: apiKey.trim() } : clearKey ? { apiKey: null } : {}),
      ...(keepKeyForNewOrigin !== undefined ? { keepKeyForNewOrigin } : {}),
    };
    setSaving(true);
    const result = await saveProvider(input);
    if (!result.ok) {
      setSaving(false);
      setError(t('settings.saveFailed', { message: result.error.message }));
      return;
    }
    // Saved: the editor closes (a question about leaving it would now be about nothing).
    onDone();
  };

  const remove = async () => {
    if (!provider) return;
    const result = await deleteProvider(provider.id);
    if (!result.ok) setError(t('settings.saveFailed', { message: result.error.message }));
    else onDone();
  };

  const keyState = clearKey
    ? t('settings.apiKeyRemovedOnSave')
    : hasApiKey
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
            <button type="button" className="button" data-testid="settings-clear-key" onClick={() => setClearKey(true)}>
              {t('settings.clearKey')}
            </button>
          )}
          {clearKey && (
            <button type="button" className="button" data-testid="settings-clear-key-undo" onClick={() => setClearKey(false)}>
              {t('settings.clearKeyUndo')}
            </button>
          )}
        </div>
        <p id={`${id}-key-state`} className="hint" data-testid="settings-key-state" data-key-set={hasApiKey}>
          {keyState}
          {!secretsEncrypted && ` ${t('settings.apiKeyNotEncrypted')}`}
        </p>
      </div>

      <ProviderModels
        rows={rows}
        onRowsChange={setRows}
        images={images}
        onImagesChange={setImages}
        typed={typed}
        onTypedChange={setTyped}
        listing={listing}
        onRefresh={() => void loadModels()}
      />

      <ModelPricesEditor rows={priceRows} models={offered} onChange={setPriceRows} />

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
