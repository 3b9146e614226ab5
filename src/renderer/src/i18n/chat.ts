// Strings of the conversation view: messages, markdown, reasoning, scrolling. Same keys in both locales.
const en = {
  'chat.copy': 'Copy',
} as const;

export const chatStrings: { en: typeof en; 'zh-CN': Record<keyof typeof en, string> } = {
  en,
  'zh-CN': {
    'chat.copy': '复制',
  },
};
