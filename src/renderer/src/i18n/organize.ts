// Strings of pinning and the sidebar's date sections. Same keys in both locales.
const en = {
  'sidebar.pin': 'Pin “{name}”',
  'sidebar.unpin': 'Unpin “{name}”',
  'group.pinned': 'Pinned',
  'group.today': 'Today',
  'group.yesterday': 'Yesterday',
  'group.week': 'Previous 7 days',
  'group.month': 'Previous 30 days',
} as const;

const zhCN: Record<keyof typeof en, string> = {
  'sidebar.pin': '置顶“{name}”',
  'sidebar.unpin': '取消置顶“{name}”',
  'group.pinned': '已置顶',
  'group.today': '今天',
  'group.yesterday': '昨天',
  'group.week': '过去 7 天',
  'group.month': '过去 30 天',
};

export const organizeStrings = { en, 'zh-CN': zhCN };
