// The request parameters of a chat or a preset as form fields: temperature, top-p, max output tokens, reasoning
// effort. An empty field means the provider's default and is not sent.
import { useId, type JSX } from 'react';
import type { ChatParams, ReasoningEffort } from '../../../../shared/settings';
import { useT, type Translate } from '../../i18n';

/** The fields as typed (strings), so a half-typed number is not lost. */
export interface ParamsDraft {
  temperature: string;
  topP: string;
  maxOutputTokens: string;
  reasoningEffort: '' | ReasoningEffort;
}

export function paramsDraft(params: ChatParams): ParamsDraft {
  return {
    temperature: params.temperature?.toString() ?? '',
    topP: params.topP?.toString() ?? '',
    maxOutputTokens: params.maxOutputTokens?.toString() ?? '',
    reasoningEffort: params.reasoningEffort ?? '',
  };
}

/** The parameters the draft names, or the first field that is out of range (worded for the person). */
export function parseParams(draft: ParamsDraft, t: Translate): { ok: true; params: ChatParams } | { ok: false; message: string } {
  const params: ChatParams = {};
  const number = (text: string, field: string, min: number, max: number, integer = false): number | string | undefined => {
    if (text.trim() === '') return undefined;
    const value = Number(text.trim());
    if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value)))
      return t('chatSettings.invalid', { field, min, max });
    return value;
  };
  const checks: Array<[keyof ChatParams, number | string | undefined]> = [
    ['temperature', number(draft.temperature, t('chatSettings.temperature'), 0, 2)],
    ['topP', number(draft.topP, t('chatSettings.topP'), 0, 1)],
    ['maxOutputTokens', number(draft.maxOutputTokens, t('chatSettings.maxTokens'), 1, 10_000_000, true)],
  ];
  for (const [key, value] of checks) {
    if (typeof value === 'string') return { ok: false, message: value };
    if (value !== undefined) (params as Record<string, number>)[key] = value;
  }
  if (draft.reasoningEffort) params.reasoningEffort = draft.reasoningEffort;
  return { ok: true, params };
}

const EFFORTS: ReadonlyArray<'' | ReasoningEffort> = ['', 'low', 'medium', 'high'];

export function ParamsFields({ value, onChange }: { value: ParamsDraft; onChange: (next: ParamsDraft) => void }): JSX.Element {
  const t = useT();
  const id = useId();
  const set = (patch: Partial<ParamsDraft>) => onChange({ ...value, ...patch });
  const placeholder = t('chatSettings.providerDefault');
  return (
    <div className="params-grid">
      <div className="field">
        <label htmlFor={`${id}-temp`}>{t('chatSettings.temperature')}</label>
        <input
          id={`${id}-temp`}
          data-testid="chat-temperature"
          inputMode="decimal"
          placeholder={placeholder}
          value={value.temperature}
          onChange={(e) => set({ temperature: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-topp`}>{t('chatSettings.topP')}</label>
        <input
          id={`${id}-topp`}
          data-testid="chat-top-p"
          inputMode="decimal"
          placeholder={placeholder}
          value={value.topP}
          onChange={(e) => set({ topP: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-max`}>{t('chatSettings.maxTokens')}</label>
        <input
          id={`${id}-max`}
          data-testid="chat-max-tokens"
          inputMode="numeric"
          placeholder={placeholder}
          value={value.maxOutputTokens}
          onChange={(e) => set({ maxOutputTokens: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-effort`}>{t('chatSettings.reasoning')}</label>
        <select
          id={`${id}-effort`}
          data-testid="chat-reasoning-effort"
          value={value.reasoningEffort}
          onChange={(e) => set({ reasoningEffort: e.target.value as ParamsDraft['reasoningEffort'] })}
        >
          {EFFORTS.map((effort) => (
            // Empty sends nothing: the provider decides, which is what the option says.
            <option key={effort || 'default'} value={effort}>
              {effort ? t(`chatSettings.reasoning.${effort}`) : t('chatSettings.providerDefault')}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
