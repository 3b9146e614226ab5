// The application menu: the platform's usual File / Edit / View / Window menus (by role) and a Help menu whose
// "Keyboard shortcuts" item (Ctrl/Cmd+/) asks the window to show the shortcut sheet. Built as a plain template so it
// is tested without Electron; index.ts turns it into the menu.
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../shared/ipc.js';
import type { MainStrings } from './i18n.js';

/** The accelerator of the shortcut sheet, the same keys the window itself answers. */
export const SHORTCUTS_ACCELERATOR = 'CmdOrCtrl+/';

/** `send` delivers a command to the focused window. */
export function appMenuTemplate(
  strings: MainStrings,
  platform: NodeJS.Platform,
  send: (command: MenuCommand) => void,
): MenuItemConstructorOptions[] {
  const labels = strings.menu;
  const mac = platform === 'darwin';
  return [
    ...(mac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    { label: labels.file, submenu: [{ role: mac ? 'close' : 'quit' }] },
    { label: labels.edit, role: 'editMenu' },
    {
      label: labels.view,
      submenu: [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { label: labels.window, role: 'windowMenu' },
    {
      label: labels.help,
      role: 'help',
      submenu: [{ id: 'shortcuts', label: labels.shortcuts, accelerator: SHORTCUTS_ACCELERATOR, click: () => send('shortcuts') }],
    },
  ];
}
