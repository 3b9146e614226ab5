// Words the desktop layer says to people (both languages): a shortcut the OS refused, a binding that clashes, a
// failed update check.
import type { Locale } from '../../shared/settings.js';
import type { ShortcutAction } from '../../shared/shortcuts.js';

export interface DesktopStrings {
  action: Record<ShortcutAction, string>;
  /** The OS or another app holds the global shortcut. */
  shortcutRefused(keys: string): string;
  shortcutTaken(keys: string, other: ShortcutAction): string;
  shortcutReserved(keys: string): string;
  shortcutInvalid(keys: string): string;
  updateFailed(detail: string): string;
  tray: { newChat: string; quickAsk: string; show: string; quit: string; tooltip: string };
}

const en: DesktopStrings = {
  action: {
    newChat: 'New chat',
    search: 'Search every chat',
    find: 'Find in this chat',
    settings: 'Settings',
    copyAnswer: 'Copy the last answer',
    help: 'Show this sheet',
    quickAsk: 'Quick ask (from anywhere)',
  },
  shortcutRefused: (keys) =>
    `The system did not give Tiny Agent ${keys}: another app or the system uses it. Choose other keys in Settings → Keyboard.`,
  shortcutTaken: (keys, other) => `${keys} is already used by “${en.action[other]}”.`,
  shortcutReserved: (keys) => `${keys} is kept for typing and editing; choose other keys.`,
  shortcutInvalid: (keys) => `“${keys}” is not a shortcut: use a key with Ctrl, Alt or ⌘.`,
  updateFailed: (detail) => `Could not check for updates: ${detail}`,
  tray: { newChat: 'New chat', quickAsk: 'Quick ask', show: 'Show Tiny Agent', quit: 'Quit', tooltip: 'Tiny Agent' },
};

const zh: DesktopStrings = {
  action: {
    newChat: '新建对话',
    search: '搜索所有对话',
    find: '在当前对话中查找',
    settings: '设置',
    copyAnswer: '复制最后一个回答',
    help: '显示本快捷键表',
    quickAsk: '快速提问（任何地方）',
  },
  shortcutRefused: (keys) => `系统没有把 ${keys} 交给 Tiny Agent：其他应用或系统正在使用它。请在 设置 → 键盘 中换一组按键。`,
  shortcutTaken: (keys, other) => `${keys} 已被“${zh.action[other]}”使用。`,
  shortcutReserved: (keys) => `${keys} 留给输入和编辑使用，请换一组按键。`,
  shortcutInvalid: (keys) => `“${keys}”不是快捷键：请搭配 Ctrl、Alt 或 ⌘ 使用。`,
  updateFailed: (detail) => `检查更新失败：${detail}`,
  tray: { newChat: '新建对话', quickAsk: '快速提问', show: '显示 Tiny Agent', quit: '退出', tooltip: 'Tiny Agent' },
};

export function desktopStrings(locale: Locale): DesktopStrings {
  return locale === 'zh-CN' ? zh : en;
}
