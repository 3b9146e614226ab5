// Electron glue for the desktop citizen: the tray, the global quick-ask shortcut, the login item, the quick-ask
// window and the updater. Thin by design: what to do is decided in os-decisions.ts and updates/update-policy.ts.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { app, BrowserWindow, globalShortcut, Menu, nativeImage, screen, Tray } from 'electron';
import type { DesktopSettings } from '../../shared/desktop.js';
import type { DesktopCommand } from '../../shared/ipc.js';
import type { Locale } from '../../shared/settings.js';
import { createUpdateController, type UpdateController, type UpdaterPort } from '../updates/updater.js';
import type { DesktopHost } from './desktop-service.js';
import type { QuickAskHost } from './handlers.js';
import { closeAction, loginItem, moveGlobalShortcut, quickAskBounds, trayMenu } from './os-decisions.js';
import { desktopStrings } from './strings.js';
import { TRAY_ICON_PNG_BASE64 } from './tray-icon.js';

export interface ElectronDesktopOptions {
  locale(): Locale;
  /** The main window, created again when it was closed. */
  mainWindow(): BrowserWindow;
  /** A new BrowserWindow with the app's secure preferences showing the renderer's quick-ask view. */
  createQuickAskWindow(bounds: { x: number; y: number; width: number; height: number }): BrowserWindow;
  send(window: BrowserWindow, command: DesktopCommand): void;
  /** Whether the app is quitting (closing then really closes). */
  quitting(): boolean;
  /** The backup made once an update is downloaded, before it can be installed (never throws). */
  beforeUpdateInstall(): Promise<unknown>;
}

export interface ElectronDesktop {
  host: DesktopHost;
  quickAsk: QuickAskHost;
  /** Hooks a main window's close to the keep-in-tray setting. */
  watchMainWindow(window: BrowserWindow): void;
}

export function createElectronDesktop(options: ElectronDesktopOptions): ElectronDesktop {
  let settings: DesktopSettings | undefined;
  let registered: string | null = null;
  let tray: Tray | undefined;
  let quickAskWindow: BrowserWindow | undefined;

  const showMain = (): BrowserWindow => {
    const window = options.mainWindow();
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    return window;
  };

  const toggleQuickAsk = () => {
    if (quickAskWindow && !quickAskWindow.isDestroyed() && quickAskWindow.isVisible()) {
      quickAskWindow.hide();
      return;
    }
    if (!quickAskWindow || quickAskWindow.isDestroyed()) {
      const display = screen.getDisplayNearestPoint(screen.getCursorScreenPoint());
      quickAskWindow = options.createQuickAskWindow(quickAskBounds(display.workArea));
      quickAskWindow.setAlwaysOnTop(true, 'floating');
      quickAskWindow.on('blur', () => quickAskWindow?.hide());
    }
    quickAskWindow.show();
    quickAskWindow.focus();
  };

  const installTray = () => {
    const strings = desktopStrings(options.locale());
    tray ??= new Tray(nativeImage.createFromDataURL(`data:image/png;base64,${TRAY_ICON_PNG_BASE64}`));
    tray.setToolTip(strings.tray.tooltip);
    const run = {
      'new-chat': () => options.send(showMain(), 'new-chat'),
      'quick-ask': toggleQuickAsk,
      show: () => void showMain(),
      quit: () => app.quit(),
    };
    tray.setContextMenu(
      Menu.buildFromTemplate(
        trayMenu(strings).map((item) =>
          item === 'separator' ? { type: 'separator' as const } : { label: item.label, click: run[item.command] },
        ),
      ),
    );
  };

  let updates: UpdateController | undefined;
  // A build names its feed in app-update.yml beside the archive; one built without a feed has none and cannot update.
  if (app.isPackaged && existsSync(join(process.resourcesPath, 'app-update.yml'))) {
    const strings = () => desktopStrings(options.locale());
    updates = createUpdateController({
      // Loaded only when a check is due: while updates are off, electron-updater is never required.
      createUpdater: () => (createRequire(import.meta.url)('electron-updater') as { autoUpdater: UpdaterPort }).autoUpdater,
      // Off until DesktopService applies desktop.json (it does so as it opens).
      prefs: { enabled: null, channel: 'stable' },
      now: () => Date.now(),
      setTimer: (run, ms) => {
        const timer = setTimeout(run, Math.min(ms, 2 ** 31 - 1));
        return { cancel: () => clearTimeout(timer) };
      },
      onState: () => {
        for (const window of BrowserWindow.getAllWindows()) if (!window.isDestroyed()) options.send(window, 'desktop-changed');
      },
      describeError: (error) => strings().updateFailed(error.message.split('\n')[0] ?? ''),
      beforeInstall: () => options.beforeUpdateInstall(),
    });
  }

  const host: DesktopHost = {
    platform: process.platform === 'darwin' ? 'mac' : 'other',
    updates,
    apply(next) {
      settings = next;
      installTray();
      app.setLoginItemSettings(loginItem(next));
      const accepted = moveGlobalShortcut(globalShortcut, registered, next.shortcuts.quickAsk, toggleQuickAsk);
      registered = accepted ? next.shortcuts.quickAsk : null;
      return { quickAskAccepted: accepted };
    },
  };

  return {
    host,
    quickAsk: {
      openInApp(sessionId) {
        quickAskWindow?.hide();
        options.send(showMain(), `open-session:${sessionId}`);
        return true;
      },
      hide: () => quickAskWindow?.hide(),
    },
    watchMainWindow(window) {
      window.on('close', (event) => {
        if (settings && closeAction(settings, options.quitting()) === 'hide') {
          event.preventDefault();
          window.hide();
        }
      });
    },
  };
}
