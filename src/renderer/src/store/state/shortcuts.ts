// Contract of the shortcuts slice: whether the keyboard shortcut sheet is open.

export interface ShortcutsSlice {
  shortcutsOpen: boolean;
  setShortcutsOpen(open: boolean): void;
}
