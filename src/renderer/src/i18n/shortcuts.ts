// Strings of the keyboard shortcut sheet. Same keys in both locales.
const en = {
  'shortcuts.title': 'Keyboard shortcuts',
  'shortcuts.open': 'Keyboard shortcuts',
  'shortcuts.close': 'Close',
  'shortcuts.newChat': 'New chat',
  'shortcuts.search': 'Search every chat',
  'shortcuts.find': 'Find in this chat',
  'shortcuts.settings': 'Settings',
  'shortcuts.copyAnswer': 'Copy the last answer',
  'shortcuts.help': 'Show this sheet',
  'shortcuts.send': 'Send',
  'shortcuts.newLine': 'New line',
  'shortcuts.stop': 'Stop the answer',
  'shortcuts.steer': 'While it answers: steer the answer with your message',
  'shortcuts.followUp': 'While it answers: queue your message as a follow-up',
} as const;

const zhCN: Record<keyof typeof en, string> = {
  'shortcuts.title': '键盘快捷键',
  'shortcuts.open': '键盘快捷键',
  'shortcuts.close': '关闭',
  'shortcuts.newChat': '新建对话',
  'shortcuts.search': '搜索所有对话',
  'shortcuts.find': '在当前对话中查找',
  'shortcuts.settings': '设置',
  'shortcuts.copyAnswer': '复制最后一个回答',
  'shortcuts.help': '显示本快捷键表',
  'shortcuts.send': '发送',
  'shortcuts.newLine': '换行',
  'shortcuts.stop': '停止回答',
  'shortcuts.steer': '回答进行中：用你的消息引导当前回答',
  'shortcuts.followUp': '回答进行中：把你的消息作为追问排队',
};

export const shortcutStrings = { en, 'zh-CN': zhCN };
