// The desktop side of the app as the renderer sees it: update preferences and state, the tray, launch at login and
// the person's shortcuts. Stored by main in `desktop.json` in the data folder; nothing here is ever sent anywhere.
import type { ShortcutBindings } from './shortcuts.js';

export type UpdateChannel = 'stable' | 'beta';

/** `enabled: null` means the person has not been asked yet (the welcome panel asks once); null is treated as off. */
export interface UpdatePrefs {
  enabled: boolean | null;
  channel: UpdateChannel;
}

export interface DesktopSettings {
  updates: UpdatePrefs;
  /** Start Tiny Agent when the person logs in. */
  launchAtLogin: boolean;
  /** Closing the main window keeps the app running in the tray instead of quitting. */
  keepInTray: boolean;
  shortcuts: ShortcutBindings;
}

export type DesktopSettingsPatch = Partial<Omit<DesktopSettings, 'updates' | 'shortcuts'>> & {
  updates?: Partial<UpdatePrefs>;
  /** Only the actions named change; null turns one off. */
  shortcuts?: Partial<ShortcutBindings>;
};

/**
 * Where updating stands. `ready` is what shows "Restart to update" (`update-ready`). A failed check or download
 * leaves the state where it was before it started and only records `lastError`.
 */
export type UpdateStatus =
  | { kind: 'off' }
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'downloading'; version: string; notes: string; percent: number }
  | { kind: 'ready'; version: string; notes: string };

export interface UpdateState {
  status: UpdateStatus;
  /** When the last check finished (ms since epoch), or null. */
  lastCheckAt: number | null;
  /** Readable reason of the last failure (feed down, checksum refused), or null. */
  lastError: string | null;
}

/** What Settings and the quick-ask window read: the settings, where updating stands, and what the OS refused. */
export interface DesktopView {
  settings: DesktopSettings;
  update: UpdateState;
  /** 'mac' prints ⌘ ⌥; 'other' prints Ctrl Alt. */
  platform: 'mac' | 'other';
  /** Why the quick-ask shortcut is not active (the OS or another app holds it), readable; null when it is. */
  quickAskProblem: string | null;
  /** Whether this build can update itself (a packaged app with a feed); false in development and tests. */
  canUpdate: boolean;
}
