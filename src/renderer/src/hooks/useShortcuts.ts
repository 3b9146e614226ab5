// App-wide keyboard shortcuts: Ctrl/Cmd+N new chat, Ctrl/Cmd+, settings, Ctrl/Cmd+Shift+C copy the last answer,
// Ctrl/Cmd+K search every chat, Ctrl/Cmd+F find in the open chat, Ctrl/Cmd+/ the shortcut sheet,
// Escape stops the running answer (unless something focused already used the key, e.g. a dialog or a rename box).
import { useEffect } from 'react';
import { useAppState } from '../store/appState';

export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const state = useAppState.getState();
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && !event.shiftKey && !event.altKey && key === 'n' && !state.settingsOpen) {
        event.preventDefault();
        state.newChat();
      } else if (mod && !event.altKey && key === ',') {
        event.preventDefault();
        state.setSettingsOpen(true);
      } else if (mod && !event.shiftKey && !event.altKey && key === 'k' && !state.settingsOpen) {
        event.preventDefault();
        state.setSearchOpen(true);
      } else if (mod && !event.shiftKey && !event.altKey && key === 'f' && !state.settingsOpen && !state.searchOpen) {
        event.preventDefault();
        if (state.findOpen) document.getElementById('find-input')?.focus();
        else state.setFindOpen(true);
      } else if (mod && !event.altKey && key === '/') {
        event.preventDefault();
        state.setShortcutsOpen(true);
      } else if (mod && event.shiftKey && !event.altKey && key === 'c') {
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
