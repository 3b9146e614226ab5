// Settings → Keyboard: every shortcut with its keys; click one and press new keys to rebind it (Esc cancels,
// Backspace turns it off). A clash is named before anything is saved; main checks again and refuses the same way.
import { Fragment, useId, useState, type JSX, type KeyboardEvent } from 'react';
import {
  acceleratorFromKeyPress,
  defaultBindings,
  GLOBAL_ACTIONS,
  keycaps,
  rebind,
  SHORTCUT_ACTIONS,
  type ShortcutAction,
  type ShortcutConflict,
} from '../../../shared/shortcuts';
import { useT, type StringKey, type Translate } from '../i18n';
import { FormError } from '../ui/FormError';
import { useDesktop } from './desktopStore';

/** An action's name: the shortcut sheet's words, so Settings and the sheet say the same. */
export const actionKey = (action: ShortcutAction): StringKey =>
  action === 'quickAsk' ? 'keyboard.action.quickAsk' : `shortcuts.${action}`;

export function Keys({ accelerator, platform }: { accelerator: string | null; platform: 'mac' | 'other' }): JSX.Element {
  const t = useT();
  if (!accelerator) return <span className="shortcut-off">{t('keyboard.off')}</span>;
  return (
    <>
      {keycaps(accelerator, platform).map((key, i) => (
        <Fragment key={i}>
          {i > 0 && <span className="shortcut-plus">+</span>}
          <kbd>{key}</kbd>
        </Fragment>
      ))}
    </>
  );
}

function conflictText(t: Translate, conflict: ShortcutConflict, platform: 'mac' | 'other'): string {
  const keys = keycaps(conflict.accelerator, platform).join('+');
  if (conflict.kind === 'action') return t('keyboard.taken', { keys, action: t(actionKey(conflict.other)) });
  return t('keyboard.reserved', { keys });
}

export function KeyboardSettings(): JSX.Element {
  const t = useT();
  const id = useId();
  const view = useDesktop((s) => s.view);
  const mainError = useDesktop((s) => s.error);
  const [recording, setRecording] = useState<ShortcutAction | null>(null);
  const [problem, setProblem] = useState<{ action: ShortcutAction; text: string } | null>(null);
  const { platform } = view;
  const bindings = view.settings.shortcuts;

  const save = async (action: ShortcutAction, accelerator: string | null) => {
    const result = rebind(bindings, action, accelerator);
    if (!result.ok) {
      setProblem({ action, text: conflictText(t, result.conflicts[0]!, platform) });
      return;
    }
    setProblem(null);
    setRecording(null);
    await useDesktop.getState().update({ shortcuts: { [action]: result.bindings[action] } });
  };

  const onKeyDown = (action: ShortcutAction) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (recording !== action) return;
    event.preventDefault();
    event.stopPropagation();
    const bare = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
    if (event.key === 'Escape' && bare) return setRecording(null);
    if (event.key === 'Backspace' && bare) return void save(action, null);
    const accelerator = acceleratorFromKeyPress(event, platform);
    if (accelerator) void save(action, accelerator);
  };

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`} data-testid="settings-shortcuts">
      <h3 id={`${id}-title`} className="settings-subtitle">
        {t('keyboard.title')}
      </h3>
      <p className="hint">{t('keyboard.intro')}</p>
      <ul className="shortcut-list">
        {SHORTCUT_ACTIONS.map((action) => (
          <li key={action} className="shortcut-row" data-testid="shortcut-item" data-action={action}>
            <span className="shortcut-name">
              {t(actionKey(action))}
              {GLOBAL_ACTIONS.has(action) && <span className="hint"> · {t('keyboard.global')}</span>}
            </span>
            <button
              type="button"
              className={recording === action ? 'button shortcut-keys recording' : 'button shortcut-keys'}
              aria-label={`${t(actionKey(action))}: ${bindings[action] ? keycaps(bindings[action], platform).join('+') : t('keyboard.off')}`}
              aria-pressed={recording === action}
              onClick={() => {
                setProblem(null);
                setRecording(recording === action ? null : action);
              }}
              onKeyDown={onKeyDown(action)}
              onBlur={() => setRecording((current) => (current === action ? null : current))}
            >
              {recording === action ? t('keyboard.recording') : <Keys accelerator={bindings[action]} platform={platform} />}
            </button>
            {bindings[action] !== defaultBindings()[action] && (
              <button type="button" className="button link" onClick={() => void save(action, defaultBindings()[action])}>
                {t('keyboard.reset')}
              </button>
            )}
            {problem?.action === action && (
              <p className="form-error" role="alert" data-testid="shortcut-conflict">
                {problem.text}
              </p>
            )}
            {action === 'quickAsk' && view.quickAskProblem && (
              <p className="form-error" role="alert">
                {view.quickAskProblem}
              </p>
            )}
          </li>
        ))}
      </ul>
      <FormError>{mainError}</FormError>
    </section>
  );
}
