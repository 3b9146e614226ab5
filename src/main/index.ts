// Electron glue: app lifecycle, the secure main window, and the IPC binding. Everything else lives in app-core.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, safeStorage, session, shell, type WebContents } from 'electron';
import { INVOKE_CHANNELS, MENU_COMMAND_CHANNEL, SESSION_EVENT_CHANNEL, type MenuCommand } from '../shared/ipc.js';
import { createAppCore, type AppCore, type AppCoreOptions } from './app-core.js';
import { appMenuTemplate } from './app-menu.js';
import { mainStrings } from './i18n.js';
import { isSafeExternalUrl } from './security/external-links.js';
import type { FileDialogs } from './transfer/index.js';
import { secureWebPreferences } from './window-options.js';
import { createElectronDesktop, type ElectronDesktop } from './desktop/electron-desktop.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const preloadPath = join(here, '../preload/index.cjs');
const rendererUrl = process.env.ELECTRON_RENDERER_URL;
const rendererFile = join(here, '../renderer/index.html');

let core: AppCore | undefined;
let desktop: ElectronDesktop | undefined;
let mainWindow: BrowserWindow | undefined;
/** Launched at login: start in the tray, no window shown. */
const startHidden = process.argv.includes('--hidden');

app.enableSandbox();

/** Is `url` the app's own page (dev server or the built file)? */
function isAppUrl(url: string): boolean {
  if (rendererUrl) return URL.canParse(url) && new URL(url).origin === new URL(rendererUrl).origin;
  return url.startsWith('file://') && decodeURIComponent(new URL(url).pathname).endsWith('/renderer/index.html');
}

function hardenContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1180,
    height: 800,
    minWidth: 360,
    minHeight: 480,
    show: false,
    title: 'Tiny Agent',
    webPreferences: secureWebPreferences(preloadPath),
  });
  hardenContents(window.webContents);
  // Only the first window of a launch at login stays in the tray; one opened later from the tray shows.
  const hidden = startHidden && !mainWindow;
  window.once('ready-to-show', () => {
    if (!hidden) window.show();
  });
  if (rendererUrl) void window.loadURL(rendererUrl);
  else void window.loadFile(rendererFile);
  desktop?.watchMainWindow(window);
  return window;
}

/** The small always-on-top quick-ask window: the same renderer, its `#quick-ask` view. */
function createQuickAskWindow(bounds: { x: number; y: number; width: number; height: number }): BrowserWindow {
  const window = new BrowserWindow({
    ...bounds,
    show: false,
    frame: false,
    resizable: false,
    skipTaskbar: true,
    title: 'Tiny Agent',
    webPreferences: secureWebPreferences(preloadPath),
  });
  hardenContents(window.webContents);
  if (rendererUrl) void window.loadURL(`${rendererUrl}#quick-ask`);
  else void window.loadFile(rendererFile, { hash: 'quick-ask' });
  return window;
}

/** The application menu in the settings' language; its commands go to the focused window. */
function installMenu(appCore: AppCore): void {
  const send = (command: MenuCommand) => {
    const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows().find((w) => !w.isDestroyed());
    window?.webContents.send(MENU_COMMAND_CHANNEL, command);
  };
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(mainStrings(appCore.settings.locale()), process.platform, send)));
}

async function start(): Promise<void> {
  await app.whenReady();
  // The app uses no camera, microphone, geolocation, notifications or any other permission.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  desktop = createElectronDesktop({
    locale: () => core?.settings.locale() ?? 'en',
    mainWindow: () => {
      if (!mainWindow || mainWindow.isDestroyed()) mainWindow = createWindow();
      return mainWindow;
    },
    createQuickAskWindow,
    send: (window, command) => window.webContents.send(MENU_COMMAND_CHANNEL, command),
    quitting: () => quitting,
    beforeUpdateInstall: async () => core?.backups?.beforeUpdate(),
  });
  const coreOptions: AppCoreOptions = {
    desktopHost: desktop.host,
    quickAskHost: desktop.quickAsk,
    dataDir: process.env.TINY_AGENT_DATA_DIR || app.getPath('userData'),
    env: process.env,
    systemLocale: app.getLocale(),
    secrets: safeStorage,
    emit: (envelope) => {
      for (const window of BrowserWindow.getAllWindows()) {
        if (!window.isDestroyed()) window.webContents.send(SESSION_EVENT_CHANNEL, envelope);
      }
    },
    openExternal: (url) => shell.openExternal(url),
    openPath: (file) => shell.openPath(file),
    dialogs: fileDialogs,
    // A restore: this core lets the folder go, the files are replaced, a new core takes over and the window reloads.
    reopen: async (between) => {
      const old = core!;
      await old.dispose();
      try {
        await between();
      } finally {
        core = await createAppCore(coreOptions);
        installMenu(core);
        // After the restore's answer has gone out: the window then loads the restored sessions from the new core.
        setTimeout(() => {
          for (const window of BrowserWindow.getAllWindows()) if (!window.isDestroyed()) window.webContents.reload();
        }, 0);
      }
    },
  };
  core = await createAppCore(coreOptions);
  for (const channel of core.router.channels) {
    ipcMain.handle(channel, (event, payload: unknown) => {
      // Only our own page may call main.
      const frameUrl = event.senderFrame?.url ?? '';
      if (!isAppUrl(frameUrl)) return { ok: false, error: { code: 'invalid_input', message: 'Unknown sender' } };
      const answer = core!.router.handle(channel, payload);
      // A language change renames the menu too.
      if (channel === INVOKE_CHANNELS.updateSettings) void answer.then(() => installMenu(core!));
      return answer;
    });
  }
  installMenu(core);
  // Background work waits for the renderer's `windowPainted`, sent once its sidebar has painted.
  mainWindow = createWindow();
  app.on('activate', () => {
    if (!mainWindow || mainWindow.isDestroyed()) mainWindow = createWindow();
    else mainWindow.show();
  });
}

/** The system save/open dialogs, attached to the focused window (the one whose button asked). */
const fileDialogs: FileDialogs = {
  async chooseSavePath({ title, defaultName, filters }) {
    const options = { title, defaultPath: join(app.getPath('documents'), defaultName), filters };
    const window = BrowserWindow.getFocusedWindow();
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled ? undefined : result.filePath;
  },
  async chooseFolder({ title }) {
    const options = { title, properties: ['openDirectory' as const, 'createDirectory' as const] };
    const window = BrowserWindow.getFocusedWindow();
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? undefined : result.filePaths[0];
  },
  async chooseOpenPaths({ title }) {
    const options = { title, properties: ['openFile' as const, 'multiSelections' as const] };
    const window = BrowserWindow.getFocusedWindow();
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? undefined : result.filePaths;
  },
  async chooseOpenPath({ title, filters }) {
    const options = { title, filters, properties: ['openFile' as const] };
    const window = BrowserWindow.getFocusedWindow();
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? undefined : result.filePaths[0];
  },
};

/** Brings the existing window to the front (a second launch lands here). */
function focusWindow(): void {
  const window = BrowserWindow.getAllWindows().find((w) => !w.isDestroyed());
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

app.on('web-contents-created', (_event, contents) => hardenContents(contents));
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || !core) return;
  // Let running answers stop and committed runs finish flushing before the process exits.
  event.preventDefault();
  quitting = true;
  void core.dispose().finally(() => app.quit());
});

// One instance per profile: a second launch focuses the first window and exits. (Two profiles on one data folder are
// stopped by the data-folder lock in app-core, whose window then says so.)
if (!app.requestSingleInstanceLock()) {
  app.exit(0);
} else {
  app.on('second-instance', focusWindow);
  void start().catch((error: unknown) => {
    console.error('[tiny-agent] failed to start', error);
    app.exit(1);
  });
}
