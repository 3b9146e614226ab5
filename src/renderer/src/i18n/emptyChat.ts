// Strings of a new chat before its first message: what to do, and the few keys worth knowing. Same keys in both locales.
const en = {
  'emptyChat.title': 'What would you like to ask?',
  'emptyChat.intro': 'Type below and press Enter. The answer appears here as the model writes it.',
  'emptyChat.tips': 'Good to know',
  'emptyChat.attach': 'Attach pictures and text files with the paper clip, or drop them here',
  'emptyChat.allShortcuts': 'Every keyboard shortcut',
} as const;

export const emptyChatStrings: { en: typeof en; 'zh-CN': Record<keyof typeof en, string> } = {
  en,
  'zh-CN': {
    'emptyChat.title': '想问点什么？',
    'emptyChat.intro': '在下方输入，按 Enter 发送。模型一边写，回答就一边显示在这里。',
    'emptyChat.tips': '小提示',
    'emptyChat.attach': '用回形针添加图片和文本文件，也可以直接拖到这里',
    'emptyChat.allShortcuts': '查看全部键盘快捷键',
  },
};
