// The app as a desktop citizen: its settings file, the tray / quick-ask / login decisions, and their words.
export { DesktopService, type DesktopHost } from './desktop-service.js';
export { DESKTOP_FILE, defaultDesktopSettings, desktopPatchSchema, parseDesktopFile } from './desktop-file.js';
export { desktopStrings, type DesktopStrings } from './strings.js';
