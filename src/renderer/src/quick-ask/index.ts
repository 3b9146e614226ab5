// The quick-ask window's view: a small chat opened from the tray or the global shortcut.
export { QuickAsk } from './QuickAsk';
export { useQuickAsk } from './quickAskStore';

/** Whether this page is the quick-ask window (main loads the renderer with `#quick-ask`). */
export function isQuickAskView(hash: string = window.location.hash): boolean {
  return hash === '#quick-ask';
}
