// Shortcuts of the person's choosing, and the desktop settings around them (updates, tray, login).
import './shortcuts.css';
export { KeyboardSettings, Keys, actionKey } from './KeyboardSettings';
export { TraySettings, UpdateReady, UpdateSettings } from './DesktopSettings';
export { desktopCommand, startDesktop, useDesktop } from './desktopStore';
