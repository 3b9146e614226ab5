// What the Electron glue does with the OS, decided here without Electron: registering the quick-ask shortcut
// (and what counts as a refusal), what closing the main window does, the tray's menu and the login item.
import type { DesktopSettings } from '../../shared/desktop.js';
import { normalizeAccelerator } from '../../shared/shortcuts.js';
import type { DesktopStrings } from './strings.js';

/** Electron's globalShortcut, as much as this needs. */
export interface GlobalShortcutPort {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

/**
 * Moves the global quick-ask shortcut from `previous` to `next`. Answers whether `next` is active: false when the
 * OS refused it (register answered false, or threw on an accelerator it does not take). Off (null) is accepted.
 */
export function moveGlobalShortcut(port: GlobalShortcutPort, previous: string | null, next: string | null, run: () => void): boolean {
  const target = next === null ? null : normalizeAccelerator(next);
  if (previous !== null) port.unregister(previous);
  if (target === null) return next === null;
  try {
    return port.register(target, run);
  } catch {
    return false;
  }
}

/** Closing the main window: hide it into the tray when the person chose so (and the app is not quitting). */
export function closeAction(settings: Pick<DesktopSettings, 'keepInTray'>, quitting: boolean): 'hide' | 'close' {
  return settings.keepInTray && !quitting ? 'hide' : 'close';
}

export type TrayCommand = 'new-chat' | 'quick-ask' | 'show' | 'quit';

/** The tray icon's menu, in the person's language. */
export function trayMenu(strings: DesktopStrings): Array<{ command: TrayCommand; label: string } | 'separator'> {
  return [
    { command: 'new-chat', label: strings.tray.newChat },
    { command: 'quick-ask', label: strings.tray.quickAsk },
    { command: 'show', label: strings.tray.show },
    'separator',
    { command: 'quit', label: strings.tray.quit },
  ];
}

/** The login item Electron is told: start hidden in the tray when launched at login. */
export function loginItem(settings: Pick<DesktopSettings, 'launchAtLogin'>): {
  openAtLogin: boolean;
  openAsHidden: boolean;
  args: string[];
} {
  return { openAtLogin: settings.launchAtLogin, openAsHidden: settings.launchAtLogin, args: settings.launchAtLogin ? ['--hidden'] : [] };
}

/** Where the quick-ask window sits: top centre of the work area the cursor is on, a fifth of the way down. */
export function quickAskBounds(workArea: { x: number; y: number; width: number; height: number }): {
  x: number;
  y: number;
  width: number;
  height: number;
} {
  const width = Math.min(640, Math.max(360, workArea.width - 40));
  const height = Math.min(420, Math.max(240, workArea.height - 40));
  return { x: Math.round(workArea.x + (workArea.width - width) / 2), y: Math.round(workArea.y + workArea.height / 5), width, height };
}
