// The keyboard shortcut sheet (Ctrl/Cmd+/ or the header's "?").
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
