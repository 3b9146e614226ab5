// App-wide keyboard shortcuts, as the person bound them in Settings → Keyboard (defaults: Ctrl/Cmd+N new chat, Ctrl/Cmd+, settings, Ctrl/Cmd+Shift+C copy the last answer,
// Ctrl/Cmd+K search every chat, Ctrl/Cmd+F find in the open chat, Ctrl/Cmd+/ the shortcut sheet),
// Escape stops the running answer (unless something focused already used the key, e.g. a dialog or a rename box).
import { useEffect } from 'react';
import { useAppState } from '../store/appState';
import { matchesBinding, type KeyPress, type ShortcutAction } from '../../../shared/shortcuts';
import { useDesktop } from '../shortcuts/desktopStore';

/** Whether the key press is the person's binding for `action` (Settings → Keyboard). */
function pressed(action: ShortcutAction, event: KeyPress): boolean {
  const { settings, platform } = useDesktop.getState().view;
  return matchesBinding(settings.shortcuts[action], event, platform);
}

export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const state = useAppState.getState();
      const mod = event.ctrlKey || event.metaKey;
      if (pressed('newChat', event) && !state.settingsOpen) {
        event.preventDefault();
        state.newChat();
      } else if (pressed('settings', event)) {
        event.preventDefault();
        state.setSettingsOpen(true);
      } else if (pressed('search', event) && !state.settingsOpen) {
        event.preventDefault();
        state.setSearchOpen(true);
      } else if (pressed('find', event) && !state.settingsOpen && !state.searchOpen) {
        event.preventDefault();
        if (state.findOpen) document.getElementById('find-input')?.focus();
        else state.setFindOpen(true);
      } else if (pressed('help', event)) {
        event.preventDefault();
        state.setShortcutsOpen(true);
      } else if (pressed('copyAnswer', event)) {
        event.preventDefault();
        void state.copyLastAnswer();
      } else if (event.key === 'Escape' && !mod && state.isTyping && !state.settingsOpen) {
        event.preventDefault();
        void state.stop();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
