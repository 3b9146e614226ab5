import { describe, expect, it } from 'vitest';
import {
  closeAction,
  loginItem,
  moveGlobalShortcut,
  quickAskBounds,
  trayMenu,
  type GlobalShortcutPort,
} from '../../../src/main/desktop/os-decisions.js';
import { desktopStrings } from '../../../src/main/desktop/strings.js';

function fakeOs(taken: string[] = [], throwsOn: string[] = []) {
  const log: string[] = [];
  const port: GlobalShortcutPort = {
    register(accelerator) {
      log.push(`register ${accelerator}`);
      if (throwsOn.includes(accelerator)) throw new Error('conversion failure');
      return !taken.includes(accelerator);
    },
    unregister(accelerator) {
      log.push(`unregister ${accelerator}`);
    },
  };
  return { port, log };
}

describe('the global quick-ask shortcut', () => {
  it('moves from the old keys to the new ones', () => {
    const os = fakeOs();
    expect(moveGlobalShortcut(os.port, 'Alt+Space', 'cmdorctrl+shift+space', () => undefined)).toBe(true);
    expect(os.log).toEqual(['unregister Alt+Space', 'register CommandOrControl+Shift+Space']);
  });

  it('a refusal by the OS (false or a throw) is reported, not hidden', () => {
    expect(moveGlobalShortcut(fakeOs(['Alt+Space']).port, null, 'Alt+Space', () => undefined)).toBe(false);
    expect(moveGlobalShortcut(fakeOs([], ['Alt+F4']).port, null, 'Alt+F4', () => undefined)).toBe(false);
  });

  it('off unregisters and counts as accepted; a binding that is not one is refused without asking the OS', () => {
    const os = fakeOs();
    expect(moveGlobalShortcut(os.port, 'Alt+Space', null, () => undefined)).toBe(true);
    expect(moveGlobalShortcut(os.port, null, 'K', () => undefined)).toBe(false);
    expect(os.log).toEqual(['unregister Alt+Space']);
  });
});

describe('tray, closing and login', () => {
  it('closing hides into the tray only when chosen and not quitting', () => {
    expect(closeAction({ keepInTray: true }, false)).toBe('hide');
    expect(closeAction({ keepInTray: true }, true)).toBe('close');
    expect(closeAction({ keepInTray: false }, false)).toBe('close');
  });

  it("the tray menu: new chat, quick ask, show, quit — in the person's language", () => {
    expect(trayMenu(desktopStrings('en'))).toEqual([
      { command: 'new-chat', label: 'New chat' },
      { command: 'quick-ask', label: 'Quick ask' },
      { command: 'show', label: 'Show Tiny Agent' },
      'separator',
      { command: 'quit', label: 'Quit' },
    ]);
    expect(trayMenu(desktopStrings('zh-CN')).map((item) => (item === 'separator' ? '-' : item.label))).toEqual([
      '新建对话',
      '快速提问',
      '显示 Tiny Agent',
      '-',
      '退出',
    ]);
  });

  it('launch at login starts hidden', () => {
    expect(loginItem({ launchAtLogin: true })).toEqual({ openAtLogin: true, openAsHidden: true, args: ['--hidden'] });
    expect(loginItem({ launchAtLogin: false })).toEqual({ openAtLogin: false, openAsHidden: false, args: [] });
  });

  it('the quick-ask window sits centred near the top of the work area', () => {
    expect(quickAskBounds({ x: 0, y: 0, width: 1920, height: 1080 })).toEqual({ x: 640, y: 216, width: 640, height: 420 });
    expect(quickAskBounds({ x: 100, y: 0, width: 400, height: 300 })).toEqual({ x: 120, y: 60, width: 360, height: 260 });
  });
});
