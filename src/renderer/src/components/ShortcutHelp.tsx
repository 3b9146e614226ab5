// Every keyboard shortcut on one sheet, with the platform's modifier (⌘ on macOS, Ctrl elsewhere).
import type { JSX } from 'react';
import { useT, type StringKey } from '../i18n';
import { useAppState } from '../store/appState';
import { Dialog } from '../ui/Dialog';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** The platform's modifier keys as their keycaps read. */
export const MOD = isMac ? '⌘' : 'Ctrl';
export const ALT = isMac ? '⌥' : 'Alt';

/** Keys as pressed, and what they do. */
const SHORTCUTS: ReadonlyArray<{ keys: string[]; action: StringKey }> = [
  { keys: [MOD, 'N'], action: 'shortcuts.newChat' },
  { keys: [MOD, 'K'], action: 'shortcuts.search' },
  { keys: [MOD, 'F'], action: 'shortcuts.find' },
  { keys: [MOD, ','], action: 'shortcuts.settings' },
  { keys: [MOD, 'Shift', 'C'], action: 'shortcuts.copyAnswer' },
  { keys: [MOD, '/'], action: 'shortcuts.help' },
  { keys: ['Enter'], action: 'shortcuts.send' },
  { keys: ['Shift', 'Enter'], action: 'shortcuts.newLine' },
  { keys: ['Esc'], action: 'shortcuts.stop' },
  { keys: ['Enter'], action: 'shortcuts.steer' },
  { keys: [ALT, 'Enter'], action: 'shortcuts.followUp' },
];

export function ShortcutHelp(): JSX.Element {
  const t = useT();
  const close = useAppState((s) => s.setShortcutsOpen);
  return (
    <Dialog title={t('shortcuts.title')} onClose={() => close(false)} className="shortcut-dialog" testId="shortcut-help">
      <table className="shortcut-table">
        <tbody>
          {SHORTCUTS.map(({ keys, action }) => (
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
