// The keyboard shortcut sheet (Ctrl/Cmd+/, the header's "?" or Help › Keyboard shortcuts in the application menu).
import type { StateCreator } from 'zustand';
import type { MenuCommand } from '../../../shared/ipc';
import type { AppState, ShortcutsSlice } from './state';

export function shortcutsInitial(): Pick<ShortcutsSlice, 'shortcutsOpen'> {
  return { shortcutsOpen: false };
}

export const createShortcutsSlice: StateCreator<AppState, [], [], ShortcutsSlice> = (set) => ({
  ...shortcutsInitial(),
  setShortcutsOpen: (open) => set({ shortcutsOpen: open }),
});

/** What an application menu command changes: "Keyboard shortcuts" opens the sheet (it stays open if it is). */
export function menuCommandEffect(command: MenuCommand): Partial<ShortcutsSlice> {
  return command === 'shortcuts' ? { shortcutsOpen: true } : {};
}
