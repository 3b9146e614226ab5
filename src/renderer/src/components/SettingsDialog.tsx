// Settings: providers (list, editor), prompt presets, chat names and cost, MCP servers, the default system prompt,
// language, theme and the request limit. One way of saving for the whole page: every change is saved as it is made
// (a field's text when the field is left), so the page has no Cancel, only Done. Forms that edit one item (a
// provider, a preset, a server) hold a draft until their own Save; leaving Settings with such a draft asks first.
import { useEffect, useId, useRef, useState, type JSX } from 'react';
import { REQUESTS_PER_RUN, type LanguageSetting, type SettingsPatch, type SettingsView, type ThemeSetting } from '../../../shared/settings';
import { useT } from '../i18n';
import { useAppState } from '../store/appState';
import { Dialog } from '../ui/Dialog';
import { McpSettings } from './settings/McpSettings';
import { WebToolsSettings } from './settings/WebToolsSettings';
import { PresetsSection } from './settings/presets/PresetsSection';
import { ProviderEditor } from './settings/providers/ProviderEditor';
import { ProvidersSection } from './settings/providers/ProvidersSection';
import { UsageSettings } from '../usage/UsageSettings';
import { BackupSettings } from '../backup/BackupSettings';
import { SyncSettings } from '../sync/SyncSettings';
import { KnowledgeSettings } from '../knowledge/KnowledgeSettings';
import { FormError } from '../ui/FormError';
import { PromptVariables } from './chat-settings/PromptVariables';
import { SummaryModelSettings } from '../chat/condense/SummaryModelSettings';
import { LeaveGuardContext, useLeaveGuardRoot, useSaveOnLeave } from './settings/leaveGuard';
import { KeyboardSettings, TraySettings, UpdateSettings } from '../shortcuts';

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
  const root = useLeaveGuardRoot();
  /** The unsaved forms named when leaving was asked for; null while not asking. */
  const [unsaved, setUnsaved] = useState<string[] | null>(null);
  const leaving = useRef(false);
  /** Leaves Settings: asks first about open forms with unsaved changes, then saves what fields still hold. */
  const leave = async (discardDrafts = false) => {
    if (leaving.current) return;
    const drafts = root.drafts();
    if (drafts.length > 0 && !discardDrafts) {
      setUnsaved(drafts);
      return;
    }
    leaving.current = true;
    const saved = await root.saveAll();
    leaving.current = false;
    if (saved) setSettingsOpen(false);
  };
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
        <SummaryModelSettings settings={settings} />
        <McpSettings />
        <WebToolsSettings />
        <KnowledgeSettings />
        <BackupSettings locale={settings.locale} />
        <SyncSettings locale={settings.locale} />
        <GeneralSettings settings={settings} />
        <KeyboardSettings />
        <UpdateSettings />
        <TraySettings />
        <div className="dialog-actions settings-done">
          <p className="hint push-left">{t('settings.savedAsYouGo')}</p>
          <button type="button" className="button primary" data-testid="settings-save" onClick={() => void leave()}>
            {t('settings.done')}
          </button>
        </div>
      </>
    );
  }
  return (
    <Dialog
      title={t('settings.title')}
      onClose={() => (unsaved ? setUnsaved(null) : void leave())}
      className="settings-dialog"
      testId="settings-dialog"
    >
      <LeaveGuardContext.Provider value={root.guard}>
        <div ref={bodyRef}>{body}</div>
      </LeaveGuardContext.Provider>
      {unsaved && (
        <LeaveQuestion
          forms={unsaved}
          onStay={() => setUnsaved(null)}
          onDiscard={() => {
            setUnsaved(null);
            void leave(true);
          }}
        />
      )}
    </Dialog>
  );
}

/** Asked when Settings is left with forms holding unsaved changes: stay (the default) or leave them unsaved. */
function LeaveQuestion({ forms, onStay, onDiscard }: { forms: string[]; onStay: () => void; onDiscard: () => void }): JSX.Element {
  const t = useT();
  const id = useId();
  return (
    <div className="confirm-box settings-leave" role="alertdialog" aria-labelledby={`${id}-title`} data-testid="settings-leave-unsaved">
      <p id={`${id}-title`} className="confirm-title">
        {t('settings.leaveUnsaved', { forms: forms.join(', ') })}
      </p>
      <div className="field-row">
        <button type="button" className="button primary" data-testid="settings-leave-stay" autoFocus onClick={onStay}>
          {t('settings.leaveStay')}
        </button>
        <button type="button" className="button" data-testid="settings-leave-discard" onClick={onDiscard}>
          {t('settings.leaveDiscard')}
        </button>
      </div>
    </div>
  );
}

interface GeneralFields {
  systemPrompt: string;
  language: LanguageSetting;
  theme: ThemeSetting;
  maxRequests: string;
}

/** What differs between the saved settings and the fields' values. */
function changes(saved: SettingsView, fields: GeneralFields): SettingsPatch {
  const prompt = fields.systemPrompt.trim() ? fields.systemPrompt : null;
  return {
    ...(prompt !== saved.systemPrompt && { systemPrompt: prompt }),
    ...(fields.language !== saved.language && { language: fields.language }),
    ...(fields.theme !== saved.theme && { theme: fields.theme }),
    ...requestLimitPatch(fields.maxRequests, saved.maxRequestsPerRun),
  };
}

/** The default system prompt, language, theme and request limit: a choice is saved when made, typed text when its field is left. */
function GeneralSettings({ settings }: { settings: SettingsView }): JSX.Element {
  const t = useT();
  const id = useId();
  const updateSettings = useAppState((s) => s.updateSettings);
  const [systemPrompt, setSystemPrompt] = useState(settings.systemPrompt ?? '');
  const [language, setLanguage] = useState<LanguageSetting>(settings.language);
  const [theme, setTheme] = useState<ThemeSetting>(settings.theme);
  const [maxRequests, setMaxRequests] = useState(String(settings.maxRequestsPerRun));
  const [saveError, setSaveError] = useState<string | null>(null);

  /** Saves run one after another, each against the settings as the one before left them: nothing is sent twice. */
  const chain = useRef<Promise<boolean>>(Promise.resolve(true));
  const save = (fields: GeneralFields): Promise<boolean> => {
    chain.current = chain.current.then(async () => {
      const saved = useAppState.getState().settings;
      const patch = saved ? changes(saved, fields) : {};
      if (Object.keys(patch).length === 0) return true;
      const result = await updateSettings(patch);
      setSaveError(result.ok ? null : t('settings.saveFailed', { message: result.error.message }));
      return result.ok;
    });
    return chain.current;
  };
  const current: GeneralFields = { systemPrompt, language, theme, maxRequests };
  useSaveOnLeave(() => save(current));
  /** The request limit as saved: an unreadable or out-of-range number shows what was kept. */
  const settleLimit = async () => {
    if (await save(current)) setMaxRequests(String(useAppState.getState().settings?.maxRequestsPerRun ?? settings.maxRequestsPerRun));
  };

  return (
    <div className="settings-form" data-testid="settings-general">
      <div className="field">
        <label htmlFor={`${id}-prompt`}>{t('settings.systemPrompt')}</label>
        <textarea
          id={`${id}-prompt`}
          data-testid="settings-system-prompt"
          rows={4}
          aria-describedby={`${id}-prompt-hint`}
          value={systemPrompt}
          onChange={(event) => setSystemPrompt(event.target.value)}
          onBlur={() => void save(current)}
        />
        <p id={`${id}-prompt-hint`} className="hint">
          {t('settings.systemPromptHint')}
        </p>
        <PromptVariables
          onInsert={(token) => {
            // Saved at once: the click took the focus from the prompt, so no later blur would save it.
            const next = systemPrompt + token;
            setSystemPrompt(next);
            void save({ ...current, systemPrompt: next });
          }}
        />
      </div>

      <div className="field-pair">
        <div className="field">
          <label htmlFor={`${id}-language`}>{t('settings.language')}</label>
          <select
            id={`${id}-language`}
            data-testid="settings-language"
            value={language}
            onChange={(event) => {
              const next = event.target.value as LanguageSetting;
              setLanguage(next);
              void save({ ...current, language: next });
            }}
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
            onChange={(event) => {
              const next = event.target.value as ThemeSetting;
              setTheme(next);
              void save({ ...current, theme: next });
            }}
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
          onBlur={() => void settleLimit()}
        />
        <p id={`${id}-max-requests-hint`} className="hint">
          {t('settings.maxRequestsPerRunHint')}
        </p>
      </div>

      <FormError testId="settings-error">{saveError}</FormError>
    </div>
  );
}
