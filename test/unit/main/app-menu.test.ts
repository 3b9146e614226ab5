// The application menu's template: the platform's usual menus, and Help › Keyboard shortcuts on Ctrl/Cmd+/ sending
// the command that opens the shortcut sheet, labelled in the settings' language.
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { appMenuTemplate, SHORTCUTS_ACCELERATOR } from '../../../src/main/app-menu.js';
import { mainStrings } from '../../../src/main/i18n.js';
import type { MenuCommand } from '../../../src/shared/ipc.js';

function shortcutsItem(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions {
  const help = template.find((menu) => menu.role === 'help')!;
  return (help.submenu as MenuItemConstructorOptions[]).find((item) => item.id === 'shortcuts')!;
}

describe('application menu', () => {
  it('Help › Keyboard shortcuts answers Ctrl/Cmd+/ and asks the window to open the sheet', () => {
    const sent: MenuCommand[] = [];
    const template = appMenuTemplate(mainStrings('en'), 'linux', (command) => sent.push(command));
    expect(template.map((menu) => menu.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    const item = shortcutsItem(template);
    expect(item.label).toBe('Keyboard shortcuts');
    expect(item.accelerator).toBe(SHORTCUTS_ACCELERATOR);
    expect(SHORTCUTS_ACCELERATOR).toBe('CmdOrCtrl+/');
    (item.click as () => void)();
    expect(sent).toEqual(['shortcuts']);
  });

  it('is labelled in Chinese, and starts with the app menu on macOS', () => {
    const template = appMenuTemplate(mainStrings('zh-CN'), 'darwin', () => {});
    expect(template[0]!.role).toBe('appMenu');
    expect(template.slice(1).map((menu) => menu.label)).toEqual(['文件', '编辑', '视图', '窗口', '帮助']);
    expect(shortcutsItem(template).label).toBe('键盘快捷键');
  });
});
