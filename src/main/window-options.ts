// The main window's security-relevant settings, kept in one place so a test can check them.
import type { BrowserWindowConstructorOptions } from 'electron';

/** webPreferences of every renderer window: isolated, sandboxed, no Node, web security on, no webviews. */
export function secureWebPreferences(preloadPath: string): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}
