// Every keyboard shortcut on one sheet, with the platform's modifier (⌘ on macOS, Ctrl elsewhere): the rebindable
// ones as the person bound them (Settings → Keyboard), then the composer's fixed keys.
import type { JSX } from 'react';
import { useT, type StringKey } from '../i18n';
import { useAppState } from '../store/appState';
import { Dialog } from '../ui/Dialog';
import { keycaps, SHORTCUT_ACTIONS } from '../../../shared/shortcuts';
import { actionKey, useDesktop } from '../shortcuts';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** The platform's modifier keys as their keycaps read. */
export const MOD = isMac ? '⌘' : 'Ctrl';
export const ALT = isMac ? '⌥' : 'Alt';

/** The composer's keys as pressed, and what they do (not rebindable). */
const FIXED: ReadonlyArray<{ keys: string[]; action: StringKey }> = [
  { keys: ['Enter'], action: 'shortcuts.send' },
  { keys: ['Shift', 'Enter'], action: 'shortcuts.newLine' },
  { keys: ['Esc'], action: 'shortcuts.stop' },
  { keys: ['Enter'], action: 'shortcuts.steer' },
  { keys: [ALT, 'Enter'], action: 'shortcuts.followUp' },
];

export function ShortcutHelp(): JSX.Element {
  const t = useT();
  const close = useAppState((s) => s.setShortcutsOpen);
  const { settings, platform } = useDesktop((s) => s.view);
  const bound = SHORTCUT_ACTIONS.flatMap((action) => {
    const accelerator = settings.shortcuts[action];
    return accelerator ? [{ keys: keycaps(accelerator, platform), action: actionKey(action) }] : [];
  });
  return (
    <Dialog title={t('shortcuts.title')} onClose={() => close(false)} className="shortcut-dialog" testId="shortcut-help">
      <table className="shortcut-table">
        <tbody>
          {[...bound, ...FIXED].map(({ keys, action }) => (
            <tr key={action}>
              <td>
                {keys.map((key, i) => (
                  <span key={i}>
                    {i > 0 && '+'}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{t(action)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <button type="button" className="button primary" data-autofocus onClick={() => close(false)}>
          {t('shortcuts.close')}
        </button>
      </div>
    </Dialog>
  );
}
