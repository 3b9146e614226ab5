// The IPC handlers of the desktop channels: settings and updates through DesktopService, the quick-ask window's
// moves through the host (absent in the browser harness: nothing to move, the view stays where it is).
import type { InvokeHandlers } from '../ipc/router.js';
import type { DesktopService } from './desktop-service.js';

/** What only the Electron glue can do with windows. */
export interface QuickAskHost {
  /** Shows the main window with `sessionId` open and hides the quick-ask window; false when there is no main window. */
  openInApp(sessionId: string): boolean;
  hide(): void;
}

export type DesktopHandlers = Pick<
  InvokeHandlers,
  'getDesktop' | 'updateDesktop' | 'checkForUpdates' | 'restartToUpdate' | 'quickAskOpenInApp' | 'hideQuickAsk'
>;

export function desktopHandlers(
  desktop: DesktopService,
  quickAsk: QuickAskHost | undefined,
  updates: () => DesktopUpdates | undefined,
): DesktopHandlers {
  return {
    getDesktop: () => desktop.view(),
    updateDesktop: (patch) => desktop.update(patch),
    checkForUpdates: async () => {
      await updates()?.checkNow();
      return desktop.view();
    },
    restartToUpdate: async () => (await updates()?.restartToUpdate()) ?? false,
    quickAskOpenInApp: ({ sessionId }) => ({ moved: quickAsk?.openInApp(sessionId) ?? false }),
    hideQuickAsk: () => quickAsk?.hide(),
  };
}

interface DesktopUpdates {
  checkNow(): Promise<void>;
  restartToUpdate(): Promise<boolean>;
}
