// Strings of the sidebar's keyboard model. Same keys in both locales.
const en = {
  'sidebar.keysHint':
    'Up and Down arrows move between chats and Enter opens one. Right arrow reaches pin, rename and delete; F2 renames and Delete deletes the chat in focus.',
} as const;

const zhCN: Record<keyof typeof en, string> = {
  'sidebar.keysHint': '上下方向键在对话之间移动，回车打开对话。右方向键可到达置顶、重命名和删除；F2 重命名、Delete 删除当前聚焦的对话。',
};

export const restoreStrings = { en, 'zh-CN': zhCN };
