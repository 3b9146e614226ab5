// The main window's view of desktop.json (shortcuts, updates, tray, login) and its actions, in a store of its own.
// Tray and quick-ask commands arrive as menu commands: a new chat, a chat to open, desktop state to read again.
import { create } from 'zustand';
import type { DesktopSettingsPatch, DesktopView } from '../../../shared/desktop';
import type { MenuCommand } from '../../../shared/ipc';
import { defaultBindings } from '../../../shared/shortcuts';
import { useAppState } from '../store/appState';

export interface DesktopState {
  view: DesktopView;
  /** Whether main's view has arrived: until then `view` holds defaults, and "not asked yet" means nothing. */
  loaded: boolean;
  /** Main's refusal of the last change (a clash it found, a write that failed), readable; null after a success. */
  error: string | null;
  load(): Promise<void>;
  update(patch: DesktopSettingsPatch): Promise<boolean>;
  checkNow(): Promise<void>;
  restart(): Promise<void>;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export const useDesktop = create<DesktopState>((set) => ({
  view: {
    settings: { updates: { enabled: null, channel: 'stable' }, launchAtLogin: false, keepInTray: false, shortcuts: defaultBindings() },
    update: { status: { kind: 'off' }, lastCheckAt: null, lastError: null },
    platform: isMac ? 'mac' : 'other',
    quickAskProblem: null,
    canUpdate: false,
  },
  loaded: false,
  error: null,
  async load() {
    const result = await window.api.getDesktop();
    if (result.ok) set({ view: result.value, loaded: true });
  },
  async update(patch) {
    const result = await window.api.updateDesktop(patch);
    set(result.ok ? { view: result.value, error: null } : { error: result.error.message });
    return result.ok;
  },
  async checkNow() {
    const result = await window.api.checkForUpdates();
    if (result.ok) set({ view: result.value });
  },
  async restart() {
    await window.api.restartToUpdate();
  },
}));

/** What a tray or quick-ask command does in the main window. */
export function desktopCommand(command: MenuCommand): void {
  if (command === 'desktop-changed') void useDesktop.getState().load();
  else if (command === 'new-chat') useAppState.getState().newChat();
  else if (command.startsWith('open-session:')) void useAppState.getState().openSession(command.slice('open-session:'.length));
}

/** Loads desktop.json and follows its commands; returns the unsubscribe function. */
export function startDesktop(): () => void {
  void useDesktop.getState().load();
  return window.api.onMenuCommand(desktopCommand);
}
