// The keyboard shortcut sheet (Ctrl/Cmd+/, the header's "?" or Help › Keyboard shortcuts in the application menu).
import type { MenuCommand } from '../../../shared/ipc';
export interface ShortcutsData {
  shortcutsOpen: boolean;
}

export interface ShortcutsActions {
  setShortcutsOpen(open: boolean): void;
}

export function shortcutsInitial(): ShortcutsData {
  return { shortcutsOpen: false };
}

export function createShortcutsActions(set: (patch: Partial<ShortcutsData>) => void): ShortcutsActions {
  return { setShortcutsOpen: (open) => set({ shortcutsOpen: open }) };
}

/** What an application menu command changes: "Keyboard shortcuts" opens the sheet (it stays open if it is). */
export function menuCommandEffect(command: MenuCommand): Partial<ShortcutsData> {
  return command === 'shortcuts' ? { shortcutsOpen: true } : {};
}
