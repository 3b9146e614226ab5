// The open chat's settings: system prompt and request parameters, applied from its next run on (earlier answers
// keep what they were sent). For a chat not yet created they are kept until its first message creates it.
import { useState, type FormEvent, type JSX } from 'react';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';
import { Dialog } from '../../ui/Dialog';
import { ParamsFields, paramsDraft, parseParams, type ParamsDraft } from './ParamsFields';
import { DialogActions } from '../../ui/DialogActions';
import { FormError } from '../../ui/FormError';
import { Field } from '../../ui/Field';
import { PromptVariables } from './PromptVariables';

export function ChatSettingsPanel(): JSX.Element {
  const t = useT();
  const setOpen = useAppState((s) => s.setChatSettingsOpen);
  const saveChatSettings = useAppState((s) => s.saveChatSettings);
  // Read once when the panel opens: what the person types is theirs until Save or Cancel.
  const [initial] = useState(() => {
    const s = useAppState.getState();
    return s.currentSession.id === null
      ? { systemPrompt: s.newChatSettings.systemPrompt ?? s.settings?.systemPrompt ?? '', params: s.newChatSettings.params ?? {} }
      : { systemPrompt: s.currentSession.systemPrompt, params: s.currentSession.chat.params };
  });
  const [systemPrompt, setSystemPrompt] = useState(initial.systemPrompt);
  const [params, setParams] = useState<ParamsDraft>(() => paramsDraft(initial.params));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => setOpen(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseParams(params, t);
    if (!parsed.ok) return setError(parsed.message);
    setSaving(true);
    const result = await saveChatSettings({ systemPrompt, params: parsed.params });
    setSaving(false);
    if (!result.ok) return setError(t('chatSettings.saveFailed', { message: result.error.message }));
    close();
  };

  return (
    <Dialog title={t('chatSettings.title')} onClose={close} className="settings-dialog" testId="chat-settings">
      <form className="settings-form" onSubmit={(event) => void save(event)}>
        <Field label={t('chatSettings.systemPrompt')} hint={t('chatSettings.systemPromptHint')}>
          {(control) => (
            <textarea
              {...control}
              data-testid="chat-system-prompt"
              data-autofocus
              rows={6}
              value={systemPrompt}
              onChange={(event) => setSystemPrompt(event.target.value)}
            />
          )}
        </Field>
        <PromptVariables onInsert={(token) => setSystemPrompt((text) => text + token)} />
        <ParamsFields value={params} onChange={setParams} />
        <p className="hint">{t('chatSettings.paramsHint')}</p>
        <FormError testId="chat-settings-error">{error}</FormError>
        <DialogActions onCancel={close} confirm={t('chatSettings.save')} testId="chat-settings-save" disabled={saving} />
      </form>
    </Dialog>
  );
}
