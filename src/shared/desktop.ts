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

export type DesktopSettingsPatch = Partial<Omit<DesktopSettings, 'updates'>> & { updates?: Partial<UpdatePrefs> };

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
